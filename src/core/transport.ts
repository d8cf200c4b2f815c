/**
 * Everything that needs ky: the attempts and their retries (ky's `retry`, with the payment rules
 * in `shouldRetry`), per-attempt logging through its hooks, and ky's errors mapped to the SDK's
 * classes, in one place. Its own module so that the core can load ky on the first request: ky's
 * initialisation makes Node load its fetch implementation (about 25 ms of start-up).
 */
import ky, { isHTTPError, isTimeoutError, type KyInstance, type RetryOptions } from 'ky';
import { APIError } from '../errors/api-error.js';
import { PaymentsError } from '../errors/base.js';
import { APIConnectionError, APITimeoutError, APIUserAbortError } from '../errors/connection.js';
import { redactSecrets } from '../schemas/redact.js';
import { readErrorBody } from './error-body.js';
import { NOT_JSON } from './read-answer.js';

/** First backoff wait, in ms; it doubles on each retry up to `MAX_DELAY_MS`. */
const INITIAL_DELAY_MS = 500;
const MAX_DELAY_MS = 8_000;
/** Longest honoured `Retry-After`, in ms (ky's default is unbounded): a caller is waiting. */
export const MAX_RETRY_AFTER_MS = 60_000;
/**
 * 408, 409 (idempotency in flight), 429 and the common 5xx, with `Retry-After` honoured; ky
 * copies this list on every call, so the rarer 5xx are retried through `shouldRetry` instead.
 */
const RETRY_STATUSES = [408, 409, 429, 500, 502, 503, 504];
/** 409 codes that will not change on a retry: the same answer would come back. */
const FINAL_CONFLICTS = new Set(['409 IDEMPOTENCY_KEY_REUSED', '409 INVALID_TRANSITION']);

/** One call as the transport sends it: the request, its limits and where its log lines go. */
export interface Outgoing {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The body, already serialised: a snapshot of what was validated. */
  body: string | undefined;
  timeout: number;
  maxRetries: number;
  signal: AbortSignal | undefined;
  /** The client's secret key and user token: redacted from what the service or the runtime wrote. */
  secrets: readonly (string | undefined)[];
  /** A POST may be repeated only because it carries an idempotency key. */
  mayRetry: boolean;
  /** The answer should be JSON: a 2xx without it is a lost answer. */
  expectsJson: boolean;
  /** Told of each attempt: its outcome (`200`, `503 INTERNAL_ERROR`, `failed: …`), retry number and duration. */
  log(level: 'info' | 'warn' | 'error', outcome: string, retry: number, ms: number): void;
}

/** What a call tells the instance's retry hook: where to log the attempt that is retried. */
interface RetryContext {
  onRetry(error: unknown): void;
}

/** A 2xx answer with its body read and, when JSON was expected, parsed (or {@link NOT_JSON}). */
export interface Answer {
  response: Response;
  text: string;
  json: unknown;
}

/** A 2xx whose body is empty, cut off or not JSON: the answer was lost on the way. */
class LostAnswerError extends Error {
  override name = 'LostAnswerError';
}

/** Sends one call, with its retries; resolves to the 2xx answer, rejects with a `PaymentsError`. */
export type Transport = (outgoing: Outgoing) => Promise<Answer>;

/** A transport over ky; `fetchOverride` (or `globalThis.fetch`) is looked up on every attempt. */
export function createTransport(fetchOverride: typeof fetch | undefined): Transport {
  // One ky instance per retry limit, its retry options set once: ky normalises and merges options
  // on every call, and a per-call `retry` object cost about a tenth of a call's time.
  const clients = new Map<number, KyInstance>();
  return (outgoing) => {
    const limit = outgoing.mayRetry ? Math.max(0, Math.floor(outgoing.maxRetries)) : 0;
    let client = clients.get(limit);
    if (client === undefined) {
      // The error body stays text (ky would parse JSON): `readErrorBody` reads every shape itself.
      client = ky.create({
        parseJson: (text) => text,
        retry: retryOptions(limit),
        hooks: {
          beforeRetry: [({ error, options }) => (options.context as unknown as RetryContext).onRetry(error)],
        },
      });
      clients.set(limit, client);
    }
    return send(client, fetchOverride, outgoing);
  };
}

