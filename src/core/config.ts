/** Client configuration: options, environment fallbacks, and the checks made at construction. */
import { PaymentsError } from '../errors/base.js';
import { kindOf } from '../schemas/checks.js';
import { type OptionNames, refuseUnknownOptions } from '../schemas/known-options.js';
import { LOG_LEVELS, type Logger, type LogLevel } from './logger.js';
import type { ResponseIssue, ResponseValidation } from './read-answer.js';

/** A user token, or a function that returns a fresh one (called once per request). */
export type UserTokenSource = string | (() => string | Promise<string>);

/** Options of `new PaymentsClient(options)`; any other name is refused ("did you mean …?"). */
export interface ClientOptions {
  /**
   * The merchant's secret key (`sk_live_prod_…`). Backend only: never ship it to a browser. A
   * public key (`pk_…`) or a user token (a JWT) is refused at construction.
   * @default process.env.PIX_PAYMENTS_SECRET_KEY
   */
  secretKey?: string | undefined;
  /**
   * The service's base address. `https://` is required, except for loopback hosts.
   * @default process.env.PIX_PAYMENTS_BASE_URL
   * @example 'https://api.example-psp.com.br'
   */
  baseUrl?: string | undefined;
  /**
   * The panel JWT for the webhook-management calls: a string, or a function returning one. A key
   * (`sk_…`, `pk_…`) is refused before anything is sent.
   */
  userToken?: UserTokenSource | undefined;
  /** Time limit of each attempt, in ms. @default 30_000 */
  timeout?: number | undefined;
  /** How many times a failed request is retried (connection errors, timeouts, 408, 409, 429, 5xx). @default 2 */
  maxRetries?: number | undefined;
  /** A custom `fetch` (tests, proxies, instrumentation). @default globalThis.fetch, looked up per call */
  fetch?: typeof fetch | undefined;
  /** Where log lines go. @default console */
  logger?: Logger | undefined;
  /**
   * How much to log: `warn` gives retried attempts and answers that did not match their schema
   * (once per endpoint and field); `info` adds one line per attempt. @default 'warn'
   */
  logLevel?: LogLevel | undefined;
  /**
   * How answers are read. `lenient`: an answer whose identity and money are intact is returned
   * as received and any other mismatch is reported; `strict`: any mismatch throws
   * `ResponseValidationError`. Also a per-call option. @default 'lenient'
   */
  responseValidation?: ResponseValidation | undefined;
  /** Told of every answer field that did not match its schema (in lenient mode). */
  onResponseIssue?: ((issue: ResponseIssue) => void) | undefined;
  /** Allow construction where `window` and `document` exist. Exposes the secret key to users. @default false */
  dangerouslyAllowBrowser?: boolean | undefined;
}

/** The names {@link ClientOptions} takes: `satisfies` keeps the list complete. */
const CLIENT_OPTION_NAMES = {
  secretKey: 0,
  baseUrl: 0,
  userToken: 0,
  timeout: 0,
  maxRetries: 0,
  fetch: 0,
  logger: 0,
  logLevel: 0,
  responseValidation: 0,
  onResponseIssue: 0,
  dangerouslyAllowBrowser: 0,
} satisfies OptionNames<ClientOptions>;

/** Options every call may override, as its last argument. */
export interface RequestOptions {
  /** How this call's answer is read: `lenient` or `strict` (see {@link ClientOptions.responseValidation}). */
  responseValidation?: ResponseValidation;
  /** Time limit of each attempt, in ms. */
  timeout?: number;
  /** Retries of this call. */
  maxRetries?: number;
  /** Aborts the call at once, also during a backoff wait. */
  signal?: AbortSignal;
  /** Extra headers (`Authorization` is always the SDK's). */
  headers?: Record<string, string>;
}

/** The configuration in force. */
export interface ResolvedConfig {
  secretKey: string;
  baseUrl: string;
  userToken: UserTokenSource | undefined;
  timeout: number;
  maxRetries: number;
  fetch: typeof fetch | undefined;
  logger: Logger;
  logLevel: LogLevel;
  responseValidation: ResponseValidation;
  onResponseIssue: ((issue: ResponseIssue) => void) | undefined;
}

const SECRET_KEY = /^sk_[A-Za-z0-9_]{16,}$/;
/** A JWT: three base64url parts (the panel's user token). */
const JWT = /^[\w-]+\.[\w-]+\.[\w-]*$/;
const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

function env(name: string): string | undefined {
  const value = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[
    name
  ];
  return value === '' ? undefined : value;
}

function configError(message: string): PaymentsError {
  return new PaymentsError(message);
}

function checkSecretKey(key: unknown): string {
  if (key === undefined) {
    throw configError('Missing secret key: pass { secretKey } or set PIX_PAYMENTS_SECRET_KEY');
  }
  if (typeof key !== 'string') throw configError(`secretKey must be a string, got ${kindOf(key)}`);
  if (key.startsWith('pk_')) {
    throw configError(
      'secretKey is a public key (pk_…): the API needs the secret key (sk_…), used only from a backend',
    );
  }
  if (JWT.test(key)) {
    throw configError(
      "secretKey looks like a user token (a JWT): /v1/integrations/* takes the secret key (sk_…); the panel's user token is for webhook management, as userToken",
    );
  }
  if (!SECRET_KEY.test(key)) {
    // Never echo the value: a malformed key may still be a secret.
    throw configError(
      `Malformed secret key (${key.length} characters): it must look like sk_live_prod_ followed by letters and digits`,
    );
  }
  return key;
}

