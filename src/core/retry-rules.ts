/**
 * When a failed attempt is tried again, and after how long: rules 2 to 4 of ./transport.ts.
 * (2) 408, 409, 429, 500, 502, 503, 504 and any other 5xx are retried, other statuses and a 409
 * that will not change are not; (3) a timeout, a failed connection and a lost answer are retried,
 * the caller's abort never; (4) the wait doubles from 500 ms to at most 8 s, less up to 25% of
 * jitter, or is the answer's Retry-After, capped at 60 s; the caller's abort ends it at once.
 */
import { APIError } from '../errors/api-error.js';
import type { PaymentsError } from '../errors/base.js';
import { APIUserAbortError } from '../errors/connection.js';

/** Longest honoured `Retry-After`, in ms: a caller is waiting. */
export const MAX_RETRY_AFTER_MS = 60_000;
/** 408, 409 (idempotency in flight), 429 and the common 5xx: retried after their Retry-After. */
const RETRY_STATUSES = [408, 409, 429, 500, 502, 503, 504];
/** 409 codes that will not change on a retry: the same answer would come back. */
const FINAL_CONFLICTS = new Set(['409 IDEMPOTENCY_KEY_REUSED', '409 INVALID_TRANSITION']);
/** setTimeout's longest delay: a longer one fires at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** Rule 4: from 500 ms, doubled each retry up to 8 s (`retry` is 1 for the first retry). */
const backoff = (retry: number) => Math.min(500 * 2 ** (retry - 1), 8_000);
/** Rule 4: less up to 25% of jitter (none on a Retry-After). */
const jitter = (ms: number) => ms * (1 - Math.random() * 0.25);

/** Rules 2 and 3: whether a failed attempt is tried again (when the limit allows it). */
export function retries(failure: PaymentsError): boolean {
  if (failure instanceof APIUserAbortError) return false;
  if (!(failure instanceof APIError)) return true;
  if (FINAL_CONFLICTS.has(`${failure.status} ${failure.code}`)) return false;
  return RETRY_STATUSES.includes(failure.status) || failure.status >= 500;
}

/** Rule 4: the wait before retry number `retry` (1 for the first), after `failure`. */
export function delayBefore(retry: number, failure: PaymentsError): number {
  const asked =
    failure instanceof APIError && RETRY_STATUSES.includes(failure.status)
      ? retryAfterMs(failure.headers.get('retry-after'))
      : undefined;
  return asked === undefined ? jitter(backoff(retry)) : Math.min(asked, MAX_RETRY_AFTER_MS);
}

/** An HTTP date (RFC 9110): an IMF-fixdate or an RFC 850 date, both in GMT; an asctime one, GMT unsaid. */
const GMT_DATE = /^\w+, \d{2}[ -]\w{3}[ -]\d{2,4} \d{2}:\d{2}:\d{2} GMT$/;
const ASCTIME_DATE = /^\w{3} \w{3} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/;

/** A Retry-After in ms: seconds, or an HTTP date from now; `undefined` when it is neither. */
function retryAfterMs(value: string | null): number | undefined {
  if (value === null) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = GMT_DATE.test(value)
    ? Date.parse(value)
    : ASCTIME_DATE.test(value)
      ? Date.parse(`${value} GMT`)
      : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** The wait before a retry; the caller's abort ends it at once. */
export function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    function abort() {
      clearTimeout(timer);
      reject(new APIUserAbortError());
    }
    if (signal?.aborted) abort();
    else signal?.addEventListener('abort', abort, { once: true });
  });
}
