/**
 * The receiver logic shared by the Fetch and Node adapters: verify, parse, lease the event's key,
 * hand the event to the merchant, record it as handled, and choose the answer. It never echoes
 * the secret or the body.
 */

import { kindOf } from '../schemas/checks.js';
import { redactSecrets } from '../schemas/redact.js';
import { constructWebhookEvent } from './construct.js';
import { MemoryDedupeStore, type WebhookDedupeStore } from './dedupe-store.js';
import { isWebhookDeliveryError } from './errors.js';
import type { ParseWebhookEventOptions } from './events.js';
import { type WebhookEvent, webhookEventKey } from './events.js';
import type { WebhookHeaders } from './headers.js';
import type { WebhookHub } from './hub.js';
import { secretList, type WebhookSecret } from './secrets.js';

/** Options of the receiver helpers. */
export interface WebhookHandlerOptions {
  /** The subscription's signing secret, or several during rotation. */
  secret: WebhookSecret;
  /**
   * Called once per verified, new event. Store or enqueue it and return quickly (do heavy work
   * later): the service waits for the answer. While it runs, the event's key is leased, so a
   * retry of the same event is answered 409 and comes back later. If it throws, the answer is
   * 500 and the key is released, so the service's retry is handled again.
   */
  onEvent: (event: WebhookEvent) => void | Promise<void>;
  /** Told of each event once `onEvent` has handled it, so that waits on that record end early. */
  hub?: WebhookHub;
  /** Where events being handled are leased and handled ones remembered. @default a new MemoryDedupeStore() */
  store?: WebhookDedupeStore;
  /** How long a handled event is remembered, in seconds. @default 86_400 (one day) */
  dedupeTtlSeconds?: number;
  /**
   * How long a delivery holds its event's key while `onEvent` runs, in seconds, renewed every
   * third of it until `onEvent` settles. If the receiver dies, the key is free again this long
   * after the last renewal, and the service's next retry is handled. @default 10
   */
  processingTimeoutSeconds?: number;
  /** Passed to constructWebhookEvent: reject stale or future timestamps. @default undefined (off) */
  toleranceSeconds?: number;
  /** Passed to constructWebhookEvent: told of each field of an authentic event that does not match the documented shape. */
  onIssue?: ParseWebhookEventOptions['onIssue'];
  /**
   * Told, exactly once, of every rejected delivery (400: bad signature or body; 413; 500: the body
   * could not be read, e.g. `express.json()` mounted before this handler) and of every error your
   * `onEvent` throws (500: the service retries). Without it, each is written with `console.error`
   * and a message that says what to fix.
   */
  onError?: (error: unknown) => void;
}

/** What the receiver answers. */
export interface WebhookAnswer {
  status: number;
  body: { received: boolean; duplicate?: boolean; error?: string };
  /** Extra answer headers: `Allow` on a 405, `Retry-After` (seconds) on a 409. */
  headers?: Record<string, string>;
}

/** A number of seconds above zero, or a RangeError naming the option. */
function seconds(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!(typeof value === 'number' && value > 0 && value < Number.POSITIVE_INFINITY))
    throw new RangeError(`${name} must be a positive number of seconds, got ${kindOf(value)}`);
  return value;
}

const STORE_METHODS = ['claim', 'renew', 'complete', 'release'] as const;

/** A store with the four lease methods; a store written for the old claim/release pair is named as such. */
function dedupeStore(store: unknown): WebhookDedupeStore {
  if (store === undefined) return new MemoryDedupeStore();
  const missing = STORE_METHODS.filter(
    (method) => typeof (store as Record<string, unknown> | null)?.[method] !== 'function',
  );
  if (missing.length > 0)
    throw new TypeError(`store must implement WebhookDedupeStore (${STORE_METHODS}); it lacks ${missing}`);
  return store as WebhookDedupeStore;
}

/** Checks options once, when the handler is made, so mistakes show at start-up. */
export function resolveHandlerOptions(options: WebhookHandlerOptions) {
  if (typeof options?.onEvent !== 'function') throw new TypeError('onEvent must be a function');
  // An unset environment variable must fail at start-up, not turn every delivery into a 400.
  secretList(options.secret);
  return {
    ...options,
    store: dedupeStore(options.store),
    dedupeTtlSeconds: seconds(options.dedupeTtlSeconds, 'dedupeTtlSeconds', 86_400),
    processingTimeoutSeconds: seconds(options.processingTimeoutSeconds, 'processingTimeoutSeconds', 10),
  };
}

