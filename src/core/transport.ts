/**
 * One call's attempts, over ky. ky sends each attempt, times it out, decides from the rules
 * below whether to retry and waits; this file gives it those rules through its documented options
 * (`retry`, `timeout`, `fetch`) and does what ky cannot. The rules, each tested under its own
 * wording in test/client/transport.test.ts: (1) a call is tried at most 1 + maxRetries times, a
 * POST without an idempotency key once (`retry.limit`); (2) 408, 409, 429, 500, 502, 503, 504 and
 * any other 5xx are retried, other statuses and a 409 that will not change are not
 * (`retry.shouldRetry`); (3) a timeout, a failed connection and a lost answer are retried, the
 * caller's abort never (`retry.shouldRetry`); (4) the wait before a retry doubles from 500 ms to
 * at most 8 s, less up to 25% of jitter, or is the answer's Retry-After, capped at 60 s
 * (`retry.delay`, `retry.jitter`, `retry.maxRetryAfter`); (5) an attempt has `timeout` ms for its
 * answer, a 2xx body included (`timeout`, which covers `fetch`); (6) each attempt runs `attempt()`
 * once, which knows its number and the wait before it and looks up the fetch then (`fetch`);
 * (7) each attempt is logged once, at `warn` when ky decides to retry it, at `info` when the call
 * ends with it (`retry.shouldRetry`, then the call's outcome); (8) ky's errors become the SDK's in
 * one place, `toPaymentsError`, redacted of the client's secrets. ky itself is imported on the
 * first request (`createTransport`): its initialisation makes Node load its fetch implementation
 * (about 40–50 ms of start-up on Node 24, measured by bench/startup.ts). This module is imported
 * eagerly, and ky through ./ky.ts: behind a lazy `import()`, all this module reaches was wrapped
 * for lazy loading, 0.18 KB more of the main entry (bench/size.ts).
 */
import type { Options, RetryOptions } from 'ky';
import { APIError } from '../errors/api-error.js';
import { PaymentsError } from '../errors/base.js';
import { APIConnectionError, APITimeoutError, APIUserAbortError } from '../errors/connection.js';
import { redactSecrets } from '../schemas/redact.js';
import {
  type AttemptTraceContext,
  type CallTraceContext,
  traceEnd,
  traceError,
  traceStart,
  tracing,
} from '../tracing/channels.js';
import { readErrorBody } from './error-body.js';

/** ky, loaded with the first transport: its initialisation touches fetch (see above). */
let ky: typeof import('./ky.js') | undefined;

/** Longest honoured `Retry-After`, in ms (ky's default is unbounded): a caller is waiting. */
export const MAX_RETRY_AFTER_MS = 60_000;
/** 408, 409 (idempotency in flight), 429 and the common 5xx: ky retries them after their Retry-After. */
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
  /** The call's trace context, when someone subscribes to the call or attempt channel: attempts publish under it. */
  trace?: CallTraceContext | undefined;
  /** Told of each attempt: its outcome (`200`, `503 INTERNAL_ERROR`, `failed: …`), retry number and duration. */
  log(level: 'info' | 'warn' | 'error', outcome: string, retry: number, ms: number): void;
}

/** A 2xx answer with its body read and, when JSON was expected, parsed (`undefined` when it was not JSON). */
export interface Answer {
  response: Response;
  text: string;
  json: unknown;
}

/** Sends one call, with its retries; resolves to the 2xx answer, rejects with a `PaymentsError`. */
export type Transport = (outgoing: Outgoing) => Promise<Answer>;

/** A 2xx whose body is empty, cut off or not JSON: the answer was lost on the way. */
class LostAnswerError extends Error {
  override name = 'LostAnswerError';
}

/** Rule 4: from 500 ms, doubled each retry up to 8 s (ky passes 1 for the first retry). */
const backoff = (retry: number) => Math.min(500 * 2 ** (retry - 1), 8_000);
/** Rule 4: less up to 25% of jitter (ky applies none to a Retry-After). */
const jitter = (ms: number) => ms * (1 - Math.random() * 0.25);
const METHODS = ['get', 'post', 'patch', 'delete'];

/**
 * Rules 2 and 3, on the SDK's error for a failed attempt: `true` retries it, `false` does not,
 * `undefined` leaves it to ky, which retries the statuses it is given (`statusCodes`) after their
 * Retry-After (`afterStatusCodes`), so that for these statuses too the attempt is retried.
 */
