/**
 * One call's attempts, each sent with `fetch` by the loop of `Call.send`. The rules, each tested
 * under its own wording in test/client/transport.test.ts: (1) a call is tried at most
 * 1 + maxRetries times, a POST without an idempotency key once (`Call.send`); (2) 408, 409, 429,
 * 500, 502, 503, 504 and any other 5xx are retried, other statuses and a 409 that will not change
 * are not (`retries`); (3) a timeout, a failed connection and a lost answer are retried, the
 * caller's abort never (`retries`); (4) the wait before a retry doubles from 500 ms to at most
 * 8 s, less up to 25% of jitter, or is the answer's Retry-After, capped at 60 s (`delayBefore`;
 * these two in ./retry-rules.ts); (5) an attempt has `timeout` ms for its answer, a 2xx body
 * included (`Call.attempt`); (6) each attempt runs `attempt()` once, which knows its number and
 * the wait before it and looks up the fetch then (`Call.attempt`); (7) each attempt is logged
 * once, at `warn` when it is to be retried, at `info` when the call ends with it (`Call.send`,
 * `Call.end`); (8) a failed attempt becomes the SDK's error in one place, `toPaymentsError`,
 * redacted of the client's secrets. The caller's abort also ends the wait before a retry, at once.
 * An error answer's body is read after its attempt, for at most `timeout` ms and 10 MiB
 * (`readErrorText`, in ./error-answer.ts).
 */
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
import { answerError, ErrorAnswer, readErrorText } from './error-answer.js';
import { delayBefore, MAX_TIMER_MS, pause, retries } from './retry-rules.js';

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

/**
 * An attempt's answer with its body read and, when JSON was expected, parsed (`undefined` when it
 * was not JSON). An error answer's body is read later, by `readErrorText`: `text` is then ''.
 */
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

/** An attempt that had no answer within its `timeout`. */
class AttemptTimeoutError extends Error {
  override name = 'AttemptTimeoutError';
}

/** One call, from its first attempt to its end (exported for its tests). */
export class Call {
  /** Attempts started so far: the next one's number. */
  attempts = 0;
  /** When the latest attempt started, and when it was decided whether to retry it (`undefined` before). */
  #startedAt = 0;
  #decidedAt: number | undefined;

  constructor(
    readonly out: Outgoing,
    readonly fetchOverride: typeof fetch | undefined,
  ) {}

  /** Rules 1 and 7: the attempts and the waits between them; resolves to the 2xx answer. */
  async send(): Promise<Answer> {
    const { out } = this;
    // Rule 1: a POST without its idempotency key is never repeated.
    const limit = out.mayRetry ? Math.max(0, Math.floor(out.maxRetries)) : 0;
    // A header fetch would refuse (a caller's value with a line break) fails the call before its
    // first attempt, which could get no further: it throws here, it is not retried.
    new Headers(out.headers);
    for (;;) {
      const retry = this.attempts++;
      this.#startedAt = Date.now();
      const delayMs = this.#decidedAt === undefined ? 0 : this.#startedAt - this.#decidedAt;
      this.#decidedAt = undefined;
      let failure: PaymentsError;
      try {
        const answer = await this.attempt(retry, delayMs);
        if (answer.response.ok) return answer;
        throw new ErrorAnswer(answer.response, await readErrorText(answer.response, out.timeout));
      } catch (error) {
        failure = toPaymentsError(error, out);
      }
      this.#decidedAt = Date.now();
      if (retry >= limit || !retries(failure)) throw failure;
      this.#log('warn', failure, retry);
      await pause(delayBefore(retry + 1, failure), out.signal);
    }
  }

  /**
   * Rules 5 and 6: one attempt, from its start to its answer; the one function that runs once per
   * attempt. `resendCount` is 0 for the first attempt, `delayMs` the wait before it (0 for the
   * first). Its signal is aborted at its timeout and by the caller's.
   */
  async attempt(resendCount: number, delayMs: number): Promise<Answer> {
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
    const timeout = new AbortController();
    const signal = out.signal === undefined ? timeout.signal : AbortSignal.any([out.signal, timeout.signal]);
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      // A fetch that ignores the abort may settle later: the attempt has ended without it.
      return await new Promise<Answer>((resolve, reject) => {
        timer = setTimeout(
          () => {
            reject(new AttemptTimeoutError(`no answer in ${out.timeout} ms`));
            timeout.abort();
          },
          Math.min(out.timeout, MAX_TIMER_MS),
        );
        this.#exchange(signal, trace).then(resolve, reject);
      });
    } catch (error) {
      if (trace) trace.error = traceError(toPaymentsError(error, out), out.secrets);
      throw error;
    } finally {
      clearTimeout(timer);
      if (trace) traceEnd(channel as NonNullable<typeof channel>, trace);
    }
  }

  /**
   * The request and its answer. The fetch is looked up now (msw or instrumentation set up after
   * the client); a 2xx body is read here, within the attempt's timeout, so that a lost one is
   * retried (rules 3, 5).
   */
  async #exchange(signal: AbortSignal, trace: AttemptTraceContext | undefined): Promise<Answer> {
    const { method, url, headers, body } = this.out;
    const response = await (this.fetchOverride ?? globalThis.fetch)(url, {
      method,
      headers,
      body: body ?? null,
      signal,
    });
    if (trace) trace.statusCode = response.status;
    if (!response.ok) return { response, text: '', json: undefined };
    const [text, json] = await this.#read(response);
    return { response, text, json };
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

  /** Rule 7: the call's end, its last attempt's `info` line (the caller sees the outcome). */
  end(outcome: PaymentsError | Response): void {
    if (this.out.trace) this.out.trace.attempts = this.attempts;
    this.#log('info', outcome, Math.max(0, this.attempts - 1));
  }

  /** An attempt's line; it lasted until it was decided on, or until now. */
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

/** The client's transport: each call is a `Call`, logged once at its end. */
export function createTransport(defaults: TransportDefaults): Transport {
  return async (out) => {
    const call = new Call(out, defaults.fetch);
    try {
      const answer = await call.send();
      call.end(answer.response);
      return answer;
    } catch (error) {
      const failure = toPaymentsError(error, out);
      call.end(failure);
      throw failure;
    }
  };
}

/**
 * Rule 8: what failed an attempt as the SDK's error, the one place where errors become ours: an
 * error answer, the attempt's timeout, the caller's abort, a lost answer, or what fetch threw
 * (any runtime's network errors).
 */
function toPaymentsError(
  error: unknown,
  out: Pick<Outgoing, 'signal' | 'timeout' | 'secrets'>,
): PaymentsError {
  if (error instanceof PaymentsError) return error;
  if (out.signal?.aborted) return new APIUserAbortError();
  if (error instanceof ErrorAnswer) return answerError(error.response, error.text, out.secrets);
  // The attempt's timer rejects before it aborts the fetch: an AbortError never gets here first.
  if (error instanceof AttemptTimeoutError) return new APITimeoutError(out.timeout);
  // fetch's TypeError wraps the socket error: the deepest message says most.
  let reason = String(error);
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) reason = cause.message;
  return new APIConnectionError(`Connection error: ${redactSecrets(reason, out.secrets)}`);
}