/** Tells `onError`, or else `console.error`, of one failure: exactly once per delivery. */
export function reportReceiverError(options: Pick<WebhookHandlerOptions, 'onError'>, error: unknown): void {
  if (options.onError !== undefined) {
    options.onError(error);
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  console.error(`[pix-payments] webhook receiver: ${message}`);
}

/** Handles one delivery; never throws (every failure is reported once and answered). */
export async function receiveWebhook(
  method: string | undefined,
  headers: WebhookHeaders,
  body: () => Promise<Uint8Array | string>,
  options: ReturnType<typeof resolveHandlerOptions>,
): Promise<WebhookAnswer> {
  if (method?.toUpperCase() !== 'POST')
    return {
      status: 405,
      body: { received: false, error: 'method not allowed' },
      headers: { allow: 'POST' },
    };
  let event: WebhookEvent;
  try {
    const construct = {
      onIssue: options.onIssue,
      ...(options.toleranceSeconds === undefined ? {} : { toleranceSeconds: options.toleranceSeconds }),
    };
    event = await constructWebhookEvent(await body(), headers, options.secret, construct);
  } catch (error) {
    reportReceiverError(options, error);
    if (isWebhookDeliveryError(error)) {
      const message = error.name === 'WebhookParseError' ? 'invalid body' : 'invalid signature';
      return { status: 400, body: { received: false, error: message } };
    }
    const status = (error as { status?: unknown }).status === 413 ? 413 : 500;
    return { status, body: { received: false, error: status === 413 ? 'body too large' : 'receiver error' } };
  }
  return handleOnce(event, options);
}

type ResolvedOptions = ReturnType<typeof resolveHandlerOptions>;

/** Reports what went wrong, with the cause's own message after it, redacted: a store's error may quote a secret. */
function report(options: ResolvedOptions, what: string, cause?: unknown): void {
  const reason = redactSecrets(
    cause instanceof Error ? cause.message : String(cause),
    secretList(options.secret),
  );
  reportReceiverError(options, new Error(cause === undefined ? what : `${what}: ${reason}`, { cause }));
}

const RETRIED = '(answered 500, so the service retries it)';
const STORE_FAILED = 'the de-duplication store failed to';

/** Leases the event's key, runs `onEvent` once, then records the key as handled or releases it. */
async function handleOnce(event: WebhookEvent, options: ResolvedOptions): Promise<WebhookAnswer> {
  const { store, processingTimeoutSeconds: lease } = options;
  const name = event.event;
  const key = webhookEventKey(event);
  const token = crypto.randomUUID();
  let claim: Awaited<ReturnType<typeof store.claim>>;
  try {
    claim = await store.claim(key, token, lease);
  } catch (error) {
    report(options, `${STORE_FAILED} claim ${name} ${RETRIED}`, error);
    return { status: 500, body: { received: false, error: 'receiver error' } };
  }
  if (claim === 'handled') return { status: 200, body: { received: true, duplicate: true } };
  // Another attempt is handling it now: a 200 here would lose the event if that attempt failed.
  if (claim !== 'claimed')
    return {
      status: 409,
      body: { received: false, error: 'in progress' },
      headers: { 'retry-after': `${Math.ceil(lease)}` },
    };
  const renewal = keepLeased(key, token, options);
  try {
    await options.onEvent(event);
  } catch (error) {
    renewal.stop();
    await Promise.resolve(store.release(key, token)).catch((cause: unknown) =>
      report(options, `${STORE_FAILED} release ${name}`, cause),
    );
    report(options, `onEvent threw on ${name} ${RETRIED}`, error);
    return { status: 500, body: { received: false, error: 'handler failed' } };
  }
  renewal.stop();
  // onEvent has handled the event: whatever the store says now, the answer is 200.
  try {
    if (!(await store.complete(key, token, options.dedupeTtlSeconds)))
      report(
        options,
        `onEvent outlived the lease on ${name}, so it may run twice: raise processingTimeoutSeconds`,
      );
  } catch (error) {
    report(options, `${STORE_FAILED} complete ${name} (answered 200)`, error);
  }
  options.hub?.publish(event);
  return { status: 200, body: { received: true } };
}

/** Renews the lease every third of its length until stopped; the first failure is reported. */
function keepLeased(key: string, token: string, options: ResolvedOptions): { stop(): void } {
  const { store, processingTimeoutSeconds: lease } = options;
  let failed = false;
  const renew = () =>
    Promise.resolve()
      .then(() => store.renew(key, token, lease))
      .catch((error: unknown) => {
        if (!failed) report(options, `${STORE_FAILED} renew a lease`, error);
        failed = true;
      });
  const timer = setInterval(renew, (lease * 1000) / 3);
  // A pending renewal must not keep a Node process alive (unref does not exist in browsers or Workers).
  (timer as { unref?: () => void }).unref?.();
  return { stop: () => clearInterval(timer) };
}