/**
 * `token` unless it is shaped like a key (`sk_…`, `pk_…`): webhook management takes the panel's
 * user token, so a key there is a credential in the wrong place. Checked at construction for a
 * string, and on each value a token function returns, before the request is sent. Never echoes
 * the value.
 * @param what how the message names the value: `userToken`, or what its function returned
 */
export function checkUserToken(token: string, what = 'userToken'): string {
  const where = "webhook management takes the panel's user token (a JWT)";
  if (token.startsWith('sk_'))
    throw configError(
      `${what} looks like a secret key (sk_…): ${where}; the secret key is for /v1/integrations/*, as secretKey`,
    );
  if (token.startsWith('pk_'))
    throw configError(
      `${what} looks like a public key (pk_…): ${where}; no call of this API takes the public key`,
    );
  return token;
}

function checkBaseUrl(raw: unknown): string {
  if (raw === undefined) throw configError('Missing base URL: pass { baseUrl } or set PIX_PAYMENTS_BASE_URL');
  if (typeof raw !== 'string') throw configError(`baseUrl must be a string, got ${kindOf(raw)}`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw configError(`baseUrl is not a valid URL: ${raw}`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.test(url.hostname))) {
    throw configError(
      `baseUrl must use https:// (plain http:// is allowed only for loopback hosts): ${url.origin}`,
    );
  }
  // fetch refuses such a URL on every request, and its message would carry the password.
  if (url.username !== '' || url.password !== '')
    throw configError(
      'baseUrl must not carry credentials (user:password@): the client signs in with the secret key',
    );
  return url.href.replace(/\/+$/, '');
}

function checkCount(name: string, value: unknown, min: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min)
    throw configError(`${name} must be a number >= ${min}, got ${kindOf(value)}`);
  return value;
}

/** `value` when it is one of `allowed` (or undefined: then the first); else an error naming the option. */
function checkChoice<T extends string>(name: string, value: unknown, allowed: readonly T[]): T {
  if (value === undefined) return allowed[0] as T;
  if (allowed.includes(value as T)) return value as T;
  const got = typeof value === 'string' ? `'${value.slice(0, 40)}'` : kindOf(value);
  throw configError(`${name} must be ${allowed.map((choice) => `'${choice}'`).join(' or ')}, got ${got}`);
}

/** `value` when it is undefined or of the expected kind; else an error naming the option. */
function checkKind<T>(name: string, value: T, kinds: readonly string[]): T {
  if (value === undefined || kinds.includes(typeof value)) return value;
  throw configError(`${name} must be a ${kinds.join(' or a ')}, got ${kindOf(value)}`);
}

/** A user token: a string not shaped like a key, or a function (its values are checked per request). */
function checkToken(token: UserTokenSource | undefined): UserTokenSource | undefined {
  const checked = checkKind('userToken', token, ['string', 'function']);
  return typeof checked === 'string' ? checkUserToken(checked) : checked;
}

function checkLogger(logger: unknown): Logger {
  if (logger === undefined) return console;
  const methods = logger as Partial<Record<string, unknown>> | null;
  const missing = ['error', 'warn', 'info'].filter((level) => typeof methods?.[level] !== 'function');
  if (typeof logger !== 'object' || missing.length > 0)
    throw configError(
      `logger must have the methods error, warn and info (as console does); missing: ${missing.join(', ')}`,
    );
  return logger as Logger;
}

function inBrowser(): boolean {
  const scope = globalThis as { window?: unknown; document?: unknown };
  return typeof scope.window !== 'undefined' && typeof scope.document !== 'undefined';
}

/** Resolves options with env fallbacks and defaults; throws a clear error for what is wrong. */
export function resolveConfig(given?: ClientOptions): ResolvedConfig {
  if (given !== undefined && (typeof given !== 'object' || given === null || Array.isArray(given)))
    throw configError(`PaymentsClient options must be an object, got ${kindOf(given)}`);
  // JavaScript has no compiler to catch `{ timout: 5000 }`, which would otherwise be ignored.
  const options = refuseUnknownOptions(given ?? {}, CLIENT_OPTION_NAMES, 'PaymentsClient', configError);
  if (inBrowser() && options.dangerouslyAllowBrowser !== true) {
    throw configError(
      'PaymentsClient refuses to run in a browser: the secret key would reach every visitor. Call the API from your backend (dangerouslyAllowBrowser: true overrides this).',
    );
  }
  return {
    secretKey: checkSecretKey(options.secretKey ?? env('PIX_PAYMENTS_SECRET_KEY')),
    baseUrl: checkBaseUrl(options.baseUrl ?? env('PIX_PAYMENTS_BASE_URL')),
    userToken: checkToken(options.userToken),
    timeout: checkCount('timeout', options.timeout ?? 30_000, 1),
    maxRetries: Math.floor(checkCount('maxRetries', options.maxRetries ?? 2, 0)),
    fetch: checkKind('fetch', options.fetch, ['function']),
    logger: checkLogger(options.logger),
    logLevel: checkChoice('logLevel', options.logLevel ?? 'warn', LOG_LEVELS),
    responseValidation: checkChoice('responseValidation', options.responseValidation, ['lenient', 'strict']),
    onResponseIssue: checkKind('onResponseIssue', options.onResponseIssue, ['function']),
  };
}
