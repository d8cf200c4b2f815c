/// <reference types="node" />
/**
 * `pix-payments-mock copy-state --url URL --to FILE [--secret-key KEY]`: saves a consistent copy
 * of a running sandbox's kept database (its `GET /__mock/state/copy`, which takes the sandbox's
 * secret key: `--secret-key`, else `PIX_PAYMENTS_SECRET_KEY`) to FILE, a new file. The copy is
 * written under a temporary name beside FILE, owner-only (it holds the sandbox's keys), and
 * linked into place only once whole and checked: FILE is never overwritten, and never left half
 * written.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { link, open, rm } from 'node:fs/promises';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { SQLITE_MEDIA_TYPE, STATE_COPY_PATH } from '../server/state-copy-route.js';
import { SECRET_KEY_VARIABLE, secretKeyOption, UsageError } from './cli-flags.js';

/** The subcommand's name, first on the command line. */
export const COPY_STATE = 'copy-state';

const COPY_STATE_OPTIONS = {
  url: { type: 'string' },
  to: { type: 'string' },
  'secret-key': { type: 'string' },
  help: { type: 'boolean', default: false },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

/** Where the key comes from when --secret-key is not given: the client's own variable. */
export const COPY_STATE_USAGE = `Usage: pix-payments-mock copy-state --url URL --to FILE [--secret-key KEY]

Saves a consistent copy of the kept state of a sandbox running with --state (GET
/__mock/state/copy): every change it answered before the copy. While a sandbox runs it holds its
database for itself; read the copy with sqlite3, or start another sandbox on it.

  --url URL             the sandbox's base URL, e.g. http://127.0.0.1:4010
  --to FILE             the copy, a new file (never overwritten), readable by its owner only
  --secret-key KEY      the sandbox's secret key (its banner's Secret key): the copy holds every
                        key and webhook secret, so the sandbox asks for it (default: the
                        environment variable ${SECRET_KEY_VARIABLE})
  --help                this text`;

const SQLITE_MAGIC = 'SQLite format 3\0';

/** What `copy-state` was asked, checked; `help` alone when --help was given. */
export type CopyStateRequest = { help: true } | { help: false; url: URL; to: string; secretKey: string };

const refuse = (message: string): never => {
  throw new UsageError(message);
};

/**
 * Reads and checks the arguments after `copy-state`, and `PIX_PAYMENTS_SECRET_KEY` of `env` when
 * `--secret-key` is not given.
 * @throws UsageError for an unknown flag, a missing --url, --to or key, a URL that is not
 *   http(s), or a key of another shape.
 */
export function parseCopyState(args: string[], env: NodeJS.ProcessEnv = process.env): CopyStateRequest {
  let values: ReturnType<typeof parseArgs<{ options: typeof COPY_STATE_OPTIONS }>>['values'];
  try {
    ({ values } = parseArgs({ options: COPY_STATE_OPTIONS, args }));
  } catch (error) {
    return refuse(`copy-state: ${((error as Error).message.split('\n')[0] as string).replace(/\.$/, '')}`);
  }
  if (values.help) return { help: true };
  const given = values.url ?? refuse('copy-state needs --url, the base URL of the running sandbox');
  const to = values.to || refuse('copy-state needs --to, the file to write the copy to');
  let url: URL | undefined;
  try {
    url = new URL(given);
  } catch {}
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    return refuse(`copy-state: --url must be an http:// or https:// URL, got "${given}"`);
  const secretKey =
    secretKeyOption(values['secret-key'], env) ??
    refuse(
      `copy-state needs the sandbox's secret key (the copy holds every secret): --secret-key KEY, or ${SECRET_KEY_VARIABLE}`,
    );
  return { help: false, url, to, secretKey };
}

/** The error body's message of a refused request, or its status alone. */
async function refusalOf(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const { message } = JSON.parse(text) as { message?: unknown };
    if (typeof message === 'string') return `${response.status}: ${message}`;
  } catch {}
  return String(response.status);
}

/**
 * Downloads the copy from the sandbox at `url`, with its secret key, into the new file `to`.
 * @returns the number of bytes written.
 * @throws Error in one line: `to` exists, the sandbox refused or is not one, the copy came short.
 */
export async function copyState(url: URL, to: string, secretKey: string): Promise<number> {
  if (existsSync(to)) throw new Error(`${to} exists already: name a new file (a copy never overwrites one)`);
  const source = new URL(STATE_COPY_PATH, url);
  let response: Response;
  try {
    response = await fetch(source, { headers: { authorization: `Bearer ${secretKey}` } });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    throw new Error(`Cannot reach the sandbox at ${url.origin} (${cause})`);
  }
  if (!response.ok)
    throw new Error(`The sandbox at ${url.origin} refused the copy (${await refusalOf(response)})`);
  if (response.headers.get('content-type') !== SQLITE_MEDIA_TYPE || response.body === null) {
    await response.body?.cancel();
    throw new Error(`${url.origin} did not answer with a database: is it a pix-payments sandbox?`);
  }
  const temporary = `${to}.${randomBytes(8).toString('hex')}.tmp`;
  try {
    const file = await open(temporary, 'wx+', 0o600);
    try {
      try {
        for await (const chunk of response.body) await file.write(chunk);
      } catch (error) {
        // A write of the file says its code below; anything else is the connection's.
        if ((error as NodeJS.ErrnoException).syscall !== undefined) throw error;
        throw new Error(`The copy from ${url.origin} stopped before its end: try again`);
      }
      await file.sync();
      const { size } = await file.stat();
      const declared = Number(response.headers.get('content-length'));
      const head = Buffer.alloc(SQLITE_MAGIC.length);
      await file.read(head, 0, head.length, 0);
      if (size !== declared || head.toString('latin1') !== SQLITE_MAGIC)
        throw new Error(`The copy from ${url.origin} came short (${size} of ${declared} bytes): try again`);
      await link(temporary, to);
      return size;
    } finally {
      await file.close();
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new Error(`${to} exists already: name a new file (a copy never overwrites one)`);
    if ((error as NodeJS.ErrnoException).code !== undefined)
      throw new Error(`Cannot write ${to} (${(error as NodeJS.ErrnoException).code})`);
    throw error;
  } finally {
    await rm(temporary, { force: true });
  }
}

/** Runs `copy-state` with the arguments after it; prints one line. */
export async function runCopyState(args: string[]): Promise<void> {
  const request = parseCopyState(args);
  if (request.help) {
    console.log(COPY_STATE_USAGE);
    return;
  }
  const bytes = await copyState(request.url, request.to, request.secretKey);
  console.log(`Copied the kept state of ${request.url.origin} to ${request.to} (${bytes} bytes)`);
}
