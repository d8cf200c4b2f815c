/**
 * `parity --record FILE`: the service's answers, as a file a merchant can attach to a bug report.
 * Secrets are redacted (`redactSecrets`, with the run's key and token), and personal data (names,
 * CPF/CNPJ, PIX keys, e-mail addresses, phones, the BR Code) replaced by placeholders of the same
 * form, so that the file keeps every shape and no one's data. `--answers-from FILE` reads it back.
 */
import { writeFileSync } from 'node:fs';
import { redactSecrets } from '../../schemas/redact.js';
import type { Side } from './answers.js';
import type { ProbeAnswer } from './compare.js';
import type { Probe } from './probes.js';
import { shownUrl } from './report.js';

/** The format of a recording, first in the file. */
export const RECORDING_FORMAT = 'pix-payments-parity-recording/1';

/** One recorded answer. */
export interface RecordedAnswer {
  probe: string;
  method: string;
  target: string;
  status: number;
  /** The headers a parity run compares; `x-request-id` as `sent`, never its value. */
  headers: Record<string, string>;
  kind: ProbeAnswer['kind'];
  body?: unknown;
}

/** A recording: the service's answers to one parity run. */
export interface Recording {
  format: typeof RECORDING_FORMAT;
  baseUrl: string;
  answers: RecordedAnswer[];
}

const NAME_FIELDS = /^(client|payer|receiver|holder|owner|customer|beneficiary)?_?name$/i;
const DOCUMENT_FIELDS = /(cpf|cnpj|document|tax_?id)$/i;
const PHONE_FIELDS = /phone$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;
const PLACEHOLDER_CPF = '11144477735';
const PLACEHOLDER_CNPJ = '11222333000181';

/** `value`'s digits replaced by `digits`, in order, its other characters kept (`529.982.247-25`). */
function sameForm(value: string, digits: string): string {
  let next = 0;
  return value.replace(/\d/g, () => digits[next++ % digits.length] as string);
}

/** A placeholder of a document of the same form: a valid CPF for 11 digits, a valid CNPJ for 14. */
function placeholderDocument(value: string): string {
  const count = value.replace(/\D/g, '').length;
  if (count === 11) return sameForm(value, PLACEHOLDER_CPF);
  if (count === 14) return sameForm(value, PLACEHOLDER_CNPJ);
  return sameForm(value, '9');
}

/** A PIX key's placeholder of the same type: e-mail, phone, CPF, CNPJ or random key (EVP). */
function placeholderPixKey(value: string): string {
  if (EMAIL.test(value)) return 'pessoa@example.com';
  if (UUID.test(value)) return '00000000-0000-4000-8000-000000000000';
  if (value.startsWith('+')) return sameForm(value, '5511999999999');
  return placeholderDocument(value);
}

/** One string value with its personal data replaced, by its field's name and its own form. */
function placeholderOf(field: string, value: string): string {
  if (field === 'pixKey') return placeholderPixKey(value);
  if (field === 'pixCode')
    return '00020126580014br.gov.bcb.pix0136placeholder-of-the-recorded-br-code6304ABCD';
  if (NAME_FIELDS.test(field)) return 'Fulano de Tal';
  if (DOCUMENT_FIELDS.test(field)) return placeholderDocument(value);
  if (PHONE_FIELDS.test(field)) return sameForm(value, '9');
  if (EMAIL.test(value)) return 'pessoa@example.com';
  return value;
}

/**
 * `value` with personal data replaced by placeholders of the same form, at any depth.
 * @example withoutPersonalData({ clientCpf: '529.982.247-25' }) // { clientCpf: '111.444.777-35' }
 */
export function withoutPersonalData(value: unknown, field = ''): unknown {
  if (typeof value === 'string') return placeholderOf(field, value);
  if (Array.isArray(value)) return value.map((item) => withoutPersonalData(item, field));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, withoutPersonalData(inner, key)]),
    );
  return value;
}

/** The headers kept: the media type and retry-after as sent, x-request-id's presence only. */
function recordedHeaders(headers: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  if (headers['content-type'] !== undefined) kept['content-type'] = headers['content-type'];
  if (headers['retry-after'] !== undefined) kept['retry-after'] = headers['retry-after'];
  if (headers['x-request-id'] !== undefined) kept['x-request-id'] = 'sent';
  return kept;
}

/**
 * The recorded answers as a side of a parity run (./answers.ts): each probe answered as the
 * service answered it when recorded.
 */
export function recordedSide(recording: Recording): Side {
  return async (probe) => {
    const answer = recording.answers.find((recorded) => recorded.probe === probe.name);
    if (answer === undefined) return { status: 0, headers: {}, body: undefined, kind: 'none' };
    return { status: answer.status, headers: answer.headers, body: answer.body, kind: answer.kind };
  };
}

/** Collects the service's answers of a run; `write` saves them, redacted. */
export function recorder(baseUrl: string, secrets: readonly (string | undefined)[]) {
  const answers: RecordedAnswer[] = [];
  return {
    add(probe: Probe, answer: ProbeAnswer): void {
      answers.push({
        probe: probe.name,
        method: probe.method,
        target: probe.target,
        status: answer.status,
        headers: recordedHeaders(answer.headers),
        kind: answer.kind,
        ...(answer.kind === 'json' ? { body: withoutPersonalData(answer.body) } : {}),
      });
    },
    /** The recording as the file holds it: JSON, every secret redacted. */
    text(): string {
      const recording: Recording = { format: RECORDING_FORMAT, baseUrl: shownUrl(baseUrl), answers };
      return `${redactSecrets(JSON.stringify(recording, null, 2), secrets)}\n`;
    },
    /** Writes the recording to `file` (a new file or one replaced), readable by its owner only. */
    write(file: string): void {
      writeFileSync(file, this.text(), { mode: 0o600 });
    },
  };
}
