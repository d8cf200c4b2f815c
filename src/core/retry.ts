/** When to retry, and how long to wait. */

/** Longest honoured `Retry-After`, in ms. Longer asks are capped: a caller is waiting. */
export const MAX_RETRY_AFTER_MS = 60_000;
const INITIAL_DELAY_MS = 500;
const MAX_DELAY_MS = 8_000;

/** 409 codes that will not change on a retry: the same answer would come back. */
const FINAL_CONFLICTS = new Set(['IDEMPOTENCY_KEY_REUSED', 'INVALID_TRANSITION']);

/** True for statuses worth another attempt: 408, 409 (idempotency in flight), 429, 5xx. */
export function isRetryableStatus(status: number, code: string | undefined): boolean {
  if (status === 409) return code === undefined || !FINAL_CONFLICTS.has(code);
  return status === 408 || status === 429 || status >= 500;
}

/** Reads `Retry-After` (seconds or an HTTP date), in ms. */
export function retryAfterMs(headers: Headers | undefined, now = Date.now()): number | undefined {
  const value = headers?.get('retry-after');
  if (value == null) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The wait before retry number `retry` (1-based): `Retry-After` within the cap, else exponential backoff with jitter. */
export function retryDelayMs(retry: number, headers?: Headers, random = Math.random): number {
  const asked = retryAfterMs(headers);
  if (asked !== undefined) return Math.min(asked, MAX_RETRY_AFTER_MS);
  const base = Math.min(INITIAL_DELAY_MS * 2 ** (retry - 1), MAX_DELAY_MS);
  return base * (1 - random() * 0.25);
}

/** Waits `ms`, or rejects at once with `onAbort()` when `signal` aborts. */
export function sleep(ms: number, signal: AbortSignal | undefined, onAbort: () => Error): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(onAbort());
      return;
    }
    const abort = () => {
      clearTimeout(timer);
      reject(onAbort());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', abort, { once: true });
  });
}