async function send(
  client: KyInstance,
  fetchOverride: typeof fetch | undefined,
  out: Outgoing,
): Promise<Answer> {
  let text = '';
  let json: unknown = NOT_JSON;
  let attempts = 0;
  let started = 0;
  let ended = 0;
  // Looked up per attempt: a fetch captured at construction would miss instrumentation (and msw)
  // set up later. The timing is per attempt, which ky's hooks do not give. The body of a 2xx is
  // read here, inside the attempt and its timeout: an answer cut off on the way then fails the
  // attempt like a dropped connection, and ky retries it when the call may be repeated.
  const timedFetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    attempts += 1;
    started = Date.now();
    try {
      const response = await (fetchOverride ?? globalThis.fetch)(input, init);
      if (!response.ok) return response;
      // Node 24 throws `terminated` on a cut-off chunked body; Node 20 hands the part over.
      text = await response.text();
      if (!out.expectsJson) return response;
      try {
        json = JSON.parse(text);
      } catch {
        json = NOT_JSON;
        // Retried like a dropped connection when the call may be repeated; otherwise the core
        // reports the body as it came.
        if (out.mayRetry)
          throw new LostAnswerError(`the ${response.status} answer was empty, cut off or not JSON`);
      }
      return response;
    } finally {
      ended = Date.now();
    }
  };
  try {
    const response = await client(out.url, {
      method: out.method,
      headers: out.headers,
      ...(out.body === undefined ? {} : { body: out.body }),
      ...(out.signal === undefined ? {} : { signal: out.signal }),
      timeout: out.timeout,
      fetch: timedFetch,
      // Read by the instance's `beforeRetry` hook: per-call hooks would be merged on every call.
      context: {
        onRetry: (error: unknown) =>
          out.log('warn', describe(toPaymentsError(error, out)), attempts - 1, ended - started),
      },
    });
    out.log('info', String(response.status), attempts - 1, ended - started);
    return { response, text, json };
  } catch (error) {
    const failure = toPaymentsError(error, out);
    // The error is thrown to the caller: the line is context, not an alarm.
    out.log('info', describe(failure), Math.max(0, attempts - 1), ended - started);
    throw failure;
  }
}

/** ky's retry, told the payment rules (a call that may not be repeated gets `limit` 0). */
function retryOptions(limit: number): RetryOptions {
  return {
    limit,
    methods: ['get', 'post', 'patch', 'delete'],
    statusCodes: RETRY_STATUSES,
    afterStatusCodes: RETRY_STATUSES,
    maxRetryAfter: MAX_RETRY_AFTER_MS,
    delay: (retry) => INITIAL_DELAY_MS * 2 ** (retry - 1),
    backoffLimit: MAX_DELAY_MS,
    jitter: (delay) => delay * (1 - Math.random() * 0.25),
    retryOnTimeout: true,
    shouldRetry: ({ error }) => {
      // The caller's signal aborted the attempt: never retried.
      if (error.name === 'AbortError') return false;
      const failure = toPaymentsError(error, { signal: undefined, timeout: 0, secrets: [] });
      if (failure instanceof APIError) {
        if (FINAL_CONFLICTS.has(`${failure.status} ${failure.code}`)) return false;
        // `undefined` leaves the decision to ky's rules above (statuses, Retry-After).
        return failure.status >= 500 && !RETRY_STATUSES.includes(failure.status) ? true : undefined;
      }
      // Any other failure to get an answer is a lost connection, whatever the runtime calls it.
      return isTimeoutError(error) ? undefined : true;
    },
  };
}

function describe(error: PaymentsError): string {
  if (error instanceof APIError) return `${error.status}${error.code === undefined ? '' : ` ${error.code}`}`;
  return `failed: ${error.message}`;
}

/** ky's `HTTPError`, `TimeoutError` and network errors (any runtime's) as the SDK's classes. */
function toPaymentsError(
  error: unknown,
  out: Pick<Outgoing, 'signal' | 'timeout' | 'secrets'>,
): PaymentsError {
  if (error instanceof PaymentsError) return error;
  if (out.signal?.aborted) return new APIUserAbortError();
  if (isHTTPError(error)) {
    const { response } = error;
    const text = typeof error.data === 'string' ? error.data : '';
    const { details, body } = readErrorBody(response.status, response.statusText, text, out.secrets);
    // Headers are the service's text too: a proxy may echo `Authorization`.
    const headers = new Headers();
    for (const [name, value] of response.headers) headers.append(name, redactSecrets(value, out.secrets));
    return APIError.generate(response.status, details, headers, body);
  }
  if (isTimeoutError(error)) return new APITimeoutError(out.timeout);
  // ky wraps fetch's TypeError, which wraps the socket error: the deepest message says most
  // (for a forced retry, the cause is the error that cut the answer off).
  let reason = String(error);
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) reason = cause.message;
  return new APIConnectionError(`Connection error: ${redactSecrets(reason, out.secrets)}`);
}
