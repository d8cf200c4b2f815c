/**
 * One call's attempts, over ky: ky sends each attempt, times it out, decides from the rules below
 * whether to retry and waits; this file gives it those rules through its documented options
 * (`retry`, `timeout`, `fetch`) and keeps each attempt's state in the one function ky calls per
 * attempt, the `fetch` it is handed. The rules, each tested under its own wording in
 * test/client/transport.test.ts: (1) a call is tried at most 1 + maxRetries times, a POST without
 * an idempotency key once (`retry.limit`); (2) 408, 409, 429, 500, 502, 503, 504 and any other 5xx
 * are retried, other statuses and a 409 that will not change are not (`retry.shouldRetry`,
 * `retry.statusCodes`); (3) a timeout, a failed connection and a lost answer are retried, the
 * caller's abort never (`retry.shouldRetry`); (4) the wait before a retry doubles from 500 ms to at
 * most 8 s, less up to 25% of jitter, or is the answer's Retry-After, capped at 60 s (`retry.delay`,
 * `retry.jitter`, `retry.afterStatusCodes`, `retry.maxRetryAfter`; these in ./retry-rules.ts);
 * (5) an attempt has `timeout` ms for its answer, a 2xx body included (`timeout`, which covers
 * `fetch`); (6) each attempt runs `attempt()` once, which knows its number and the wait before it
 * and looks up the fetch then (`fetch`); (7) each attempt is logged once, at `warn` when it is to be
 * retried, at `info` when the call ends with it (`retry.shouldRetry`, `Call.end`); (8) a failed
 * attempt becomes the SDK's error in one place, `toPaymentsError`, redacted of the client's
 * secrets. The caller's abort is final: an aborted signal sends nothing, and an abort ends the
 * attempt at once, even one whose fetch ignores its signal (its late answer is dropped), and the
 * wait before a retry (ky's). An error answer's body is ky's to read, after its attempt, for at most
 * `timeout` ms and 10 MiB (`HTTPError.data`, ./error-answer.ts). ky is imported on the first request.
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
import { answerError } from './error-answer.js';
import { MAX_TIMER_MS, retries, retryOptions } from './retry-rules.js';

/** ky, loaded with the first request: see ./ky.ts. */
let ky: typeof import('./ky.js') | undefined;

/** One call as the transport sends it: the request, its limits and where its log lines go. */
export interface Outgoing {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The body, already serialised: a snapshot of what was validated, sent as it is on every attempt. */
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

/** One call, from its first attempt to its end: ky's `fetch` and `retry` for it (exported for its tests). */
export class Call {
  /** Attempts started so far: the next one's number. */
  attempts = 0;
  /** ky's retry options for this call (rules 1 to 4). */
  readonly retry: RetryOptions;
  /** When the latest attempt started, and when ky's `shouldRetry` decided on it (`undefined` before). */
  #startedAt = 0;
  #decidedAt: number | undefined;
  /** The latest 2xx answer whose attempt read its body in time: the call's, if ky returns its Response. */
  #answer: Answer | undefined;
  /** What failed, as the SDK's error: made once, asked by `shouldRetry` and at the end. */
  #failures: WeakMap<object, PaymentsError> | undefined;

  constructor(
    readonly out: Outgoing,
    readonly fetchOverride: typeof fetch | undefined,
  ) {
    // Rule 1: a POST without its idempotency key is never repeated.
    this.retry = retryOptions(out.mayRetry ? Math.max(0, Math.floor(out.maxRetries)) : 0, this.#shouldRetry);
  }

  /** Sends the call with `api` (ky); resolves to the 2xx answer, rejects with what ky threw. */
  async send(api: typeof import('ky').default): Promise<Answer> {
    const { out } = this;
    const options: Options = {
      method: out.method,
      headers: out.headers,
      fetch: this.fetch,
      retry: this.retry,
      // ky refuses a timeout above setTimeout's longest delay.
      timeout: Math.min(out.timeout, MAX_TIMER_MS),
    };
    if (out.body !== undefined) options.body = out.body;
    if (out.signal !== undefined) options.signal = out.signal;
    const response = await api(out.url, options);
    const answer = this.#answer;
    return answer?.response === response ? answer : { response, text: '', json: undefined };
  }

  /** ky's `fetch`, called once per attempt: numbers it, measures the wait before it, runs it. */
  readonly fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    // ky hands each attempt its own Request.
    const request = input instanceof Request ? input : new Request(input, init);
    const resendCount = this.attempts++;
    this.#startedAt = Date.now();
    const delayMs = this.#decidedAt === undefined ? 0 : this.#startedAt - this.#decidedAt;
    this.#decidedAt = undefined;
    return this.attempt(resendCount, delayMs, request, init);
  };

