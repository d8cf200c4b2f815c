/**
 * `--answers-from FILE`: the sandbox's answers written in the shapes a recording holds (field
 * sets, envelopes, formats), their values still the mock's. A field the mock does not have takes
 * the recording's (redacted) value; a field the recording does not have is dropped.
 */
import { readFileSync } from 'node:fs';
import { type Endpoint, endpoints } from '../../endpoints.js';
import { RECORDING_FORMAT, type Recording } from './record.js';
import { formOf } from './shape.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const MONEY = /^-?\d+(?:\.(\d+))?$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})([T ])(\d{2}:\d{2}(?::\d{2})?)(?:\.(\d+))?(Z|[+-]\d{2}:?\d{2})?$/;
const OPAQUE_FIELDS = new Set(['trackingParameters', 'tracking_parameters', 'metadata']);

/** The operation a request names in the table (`retrieveTransaction` for one transaction). */
export function operationOf(method: string, url: URL): string | undefined {
  for (const [name, entry] of Object.entries(endpoints) as [string, Endpoint][]) {
    const pattern = new RegExp(`^${entry.path.replace(/\{\w+\}/g, '[^/]+')}$`);
    if (entry.method !== method || !pattern.test(url.pathname)) continue;
    return name === 'listTransactions' && url.searchParams.has('transactionId')
      ? 'retrieveTransaction'
      : name;
  }
  return undefined;
}

/** `iso` (the mock's instant) written as `recorded` writes its date-times: zone, separator, fraction. */
function dateLike(recorded: string, iso: string): string {
  const form = DATE_TIME.exec(recorded);
  const instant = Date.parse(iso);
  if (form === null || Number.isNaN(instant)) return iso;
  const [, , separator, , fraction, zone] = form;
  const sign = zone?.startsWith('-') ? -1 : 1;
  const [hours, minutes] =
    zone === undefined || zone === 'Z' ? [0, 0] : [zone.slice(1, 3), zone.slice(-2)].map(Number);
  const wall = new Date(instant + sign * ((hours ?? 0) * 60 + (minutes ?? 0)) * 60_000).toISOString();
  const digits =
    fraction === undefined
      ? ''
      : `.${wall.slice(20, 23).padEnd(fraction.length, '0').slice(0, fraction.length)}`;
  return `${wall.slice(0, 10)}${separator}${wall.slice(11, 19)}${digits}${zone ?? ''}`;
}

/** A scalar of the mock written in the recorded one's form. */
function scalarLike(mock: unknown, recorded: unknown, field: string): unknown {
  if (formOf(mock, field) === formOf(recorded, field)) return mock;
  const amount = typeof mock === 'number' ? mock : typeof mock === 'string' ? Number(mock) : Number.NaN;
  if (typeof recorded === 'string' && MONEY.test(recorded) && !Number.isNaN(amount)) {
    const decimals = MONEY.exec(recorded)?.[1]?.length ?? 0;
    return decimals >= 2 ? amount.toFixed(decimals) : String(amount);
  }
  if (typeof recorded === 'number' && !Number.isNaN(amount)) return amount;
  if (typeof recorded === 'string' && typeof mock === 'string' && DATE_TIME.test(recorded))
    return dateLike(recorded, mock);
  return recorded;
}

/** One item holding every field of a recorded list's items, with the first non-null value of each. */
function mergedItem(items: unknown[]): unknown {
  if (!items.every(isObject)) return items.find((item) => item !== null);
  const merged: Json = {};
  for (const item of items)
    for (const [key, value] of Object.entries(item))
      if (merged[key] === undefined || merged[key] === null) merged[key] = value;
  return merged;
}

/**
 * The mock's `value` in the shape of `recorded`.
 * @example conform({ data: [{ amount: 5 }], meta }, [{ amount: '5.00' }]) // [{ amount: '5.00' }]
 */
export function conform(value: unknown, recorded: unknown, field = ''): unknown {
  if (OPAQUE_FIELDS.has(field) || value === null || value === undefined || recorded === null) return value;
  if (Array.isArray(recorded)) {
    const items = Array.isArray(value)
      ? value
      : isObject(value) && Array.isArray(value.data)
        ? value.data
        : undefined;
    if (items === undefined || recorded.length === 0) return items ?? value;
    const template = mergedItem(recorded);
    return items.map((item) => conform(item, template, field));
  }
  if (!isObject(recorded)) return scalarLike(value, recorded, field);
  if (Array.isArray(value)) return conform({ data: value }, recorded, field);
  if (!isObject(value)) return recorded;
  // A single record under `data` on one side, bare on the other.
  if (field === '' && isObject(recorded.data) && !('data' in value))
    return conform({ data: value }, recorded, field);
  if (field === '' && !('data' in recorded) && isObject(value.data))
    return conform(value.data, recorded, field);
  const meta = isObject(value.meta) ? value.meta : {};
  const out: Json = {};
  for (const [key, shape] of Object.entries(recorded)) {
    const mine = key in value ? value[key] : meta[key];
    out[key] = mine === undefined ? shape : conform(mine, shape, key);
  }
  return out;
}

/** The recorded body of each operation's success, the first with records when there are several. */
export type AnswerShapes = Map<string, unknown>;

const hasRecords = (body: unknown) =>
  Array.isArray(body)
    ? body.length > 0
    : !isObject(body) || !Array.isArray(body.data) || body.data.length > 0;

/** The shapes of a recording, by operation. */
export function shapesOf(recording: Recording): AnswerShapes {
  const shapes: AnswerShapes = new Map();
  for (const answer of recording.answers) {
    if (answer.kind !== 'json' || answer.status < 200 || answer.status >= 300) continue;
    const target = new URL(answer.target.replace(/\(its transactionId\)/, 'x'), 'http://recorded.invalid');
    const operation = operationOf(answer.method, target);
    if (operation === undefined) continue;
    if (!shapes.has(operation) || (!hasRecords(shapes.get(operation)) && hasRecords(answer.body)))
      shapes.set(operation, answer.body);
  }
  return shapes;
}

/** Reads a recording made by `parity --record`. @throws Error naming what is wrong with the file. */
export function readRecording(file: string): Recording {
  let recording: Partial<Recording>;
  try {
    recording = JSON.parse(readFileSync(file, 'utf8')) as Partial<Recording>;
  } catch (error) {
    throw new Error(`--answers-from: cannot read ${file}: ${(error as Error).message.split('\n')[0]}`);
  }
  if (recording.format !== RECORDING_FORMAT || !Array.isArray(recording.answers))
    throw new Error(`--answers-from: ${file} is not a recording of pix-payments-mock parity --record`);
  return recording as Recording;
}

/** The body text of a sandbox answer, written in the recorded shape of its operation (as is without one). */
export function reshapeAnswer(
  shapes: AnswerShapes,
  method: string,
  url: URL,
  status: number,
  text: string,
): string {
  const operation = operationOf(method, url);
  if (operation === undefined || status < 200 || status >= 300 || !shapes.has(operation)) return text;
  try {
    return JSON.stringify(conform(JSON.parse(text), shapes.get(operation)));
  } catch {
    return text;
  }
}
