/**
 * When a failed attempt is tried again, and after how long: rules 2 to 4 of ./transport.ts, as
 * ky's `retry` options. (2) 408, 409, 429, 500, 502, 503, 504 and any other 5xx are retried, other
 * statuses and a 409 that will not change are not; (3) a timeout, a failed connection and a lost
 * answer are retried, the caller's abort never; (4) the wait doubles from 500 ms to at most 8 s,
 * less up to 25% of jitter, or is the answer's Retry-After, capped at 60 s.
 */
import type { RetryOptions } from 'ky';
import { APIError } from '../errors/api-error.js';
import type { PaymentsError } from '../errors/base.js';
import { APIUserAbortError } from '../errors/connection.js';

/** Longest honoured `Retry-After`, in ms (ky's default is unbounded): a caller is waiting. */
export const MAX_RETRY_AFTER_MS = 60_000;
/** 408, 409 (idempotency in flight), 429 and the common 5xx: retried after their Retry-After. */
const RETRY_STATUSES = [408, 409, 429, 500, 502, 503, 504];
/** 409 codes that will not change on a retry: the same answer would come back. */
const FINAL_CONFLICTS = new Set(['409 IDEMPOTENCY_KEY_REUSED', '409 INVALID_TRANSITION']);
/** setTimeout's longest delay, and ky's longest `timeout` (it throws a RangeError above it). */
export const MAX_TIMER_MS = 2 ** 31 - 1;
/** Every method: whether a call may be repeated is its limit's to say (rule 1), not its method's. */
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * Rules 2 and 3 as ky's `shouldRetry`, on the SDK's error for a failed attempt: `true` retries it
 * after the backoff, `false` does not, `undefined` leaves it to ky, which retries the statuses it
 * is given (`statusCodes`) after their Retry-After (`afterStatusCodes`): a `true` would skip it.
 */
export function retries(failure: PaymentsError): boolean | undefined {
  if (failure instanceof APIUserAbortError) return false;
  if (!(failure instanceof APIError)) return true;
  if (FINAL_CONFLICTS.has(`${failure.status} ${failure.code}`)) return false;
  if (RETRY_STATUSES.includes(failure.status)) return undefined;
  return failure.status >= 500;
}

/**
 * ky's retry options for a call that may be retried `limit` times, asking `shouldRetry` (rules 2
 * and 3, through `retries`). Rule 4: from 500 ms, doubled each retry up to 8 s (ky passes 1 for
 * the first retry), less up to 25% of jitter; the cap is inside `delay` because ky applies
 * `backoffLimit` after the jitter. ky waits a Retry-After (seconds or an HTTP date) without jitter.
 */
export function retryOptions(
  limit: number,
  shouldRetry: NonNullable<RetryOptions['shouldRetry']>,
): RetryOptions {
  return {
    limit,
    methods: METHODS,
    statusCodes: RETRY_STATUSES,
    afterStatusCodes: RETRY_STATUSES,
    maxRetryAfter: MAX_RETRY_AFTER_MS,
    delay: (retry) => Math.min(500 * 2 ** (retry - 1), 8_000),
    jitter: (ms) => ms * (1 - Math.random() * 0.25),
    shouldRetry,
  };
}
