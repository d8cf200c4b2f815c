/**
 * Everything that needs ky: one instance per client, whose `retry` carries the payment rules
 * (`shouldRetry`); each call's attempts go through its `Call`, ky's `fetch`, which logs them;
 * ky's errors become the SDK's in `toPaymentsError`. Its own module so that the core can load ky
 * on the first request: ky's initialisation makes Node load its fetch implementation (about
 * 40–50 ms of start-up on Node 24, measured by bench/startup.ts).
 */
import ky, { isHTTPError, isTimeoutError, type Options, type RetryOptions } from 'ky';
import { APIError } from '../errors/api-error.js';
import { PaymentsError } from '../errors/base.js';
import { APIConnectionError, APITimeoutError, APIUserAbortError } from '../errors/connection.js';
import { redactSecrets } from '../schemas/redact.js';
import { readErrorBody } from './error-body.js';

/** Longest honoured `Retry-After`, in ms (ky's default is unbounded): a caller is waiting. */
export const MAX_RETRY_AFTER_MS = 60_000;
/** 408, 409 (idempotency in flight), 429 and the common 5xx; the rarer 5xx through `shouldRetry`. */
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

/**
 * The payment rules, as ky's retry options; the limit is the call's (0 for a POST without a key).
 * As few keys as the rules need: ky normalises them on every call (see bench/client.bench.ts).
 */
const RETRY: RetryOptions = {
  methods: ['get', 'post', 'patch', 'delete'],
  statusCodes: RETRY_STATUSES,
  afterStatusCodes: RETRY_STATUSES,
  maxRetryAfter: MAX_RETRY_AFTER_MS,
  // From 500 ms, doubled each retry up to 8 s, less up to 25% of jitter.
  delay: (retry) => Math.min(500 * 2 ** (retry - 1), 8_000) * (1 - Math.random() * 0.25),
  shouldRetry: ({ error }) => {
    // The caller's signal aborted the attempt: never retried.
    if (error.name === 'AbortError') return false;
    // A timeout, or any failure to get an answer (ky knows only some runtimes' network errors; a
    // lost answer is one too): retried, within the limit.
    if (!isHTTPError(error)) return true;
    // ky read the body, bounded and after the attempt: kept for the attempt's line (`Call`).
    errorData.set(error.response, error.data);
    const { status, code } = answerError(error.response, error.data, []);
    if (FINAL_CONFLICTS.has(`${status} ${code}`)) return false;
    // `undefined` leaves the decision to ky's rules above (statuses, Retry-After).
    return status >= 500 && !RETRY_STATUSES.includes(status) ? true : undefined;
  },
};

/** ky's `data` of each error answer it considered retrying (see `shouldRetry`). */
const errorData = new WeakMap<Response, unknown>();

/**
 * One call, from its first attempt to its end. It sees each attempt start and end (it is ky's
 * `fetch`), so it logs them itself: through ky's hooks it would need a `beforeRetry` hook and the
 * call in ky's `context`, options ky merges into every call (see bench/client.bench.ts).
 */
class Call {
  attempts = 0;
  /** How long the latest attempt took, in ms. */
  ms = 0;
  text = '';
  /** The parsed body; `undefined` until then or when it is not JSON (never JSON's own value). */
  json: unknown;
  /** The latest attempt's failure (or error answer), not yet logged: a next attempt means ky retries it. */
  #failed: PaymentsError | Response | undefined;

  constructor(
    readonly out: Outgoing,
    readonly fetchOverride: typeof fetch | undefined,
  ) {}