function retries(failure: PaymentsError): boolean | undefined {
  if (failure instanceof APIUserAbortError) return false;
  if (!(failure instanceof APIError)) return true;
  if (FINAL_CONFLICTS.has(`${failure.status} ${failure.code}`)) return false;
  if (RETRY_STATUSES.includes(failure.status)) return undefined;
  return failure.status >= 500;
}

/** One call, from its first attempt to its end: ky's `fetch` and `retry` for it (exported for its tests). */
export class Call {
  /** Attempts started so far: the next one's number. */
  attempts = 0;
  /** The latest attempt's 2xx body, and its parse (`undefined` when it is not JSON, never JSON's own value). */
  text = '';
  json: unknown;
  /** ky's retry options for this call (rules 1 to 4): the payment rules with its limit. */
  readonly retry: RetryOptions;
  /** When the latest attempt started, and when ky decided whether to retry it (`undefined` before). */
  #startedAt = 0;
  #decidedAt: number | undefined;

  constructor(
    readonly out: Outgoing,
    readonly fetchOverride: typeof fetch | undefined,
  ) {
    this.retry = {
      // Rule 1: a POST without its idempotency key is never repeated.
      limit: out.mayRetry ? Math.max(0, Math.floor(out.maxRetries)) : 0,
      methods: METHODS,
      statusCodes: RETRY_STATUSES,
      afterStatusCodes: RETRY_STATUSES,
      maxRetryAfter: MAX_RETRY_AFTER_MS,
      delay: backoff,
      jitter,
      shouldRetry: this.#shouldRetry,
    };
  }

  /** ky's `fetch`, called once per attempt: numbers it, measures the wait before it, runs it. */
  readonly fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const resendCount = this.attempts++;
    this.#startedAt = Date.now();
    const delayMs = this.#decidedAt === undefined ? 0 : this.#startedAt - this.#decidedAt;
    this.#decidedAt = undefined;
    return this.attempt(resendCount, delayMs, input, init);
  };

  /**
   * Rule 6: one attempt, from its start to its answer; the one function that runs once per
   * attempt. `resendCount` is 0 for the first attempt, `delayMs` the wait before it (0 for the
   * first). The fetch is looked up now (msw or instrumentation set up after the client), and a
   * 2xx body is read here, so that ky's timeout covers it and a lost one is retried (rules 3, 5).
   * An error answer's body is ky's to read, bounded and after the attempt, as `error.data`.
   */
  async attempt(
    resendCount: number,
    delayMs: number,
    input: RequestInfo | URL,
    init: RequestInit | undefined,
  ): Promise<Response> {
    const { out } = this;
    const call = out.trace;
    const channel = call && tracing('attempt');
    let trace: AttemptTraceContext | undefined;
    if (channel) {
      const { operationId, method, urlTemplate, serverAddress, serverPort } = call;
      // Without credentials: a Request refuses a URL that has them, so no attempt of one gets here.
      const { url } = out;
      trace = {
        operationId,
        method,
        urlTemplate,
        url,
        serverAddress,
        serverPort,
        resendCount,
        delayMs,
        call,
      };
      traceStart(channel, trace);
    }
    try {
      const response = await (this.fetchOverride ?? globalThis.fetch)(input, init);
      if (trace) trace.statusCode = response.status;
      if (!response.ok) return response;
      const [text, json] = await this.#read(response);
      // An attempt ky gave up on at its timeout (a fetch that ignores the abort) may end during the
      // next: only the latest keeps its answer.
      if (resendCount === this.attempts - 1) [this.text, this.json] = [text, json];
      return response;
    } catch (error) {
      if (trace) trace.error = traceError(toPaymentsError(error, out), out.secrets);
      throw error;
    } finally {
      if (trace) traceEnd(channel as NonNullable<typeof channel>, trace);
    }
  }

  /** A 2xx body as text and, when JSON is expected, parsed (`undefined` when it is not JSON). */
  async #read(response: Response): Promise<[string, unknown]> {
    // Node 24 throws `terminated` on a cut-off chunked body; Node 20 hands the part over.
    const text = await response.text();
    if (!this.out.expectsJson) return [text, undefined];
    try {
      return [text, JSON.parse(text)];
    } catch {
      // Retried like a dropped connection when the call may be repeated; otherwise the core
      // reports the body as it came.
      if (this.out.mayRetry)
        throw new LostAnswerError(`the ${response.status} answer was empty, cut off or not JSON`);
      return [text, undefined];
    }
  }

  /**
   * ky's `shouldRetry`: its question on each failed attempt it may retry (ky asks before it
   * waits; `retryCount` is 1 for the first retry). Rule 7: an attempt to be retried is logged now.
   */
  readonly #shouldRetry = ({ error, retryCount }: { error: Error; retryCount: number }) => {
    const failure = toPaymentsError(error, this.out);
    const retried = retries(failure);
    this.#decidedAt = Date.now();
    if (retried !== false) this.#log('warn', failure, retryCount - 1);
    return retried;
  };

  /** Rule 7: the call's end, its last attempt's `info` line (the caller sees the outcome). */
  end(outcome: PaymentsError | Response): void {
    if (this.out.trace) this.out.trace.attempts = this.attempts;
    this.#log('info', outcome, Math.max(0, this.attempts - 1));
  }

  /** An attempt's line; it lasted until ky decided on it, or until now. */
  #log(level: 'info' | 'warn', outcome: PaymentsError | Response, retry: number): void {
    const ms = this.attempts === 0 ? 0 : (this.#decidedAt ?? Date.now()) - this.#startedAt;
    const what =
      outcome instanceof APIError
        ? `${outcome.status}${outcome.code === undefined ? '' : ` ${outcome.code}`}`
        : outcome instanceof PaymentsError
          ? `failed: ${outcome.message}`
          : String(outcome.status);
    this.out.log(level, what, retry, ms);
  }
}

