/**
 * Waiting for a record to reach a status: polls with backoff (from about 1 s, growing to a cap),
 * honours `Retry-After`, ends at once on abort, and wakes early when a webhook hub says the record
 * changed.
 */
import { APIUserAbortError } from '../errors/connection.js';
import { WaitTimeoutError } from '../errors/wait.js';
import type { WebhookHub } from '../webhooks/hub.js';
import type { APIResult } from './api-promise.js';

/** Options of `waitFor`. */
export interface WaitOptions<S extends string = string> {
  /** The statuses to wait for. @default every final status (anything but PENDING and PROCESSING) */
  until?: readonly S[];
  /** How long to wait in all, in ms. @default 300_000 (5 minutes) */
  timeout?: number;
  /** Aborts the wait at once (rejects with `APIUserAbortError`). */
  signal?: AbortSignal;
  /** The hub your webhook receiver publishes to: a webhook about the record ends the wait early. */
  hub?: WebhookHub;
}

/** The request options of a wait's reads: its signal, so an abort also ends a read in flight. */
export function signalOf(options: WaitOptions | undefined): { signal?: AbortSignal } {
  return options?.signal === undefined ? {} : { signal: options.signal };
}

/** The record types a wait reads: a status and the keys a webhook may carry. */
interface Waitable {
  status?: string | undefined;
  transactionId?: string | null | undefined;
  externalId?: string | null | undefined;
  id?: number | undefined;
}

const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 15_000;
const NOT_FINAL = new Set(['PENDING', 'PROCESSING']);

/** Polls `read` until the record's status is one of `until` (or final), the timeout, or an abort. */
export async function waitForRecord<T extends Waitable>(
  key: string | number,
  read: () => Promise<APIResult<T>>,
  options: WaitOptions = {},
): Promise<T> {
  const timeout = options.timeout ?? 300_000;
  if (!Number.isFinite(timeout) || timeout < 0)
    throw new TypeError(`timeout must be a number of ms >= 0, got ${timeout}`);
  const until = options.until === undefined ? undefined : new Set<string>(options.until);
  const done = (status: string | undefined) =>
    status !== undefined && (until === undefined ? !NOT_FINAL.has(status) : until.has(status));
  const deadline = Date.now() + timeout;
  let last: T | undefined;
  let wake = () => {};
  let unsubscribe = options.hub?.subscribe([key], () => wake());
  try {
    for (let attempt = 0; ; attempt++) {
      if (options.signal?.aborted) throw new APIUserAbortError();
      const remaining = deadline - Date.now();
      const result = await read();
      last = result.data;
      if (done(last.status)) return last;
      if (attempt === 0 && options.hub !== undefined) {
        // Webhooks name a record by its transactionId, externalId (referenceId) or legacy id.
        unsubscribe?.();
        const keys = [key, last.transactionId, last.externalId, last.id].filter((k) => k != null) as (
          | string
          | number
        )[];
        unsubscribe = options.hub.subscribe(keys, () => wake());
      }
      const asked = Number(result.headers.get('retry-after')) * 1000;
      const backoff = Math.min(FIRST_DELAY_MS * 1.5 ** attempt, MAX_DELAY_MS);
      const delay = Math.min(
        Number.isFinite(asked) && asked > backoff ? asked : backoff,
        deadline - Date.now(),
      );
      if (remaining <= 0 || delay <= 0) break;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(finish, delay);
        const abort = () => finish(new APIUserAbortError());
        function finish(error?: Error) {
          clearTimeout(timer);
          options.signal?.removeEventListener('abort', abort);
          wake = () => {};
          if (error) reject(error);
          else resolve();
        }
        wake = () => finish();
        options.signal?.addEventListener('abort', abort, { once: true });
      });
    }
  } finally {
    unsubscribe?.();
  }
  throw new WaitTimeoutError(
    `waited ${timeout} ms for ${key} to reach ${until === undefined ? 'a final status' : [...until].join(' or ')}; last status ${last?.status ?? 'unknown'}`,
    last,
  );
}