  /**
   * ky's `fetch`, for what ky cannot do: the fetch looked up per attempt (msw or instrumentation
   * set up after the client), each attempt timed and logged, and a 2xx body read inside the
   * attempt (ky's per-attempt timeout covers it and a lost one is retried). An error answer's
   * body is ky's to read, bounded and after the attempt, as `error.data`.
   */
  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    if (this.attempts > 0) this.#retried();
    const attempt = ++this.attempts;
    // An attempt ky gave up on (a fetch that ignores the abort signal) may end during the next:
    // only the latest (`attempt === this.attempts`) writes the call's state.
    this.#failed = undefined;
    const started = Date.now();
    try {
      const response = await (this.fetchOverride ?? globalThis.fetch)(input, init);
      if (response.ok) {
        const [text, json] = await this.#read(response);
        if (attempt === this.attempts) [this.text, this.json] = [text, json];
      }
      if (attempt === this.attempts)
        this.#failed = this.#timedOut(input) ?? (response.ok ? undefined : response);
      return response;
    } catch (error) {
      if (attempt === this.attempts) this.#failed = this.#timedOut(input) ?? toPaymentsError(error, this.out);
      throw error;
    } finally {
      if (attempt === this.attempts) this.ms = Date.now() - started;
    }
  };

  /** Aborted by ky and not by the caller: the attempt timed out, whatever it ended with later. */
  #timedOut(input: RequestInfo | URL): APITimeoutError | undefined {
    const abandoned = input instanceof Request && input.signal.aborted && !this.out.signal?.aborted;
    return abandoned ? new APITimeoutError(this.out.timeout) : undefined;
  }

  /** The attempt before this one failed and ky retries it: its `warn` line. */
  #retried(): void {
    // No failure seen: ky gave up on it at its timeout (a fetch that ignores the abort signal).
    if (this.#failed === undefined)
      [this.#failed, this.ms] = [new APITimeoutError(this.out.timeout), this.out.timeout];
    this.log('warn', this.#failed);
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

  /** The call's end: its last attempt's line at `info` (the caller sees the outcome). */
  end(outcome: PaymentsError | Response): void {
    // The caller aborted while ky waited to retry a failed attempt: that attempt's line first.
    const failed = this.#failed;
    if (
      outcome instanceof APIUserAbortError &&
      failed !== undefined &&
      !(failed instanceof APIUserAbortError)
    )
      this.log('warn', failed);
    this.log('info', outcome);
  }

  /** One line per attempt: `warn` for one that is retried, `info` for the last. */
  log(level: 'info' | 'warn', outcome: PaymentsError | Response): void {
    // A Response is a 2xx, or an error answer ky considered retrying (its `data` kept then). Any
    // runtime's Response: a fetch may bring its own class.
    const error =
      outcome instanceof PaymentsError || outcome.ok
        ? outcome
        : answerError(outcome, errorData.get(outcome), this.out.secrets);
    const what =
      error instanceof APIError
        ? `${error.status}${error.code === undefined ? '' : ` ${error.code}`}`
        : error instanceof PaymentsError
          ? `failed: ${error.message}`
          : String(error.status);
    this.out.log(level, what, Math.max(0, this.attempts - 1), this.ms);
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
export function createTransport(defaults: TransportDefaults): Transport {
  const api = ky.create({
    timeout: defaults.timeout,
    retry: { ...RETRY, limit: defaults.maxRetries },
  });
  return async (out) => {
    const call = new Call(out, defaults.fetch);
    const options: Options = {
      method: out.method,
      headers: out.headers,
      fetch: call.fetch,
    };
    if (out.body !== undefined) options.body = out.body;
    if (out.signal !== undefined) options.signal = out.signal;
    // ky merges a call's options into its instance's on every call (a tenth of a call's CPU time):
    // a call gives only what differs from the client's settings.
    if (out.timeout !== defaults.timeout) options.timeout = out.timeout;
    // A POST without its idempotency key is never repeated.
    const limit = out.mayRetry ? Math.max(0, Math.floor(out.maxRetries)) : 0;
    if (limit !== defaults.maxRetries) options.retry = { limit };
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
 * ky's `HTTPError`, `TimeoutError` and network errors (any runtime's) as the SDK's classes: the
 * one place ky's errors become ours.
 */
function toPaymentsError(
  error: unknown,
  out: Pick<Outgoing, 'signal' | 'timeout' | 'secrets'>,
): PaymentsError {
  if (error instanceof PaymentsError) return error;
  if (out.signal?.aborted) return new APIUserAbortError();
  if (isHTTPError(error)) return answerError(error.response, error.data, out.secrets);
  if (isTimeoutError(error)) return new APITimeoutError(out.timeout);
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
