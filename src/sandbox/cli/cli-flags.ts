/// <reference types="node" />
/**
 * The command line of `pix-payments-mock`: every flag, its default, its rule. A bad value is a
 * {@link UsageError} of one line; the CLI prints it and exits with code 2.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { MOCK_ANSWERS, type MockAnswers } from '../../mock/varied/varied-answers.js';
import { HttpUrl, MAX_URL_LENGTH } from '../../schemas/primitives.js';
import { type AllowedHosts, allowedHostProblem } from '../server/host-rule.js';

/** The flags `parseArgs` reads; USAGE lists each one with its default. */
export const CLI_OPTIONS = {
  port: { type: 'string', default: '0' },
  host: { type: 'string', default: '127.0.0.1' },
  'allowed-hosts': { type: 'string' },
  'secret-key': { type: 'string' },
  'public-key': { type: 'string' },
  'jwt-secret': { type: 'string' },
  'manual-approval': { type: 'boolean', default: false },
  answers: { type: 'string', default: 'reference' },
  seed: { type: 'string', default: '1' },
  'forward-to': { type: 'string' },
  state: { type: 'string' },
  'answers-from': { type: 'string' },
  help: { type: 'boolean', default: false },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

/** The shortest JWT secret taken: 32 characters, the 256 bits RFC 7518 asks of an HS256 key. */
export const MIN_JWT_SECRET_LENGTH = 32;

export const USAGE = `Usage: pix-payments-mock [flags]
       pix-payments-mock copy-state --url URL --to FILE [--secret-key KEY]
       pix-payments-mock parity --base-url URL [--secret-key KEY] [--user-token JWT]
                                [--allow-charges] [--json] [--record FILE]

The reference mock of the PIX payments service as a real HTTP server, for curl, Postman and
clients in any language.

copy-state saves a consistent copy of the kept state of a sandbox running with --state to FILE,
a new file, with the sandbox's secret key (--secret-key, or PIX_PAYMENTS_SECRET_KEY);
pix-payments-mock copy-state --help says more.

parity compares your PIX service's answers with the mock's (read-only: it never creates a
payout, a subscription or anything that moves money); pix-payments-mock parity --help says more.

Flags of the server:

  --port N              the port; 0 picks a free one (default 0)
  --host H              the interface to listen on (default 127.0.0.1)
  --allowed-hosts A,B   more names the /__mock/* routes and the dashboard answer in Host, for
                        a sandbox behind a DNS name: qa.example, or .example.com for it and
                        its subdomains; all for any name, DNS rebinding included (default:
                        none; localhost, IP addresses and the --host name are always answered)
  --secret-key KEY      the merchant's secret key, sk_live_prod_ + 32 letters or digits
                        (default: a random one at each start)
  --public-key KEY      the merchant's public key, pk_live_prod_ + 32 letters or digits;
                        the API refuses it with 403 (default: a random one at each start)
  --jwt-secret S        the secret user tokens are signed with (HS256), at least
                        ${MIN_JWT_SECRET_LENGTH} characters (default: a random one at each start)
  --state FILE          keep the whole state in FILE, a SQLite database (Node.js 22.13+),
                        loaded at start; a JSON state file is imported once into FILE's
                        name with .sqlite (default: in memory only)
  --manual-approval     keep payouts PENDING until approve-cashout (default: off, payouts
                        are processed at once)
  --answers M           reference: answers in the reference shapes; varied: in other shapes
                        a real service may send, chosen by the seed (default reference)
  --seed N              seed of the varied answers, an integer >= 0 (default 1)
  --answers-from FILE   answer in the shapes of a recording of parity --record FILE (field
                        sets, envelopes, formats; values still the mock's) (default: none)
  --forward-to URL      subscribe URL (http or https, at most 2048 characters) to every
                        event and print its signing secret, as stripe listen --forward-to
                        does (default: none)
  --help                this text (default: off)`;

/** What the command line asks for, checked. */
export interface CliOptions {
  port: number;
  host: string;
  /** The names of `--allowed-hosts`, `true` for `all`; empty when not given. */
  allowedHosts: AllowedHosts;
  secretKey: string | undefined;
  publicKey: string | undefined;
  jwtSecret: string | undefined;
  manualApproval: boolean;
  answers: MockAnswers;
  seed: number;
  forwardTo: string | undefined;
  /** The state file (`--state`), or undefined: in memory only. */
  state: string | undefined;
  /** A recording of `parity --record` whose shapes the answers take (`--answers-from`). */
  answersFrom: string | undefined;
  help: boolean;
}

/** A bad command line, said in one line (the CLI adds "see --help" and exits with code 2). */
export class UsageError extends Error {
  override name = 'UsageError';
}

const refuse = (message: string): never => {
  throw new UsageError(message);
};

function portFlag(value: string): number {
  const port = /^\d{1,5}$/.test(value) ? Number(value) : Number.NaN;
  return port <= 65_535 ? port : refuse(`--port must be an integer from 0 to 65535, got "${value}"`);
}

function answersFlag(value: string): MockAnswers {
  const mode = MOCK_ANSWERS.find((candidate) => candidate === value);
  return mode ?? refuse(`--answers must be reference or varied, got "${value}"`);
}

function seedFlag(value: string): number {
  const seed = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  return Number.isSafeInteger(seed) ? seed : refuse(`--seed must be an integer >= 0, got "${value}"`);
}

/** The characters of a key after its prefix. */
const KEY_LENGTH = 32;

/**
 * A key of the service's shape: `prefix` + 32 letters or digits, given as `name` (a flag, or an
 * environment variable). The value is never echoed (a mistyped secret key is still a secret):
 * the message counts what follows the prefix instead, and says how many are needed.
 * @throws UsageError
 */
export function keyOption(name: string, prefix: 'sk' | 'pk', value: string | undefined): string | undefined {
  const start = `${prefix}_live_prod_`;
  if (value === undefined || new RegExp(`^${start}[A-Za-z0-9]{${KEY_LENGTH}}$`).test(value)) return value;
  const [wanted, other] = prefix === 'sk' ? ['secret', 'public'] : ['public', 'secret'];
  if (value.startsWith(prefix === 'sk' ? 'pk_' : 'sk_')) {
    return refuse(`${name} must be the ${wanted} key (${start}…), got a ${other} key`);
  }
  const rule = `${name} must be ${start} followed by ${KEY_LENGTH} letters or digits`;
  if (!value.startsWith(start)) return refuse(`${rule}, got ${value.length} characters not starting with it`);
  const after = value.length - start.length;
  const got = `got ${after} characters after ${start}`;
  if (after < KEY_LENGTH) return refuse(`${rule}, ${got}: ${KEY_LENGTH - after} more needed`);
  if (after > KEY_LENGTH) return refuse(`${rule}, ${got}: ${after - KEY_LENGTH} too many`);
  return refuse(`${rule}, ${got}, not all letters or digits`);
}

/** Where a subcommand's secret key may come from when `--secret-key` is not given. */
export const SECRET_KEY_VARIABLE = 'PIX_PAYMENTS_SECRET_KEY';

/**
 * A subcommand's secret key: `--secret-key`, else `PIX_PAYMENTS_SECRET_KEY` of `env`, checked by
 * `keyOption` under the name it came by; `undefined` when neither is given.
 */
export function secretKeyOption(flag: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  return keyOption(
    flag === undefined ? SECRET_KEY_VARIABLE : '--secret-key',
    'sk',
    flag ?? (env[SECRET_KEY_VARIABLE] || undefined),
  );
}

/** `--allowed-hosts`: names separated by commas (blanks around them dropped), or `all`. */
function allowedHostsFlag(value: string | undefined): AllowedHosts {
  if (value === undefined) return [];
  if (value.trim() === 'all') return true;
  const names = value.split(',').map((name) => name.trim());
  for (const name of names) {
    const problem = allowedHostProblem(name);
    if (problem !== undefined)
      return refuse(`--allowed-hosts takes names separated by commas, or all: each ${problem}`);
  }
  return names.map((name) => name.toLowerCase());
}

function jwtSecretFlag(value: string | undefined): string | undefined {
  if (value === undefined || value.length >= MIN_JWT_SECRET_LENGTH) return value;
  return refuse(
    `--jwt-secret must be at least ${MIN_JWT_SECRET_LENGTH} characters (HS256 wants 256 bits), got ${value.length}`,
  );
}

/** The webhook API's own rule for a URL (`HttpUrl`), so that the subscription is never refused later. */
function forwardToFlag(value: string | undefined): string | undefined {
  if (value === undefined || HttpUrl.safeParse(value).success) return value;
  if (value.length > MAX_URL_LENGTH) {
    return refuse(`--forward-to must be at most ${MAX_URL_LENGTH} characters, got ${value.length}`);
  }
  return refuse(`--forward-to must be an http:// or https:// URL, got "${value}"`);
}

/**
 * Reads and checks the command line (`process.argv` after the script when `args` is omitted).
 * @throws UsageError for an unknown flag, a missing value or a value its rule refuses.
 * @example parseCommandLine(['--port', '4010', '--manual-approval'])
 */
export function parseCommandLine(args?: string[]): CliOptions {
  let values: ReturnType<typeof parseArgs<{ options: typeof CLI_OPTIONS }>>['values'];
  try {
    ({ values } = parseArgs({ options: CLI_OPTIONS, ...(args === undefined ? {} : { args }) }));
  } catch (error) {
    return refuse(((error as Error).message.split('\n')[0] as string).replace(/\.$/, ''));
  }
  return {
    port: portFlag(values.port),
    host: values.host !== '' ? values.host : refuse('--host must not be empty'),
    allowedHosts: allowedHostsFlag(values['allowed-hosts']),
    secretKey: keyOption('--secret-key', 'sk', values['secret-key']),
    publicKey: keyOption('--public-key', 'pk', values['public-key']),
    jwtSecret: jwtSecretFlag(values['jwt-secret']),
    manualApproval: values['manual-approval'],
    answers: answersFlag(values.answers),
    seed: seedFlag(values.seed),
    forwardTo: forwardToFlag(values['forward-to']),
    state: values.state !== '' ? values.state : refuse('--state must name a file'),
    answersFrom:
      values['answers-from'] !== '' ? values['answers-from'] : refuse('--answers-from must name a file'),
    help: values.help,
  };
}
