/// <reference types="node" />
/**
 * `pix-payments-mock parity --base-url URL`: compares a PIX service's answers with the reference
 * mock's (../parity/). Exit code 0 when every compared probe is the same, 1 when anything differs,
 * 2 when the service cannot be reached or refuses the secret key (and for a bad command line).
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { recorder } from '../parity/record.js';
import { redacted, reportJson, reportText } from '../parity/report.js';
import { ParityRefused, runParity } from '../parity/run.js';
import { SECRET_KEY_VARIABLE, secretKeyOption, UsageError } from './cli-flags.js';

/** The subcommand's name, first on the command line. */
export const PARITY = 'parity';

const PARITY_OPTIONS = {
  'base-url': { type: 'string' },
  'secret-key': { type: 'string' },
  'user-token': { type: 'string' },
  'allow-charges': { type: 'boolean', default: false },
  record: { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

export const PARITY_USAGE = `Usage: pix-payments-mock parity --base-url URL [--secret-key KEY] [--user-token JWT]
                                [--allow-charges] [--json] [--record FILE]

Asks your PIX service and the reference mock the same questions and compares the answers: the
status code, the error code, the fields of a 422's errors, every field's presence, JSON type and
format (UUID, date-time with or without a zone, amounts and their decimals, integer ids), the
envelope (data, meta, _info) and the headers content-type, retry-after and x-request-id. Values
that differ by nature (ids, timestamps, balances) are never compared.

By default it only reads: GET the balance, the first page of transactions and of cashouts (with
and without filters), an unknown transaction and an unknown cashout, the balance with a wrong
key, and with --user-token the webhook event list and subscriptions. Only --allow-charges sends
POSTs. It never creates a payout, a subscription or anything that moves money.

  --base-url URL        the service's base URL, e.g. https://api.example.com
  --secret-key KEY      your secret key (default: the environment variable ${SECRET_KEY_VARIABLE})
  --user-token JWT      a user token: adds the webhook event list and subscriptions
  --allow-charges       also POST an invalid create-transaction body (422), a charge of 0.01
                        (a CASHIN: nothing moves until a payer pays it) and the same charge
                        again with the same referenceId, and read both back
  --json                the report as JSON, for CI
  --record FILE         write the service's answers to FILE, secrets redacted and personal data
                        (names, CPF/CNPJ, PIX keys, e-mails, phones) replaced by placeholders of
                        the same form: for a bug report, or for pix-payments-mock --answers-from
  --help                this text

Exit code: 0 every compared probe is the same; 1 something differs (an HTML answer included);
2 the service cannot be reached or answers 401 to the secret key. Keys and tokens are never
printed.`;

/** What `parity` was asked, checked; `help` alone when --help was given. */
export type ParityRequest =
  | { help: true }
  | {
      help: false;
      baseUrl: string;
      secretKey: string;
      userToken: string | undefined;
      allowCharges: boolean;
      json: boolean;
      record: string | undefined;
    };

const refuse = (message: string): never => {
  throw new UsageError(message);
};

/**
 * Reads and checks the arguments after `parity`, and `PIX_PAYMENTS_SECRET_KEY` of `env` when
 * `--secret-key` is not given.
 * @throws UsageError for an unknown flag, a missing --base-url or key, a URL that is not http(s).
 */
export function parseParity(args: string[], env: NodeJS.ProcessEnv = process.env): ParityRequest {
  let values: ReturnType<typeof parseArgs<{ options: typeof PARITY_OPTIONS }>>['values'];
  try {
    ({ values } = parseArgs({ options: PARITY_OPTIONS, args }));
  } catch (error) {
    return refuse(`parity: ${((error as Error).message.split('\n')[0] as string).replace(/\.$/, '')}`);
  }
  if (values.help) return { help: true };
  const given = values['base-url'] ?? refuse("parity needs --base-url, your service's base URL");
  let url: URL | undefined;
  try {
    url = new URL(given);
  } catch {}
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    return refuse('parity: --base-url must be an http:// or https:// URL');
  const secretKey =
    secretKeyOption(values['secret-key'], env) ??
    refuse(`parity needs your secret key: --secret-key KEY, or ${SECRET_KEY_VARIABLE}`);
  const userToken = values['user-token'];
  if (userToken === '') return refuse('parity: --user-token must not be empty');
  return {
    help: false,
    baseUrl: url.href,
    secretKey,
    userToken,
    allowCharges: values['allow-charges'],
    json: values.json,
    record: values.record === '' ? refuse('parity: --record must name a file') : values.record,
  };
}

/** A progress line on a terminal's stderr, rewritten in place; nothing elsewhere. */
function progress(stream: NodeJS.WriteStream) {
  if (!stream.isTTY) return { show: () => undefined, clear: () => undefined };
  return {
    show: (done: number, total: number, probe: string) =>
      stream.write(`\r\x1b[Kprobe ${done + 1}/${total}: ${probe}`),
    clear: () => stream.write('\r\x1b[K'),
  };
}

/**
 * Runs `pix-payments-mock parity`; answers the exit code.
 * @throws UsageError for a bad command line.
 */
export async function runParityCommand(args: string[]): Promise<number> {
  const request = parseParity(args);
  if (request.help) {
    console.log(PARITY_USAGE);
    return 0;
  }
  const secrets = [request.secretKey, request.userToken];
  const line = progress(process.stderr);
  try {
    const recording = recorder(request.baseUrl, secrets);
    const report = await runParity({
      ...request,
      onProgress: line.show,
      onAnswers: (probe, service) => recording.add(probe, service),
    });
    line.clear();
    if (request.record !== undefined) recording.write(request.record);
    const text = request.json ? reportJson(report, request.baseUrl) : reportText(report, request.baseUrl);
    console.log(redacted(text, secrets));
    return report.summary.differs > 0 ? 1 : 0;
  } catch (error) {
    line.clear();
    if (!(error instanceof ParityRefused)) throw error;
    console.error(redacted(`pix-payments-mock parity: ${error.message}`, secrets));
    return 2;
  }
}