/** The client's settings the transport starts from; a call may change its timeout and retries. */
export interface TransportDefaults {
  /** Looked up on every attempt when `undefined`: `globalThis.fetch`. */
  fetch: typeof fetch | undefined;
  timeout: number;
  maxRetries: number;
}

/** A transport over one ky instance, made with the client's settings. */
export async function createTransport(defaults: TransportDefaults): Promise<Transport> {
  ky ??= await import('./ky.js');
  const api = ky.ky.create({ timeout: defaults.timeout });
  return async (out) => {
    const call = new Call(out, defaults.fetch);
    const options: Options = {
      method: out.method,
      headers: out.headers,
      fetch: call.fetch,
      retry: call.retry,
    };
    if (out.body !== undefined) options.body = out.body;
    if (out.signal !== undefined) options.signal = out.signal;
    // ky merges a call's options into its instance's on every call: a call gives only what differs.
    if (out.timeout !== defaults.timeout) options.timeout = out.timeout;
    try {
      const response = await api(out.url, options);
      call.end(response);
      return { response, text: call.text, json: call.json };
    } catch (error) {
      const failure = toPaymentsError(error, out);
      call.end(failure);
      throw failure;
    }
  };
}

/**
 * Rule 8: ky's `HTTPError`, `TimeoutError` and network errors (any runtime's) as the SDK's
 * classes, the one place ky's errors become ours.
 */
function toPaymentsError(
  error: unknown,
  out: Pick<Outgoing, 'signal' | 'timeout' | 'secrets'>,
): PaymentsError {
  if (error instanceof PaymentsError) return error;
  if (out.signal?.aborted) return new APIUserAbortError();
  if (ky?.isHTTPError(error)) return answerError(error.response, error.data, out.secrets);
  // An attempt's fetch that ky aborted at its timeout rejects with an AbortError (the caller's abort is above).
  if (ky?.isTimeoutError(error) || (error as Error)?.name === 'AbortError')
    return new APITimeoutError(out.timeout);
  // ky wraps fetch's TypeError, which wraps the socket error: the deepest message says most.
  let reason = String(error);
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) reason = cause.message;
  return new APIConnectionError(`Connection error: ${redactSecrets(reason, out.secrets)}`);
}

/**
 * An error answer as the SDK's error. ky's `data` is its text, or the JSON ky parsed from it,
 * serialised again: either way redacted of `secrets` before the SDK parses it (`readErrorBody`).
 */
function answerError(response: Response, data: unknown, secrets: readonly (string | undefined)[]): APIError {
  const text = typeof data === 'string' ? data : data === undefined ? '' : JSON.stringify(data);
  const { details, body } = readErrorBody(response.status, response.statusText, text, secrets);
  // Headers are the service's text too: a proxy may echo `Authorization`. A header named after
  // a secret, in lower case too as names come, is left out: a name cannot hold `[redacted]`.
  const headers = new Headers();
  const inNames = [...secrets, ...secrets.map((secret) => secret?.toLowerCase())];
  for (const [name, value] of response.headers)
    if (redactSecrets(name, inNames) === name) headers.append(name, redactSecrets(value, secrets));
  return APIError.generate(response.status, details, headers, body);
}
