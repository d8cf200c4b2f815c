/**
 * The receiver logic shared by the Fetch and Node adapters: verify, parse, de-duplicate, hand
 * the event to the merchant, and choose the answer. It never echoes the secret or the body.
 */
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
   * Called once per verified, new event. Store it and return quickly (do heavy work later): the
   * service waits for the answer. If it throws, the answer is 500 and the event is released, so
   * the service's retry is handled again.
   */
  onEvent: (event: WebhookEvent) => void | Promise<void>;
  /** Told of each event once `onEvent` has handled it, so that waits on that record end early. */
  hub?: WebhookHub;
  /** Where handled events are remembered. @default a new MemoryDedupeStore() */
  store?: WebhookDedupeStore;
  /** How long a handled event is remembered, in seconds. @default 86_400 (one day) */
  dedupeTtlSeconds?: number;
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
}

/** Checks options once, when the handler is made, so mistakes show at start-up. */
export function resolveHandlerOptions(options: WebhookHandlerOptions) {
  if (typeof options?.onEvent !== 'function') throw new TypeError('onEvent must be a function');
  // An unset environment variable must fail at start-up, not turn every delivery into a 400.
  secretList(options.secret);
  return {
    ...options,
    store: options.store ?? new MemoryDedupeStore(),
    dedupeTtlSeconds: options.dedupeTtlSeconds ?? 86_400,
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
    return { status: 405, body: { received: false, error: 'method not allowed' } };
  let event: WebhookEvent;
  try {
    const construct = {
      ...(options.toleranceSeconds === undefined ? {} : { toleranceSeconds: options.toleranceSeconds }),
      ...(options.onIssue === undefined ? {} : { onIssue: options.onIssue }),
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
  const key = webhookEventKey(event);
  if ((await options.store.claim(key, options.dedupeTtlSeconds)) === 'duplicate') {
    return { status: 200, body: { received: true, duplicate: true } };
  }
  try {
    await options.onEvent(event);
  } catch (error) {
    await options.store.release(key);
    const reason = error instanceof Error ? error.message : String(error);
    reportReceiverError(
      options,
      new Error(`onEvent threw on ${event.event} (answered 500, so the service retries it): ${reason}`, {
        cause: error,
      }),
    );
    return { status: 500, body: { received: false, error: 'handler failed' } };
  }
  options.hub?.publish(event);
  return { status: 200, body: { received: true } };
}