  /**
   * Rules 5 and 6: one attempt, from its start to its answer; the one function that runs once per
   * attempt. `resendCount` is 0 for the first attempt, `delayMs` the wait before it (0 for the
   * first). `request.signal` is aborted by the caller and at the attempt's timeout (ky's): the
   * attempt ends then, whether or not the fetch listens to it.
   */
  async attempt(
    resendCount: number,
    delayMs: number,
    request: Request,
    init: RequestInit | undefined,
  ): Promise<Response> {
    const { out } = this;
    const call = out.trace;
    const channel = call && tracing('attempt');
    let trace: AttemptTraceContext | undefined;
    if (channel) {
      const { operationId, method, urlTemplate, serverAddress, serverPort } = call;
      // Without credentials: the client refuses a baseUrl that has them (./config.ts).
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
    const { signal } = request;
    let ended: (() => void) | undefined;
    try {
      // Without a caller's signal or a trace, nobody waits for a deaf fetch's attempt to end: ky's
      // timeout ends the call's wait for it, and a late answer is dropped all the same.
      if (out.signal === undefined && trace === undefined) return await this.#exchange(request, init, trace);
      return await new Promise<Response>((resolve, reject) => {
        ended = () =>
          reject(out.signal?.aborted ? new APIUserAbortError() : new APITimeoutError(out.timeout));
        if (signal.aborted) return ended();
        signal.addEventListener('abort', ended, { once: true });
        this.#exchange(request, init, trace).then(resolve, reject);
      });
    } catch (error) {
      if (trace) trace.error = traceError(this.failure(error), out.secrets);
      throw error;
    } finally {
      if (ended) signal.removeEventListener('abort', ended);
      if (trace) traceEnd(channel as NonNullable<typeof channel>, trace);
    }
  }

  /**
   * The request and its answer. The fetch is looked up now (msw or instrumentation set up after
   * the client); a 2xx body is read here, within the attempt's timeout, so that a lost one is
   * retried (rules 3, 5). An answer that comes after its attempt ended is dropped unread.
   */
  async #exchange(
    request: Request,
    init: RequestInit | undefined,
    trace: AttemptTraceContext | undefined,
  ): Promise<Response> {
    const response = await (this.fetchOverride ?? globalThis.fetch)(request, init);
    if (request.signal.aborted) {
      response.body?.cancel().catch(() => {});
      return response;
    }
    if (trace) trace.statusCode = response.status;
    if (!response.ok) return response;
    const [text, json] = await this.#read(response);
    if (!request.signal.aborted) this.#answer = { response, text, json };
    return response;
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
    const failure = this.failure(error);
    const retried = retries(failure);
    this.#decidedAt = Date.now();
    if (retried !== false) this.#log('warn', failure, retryCount - 1);
    return retried;
  };

  /** What failed an attempt or the call, as the SDK's error (rule 8), made once per failure. */
  failure(error: unknown): PaymentsError {
    if (typeof error !== 'object' || error === null) return toPaymentsError(error, this.out);
    this.#failures ??= new WeakMap();
    let failure = this.#failures.get(error);
    if (failure === undefined) {
      failure = toPaymentsError(error, this.out);
      this.#failures.set(error, failure);
    }
    return failure;
  }

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

/** The client's settings the transport starts from; each call carries its own timeout and retries. */
export interface TransportDefaults {
  /** Looked up on every attempt when `undefined`: `globalThis.fetch`. */
  fetch: typeof fetch | undefined;
}

/** The client's transport: each call is a `Call` sent by ky, logged once at its end. */
export function createTransport(defaults: TransportDefaults): Transport {
  return async (out) => {
    const call = new Call(out, defaults.fetch);
    try {
      // The caller's abort is final: an aborted signal sends nothing.
      if (out.signal?.aborted) throw new APIUserAbortError();
      ky ??= await import('./ky.js');
      const answer = await call.send(ky.ky);
      call.end(answer.response);
      return answer;
    } catch (error) {
      const failure = call.failure(error);
      call.end(failure);
      throw failure;
    }
  };
}

/**
 * Rule 8: what failed as the SDK's error, the one place where errors become ours: ky's
 * `HTTPError` (an error answer) and `TimeoutError`, the caller's abort, a lost answer, or what
 * fetch threw (any runtime's network errors, which ky may wrap).
 */
function toPaymentsError(
  error: unknown,
  out: Pick<Outgoing, 'signal' | 'timeout' | 'secrets'>,
): PaymentsError {
  if (error instanceof PaymentsError) return error;
  if (out.signal?.aborted) return new APIUserAbortError();
  if (ky?.isHTTPError(error)) return answerError(error.response, error.data, out.secrets);
  if (ky?.isTimeoutError(error)) return new APITimeoutError(out.timeout);
  // ky wraps fetch's TypeError, which wraps the socket error: the deepest message says most.
  let reason = String(error);
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) reason = cause.message;
  return new APIConnectionError(`Connection error: ${redactSecrets(reason, out.secrets)}`);
}
