/**
 * The receiver logic shared by the Fetch and Node adapters: verify, parse, lease the event's key,
 * hand the event to the merchant, record it as handled, and choose the answer. It never echoes
 * the secret or the body.
 */

import { kindOf } from '../schemas/checks.js';
import { type OptionNames, refuseUnknownOptions } from '../schemas/known-options.js';
import { redactSecrets } from '../schemas/redact.js';
import { traceEnd, traceStart, tracing, type WebhookTraceContext } from '../tracing/channels.js';
import { BodyTooLargeError, MAX_BODY_BYTES } from './body.js';
import { constructWebhookEvent } from './construct.js';
import { MemoryDedupeStore, reportEvictionsTo, type WebhookDedupeStore } from './dedupe-store.js';
import {
  isWebhookDeliveryError,
  WebhookDedupeEvictionWarning,
  WebhookLeaseLostError,
  WebhookSlowHandlerWarning,
} from './errors.js';
import type { ParseWebhookEventOptions } from './events.js';
import { type WebhookEvent, webhookEventKey } from './events.js';
import type { WebhookHeaders } from './headers.js';
import type { WebhookHub } from './hub.js';
import type { WebhookPayload } from './payload.js';
import { secretList, type WebhookSecret } from './secrets.js';

/** What a receiver tells `onEvent` of the delivery it is handling. */
export interface WebhookDelivery {
  /** The event's de-duplication key (`webhookEventKey(event)`): the same on every retry. */
  eventKey: string;
  /** This attempt's lease on the key, as given to the store's `claim`. */
  leaseToken: string;
}

/** Options of the receiver helpers; any other name is refused ("did you mean …?"). */
export interface WebhookHandlerOptions {
  /** The subscription's signing secret, or several during rotation. */
  secret: WebhookSecret;
  /**
   * Called once per verified, new event. Store or enqueue it and return quickly (do heavy work
   * later): the service waits for the answer. While it runs, the event's key is leased, so a
   * retry of the same event is answered 409 and comes back later. If it throws, the answer is
   * 500 and the key is released, so the service's retry is handled again. Delivery is
   * at-least-once: make it safe to run twice for one `delivery.eventKey` (docs/webhooks.md).
   */
  onEvent: (event: WebhookEvent, delivery: WebhookDelivery) => void | Promise<void>;
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
  /**
   * The largest body read before verifying it, in bytes: a larger declared `Content-Length` is
   * answered 413 before a byte is read, a streamed body as soon as it passes the bound.
   * @default 1_048_576 (1 MiB)
   */
  maxBodyBytes?: number;
  /**
   * After this many seconds of `onEvent`, a {@link WebhookSlowHandlerWarning} is reported (once,
   * through `onError`, else `console.warn`), even if `onEvent` never settles. @default 10 (the
   * reference mock's per-attempt delivery timeout)
   */
  slowHandlerSeconds?: number;
  /** Passed to constructWebhookEvent: reject stale or future timestamps. @default undefined (off) */
  toleranceSeconds?: number;
  /** Passed to constructWebhookEvent: told of each field of an authentic event that does not match the documented shape. */
  onIssue?: ParseWebhookEventOptions['onIssue'];
  /**
   * Told, exactly once, of every rejected delivery (400: bad signature or body; 413; 500: the body
   * could not be read, e.g. `express.json()` mounted before this handler) and of every error your
   * `onEvent` throws (500: the service retries), and of each {@link WebhookSlowHandlerWarning} and
   * {@link WebhookLeaseLostError} (the answer stays 200 if `onEvent` succeeds): once per failure;
   * and of the first {@link WebhookDedupeEvictionWarning} of a `MemoryDedupeStore` this receiver
   * was the first to be given (its default store included). Without it, each is written with
   * `console.error` (a warning with `console.warn`) and a message that says what to fix.
   */
  onError?: (error: unknown) => void;
}

/** The names {@link WebhookHandlerOptions} takes: `satisfies` keeps the list complete. */
const HANDLER_OPTION_NAMES = {
  secret: 0,
  onEvent: 0,
  hub: 0,
  store: 0,
  dedupeTtlSeconds: 0,
  processingTimeoutSeconds: 0,
  maxBodyBytes: 0,
  slowHandlerSeconds: 0,
  toleranceSeconds: 0,
  onIssue: 0,
  onError: 0,
} satisfies OptionNames<WebhookHandlerOptions>;

/** What the receiver answers. */
export interface WebhookAnswer {
  status: number;
  body: { received: boolean; duplicate?: boolean; error?: string };
  /** Extra answer headers: `Allow` on a 405, `Retry-After` (seconds) on a 409. */
  headers?: Record<string, string>;
}

/**
 * A finite number above zero (a whole one for bytes), or a RangeError naming the option.
 * @param unit `seconds`, or `bytes` for a whole number
 */
function positive(value: unknown, name: string, fallback: number, unit = 'seconds'): number {
  if (value === undefined) return fallback;
  if (!(typeof value === 'number' && value > 0 && value < 2 ** 53 && (unit !== 'bytes' || value % 1 === 0)))
    throw new RangeError(
      `${name} must be a positive ${unit === 'bytes' ? 'whole ' : ''}number of ${unit}, got ${kindOf(value)}`,
    );
  return value;
}

/** The answer to a delivery not received. */
const refused = (status: number, error: string, headers?: Record<string, string>): WebhookAnswer => ({
  status,
  body: { received: false, error },
  ...(headers && { headers }),
});

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

/**
 * Checks options once, when the handler is made, so mistakes show at start-up: a name it does not
 * take (`secrets`) is a TypeError naming the one meant, as JavaScript has no compiler to catch it.
 * @param owner the receiver, as messages name it
 */
export function resolveHandlerOptions(options: WebhookHandlerOptions, owner: string) {
  if (typeof options === 'object' && options !== null)
    refuseUnknownOptions(options, HANDLER_OPTION_NAMES, owner);
  if (typeof options?.onEvent !== 'function') throw new TypeError('onEvent must be a function');
  // An unset environment variable must fail at start-up, not turn every delivery into a 400.
  secretList(options.secret);
  const resolved = {
    ...options,
    store: dedupeStore(options.store),
    dedupeTtlSeconds: positive(options.dedupeTtlSeconds, 'dedupeTtlSeconds', 86_400),
    processingTimeoutSeconds: positive(options.processingTimeoutSeconds, 'processingTimeoutSeconds', 10),
    slowHandlerSeconds: positive(options.slowHandlerSeconds, 'slowHandlerSeconds', 10),
    maxBodyBytes: positive(options.maxBodyBytes, 'maxBodyBytes', MAX_BODY_BYTES, 'bytes'),
  };
  // A memory store that forgets a handled event early says so through this receiver's onError.
  reportEvictionsTo(resolved.store, (warning) => reportSafely(resolved, warning));
  return resolved;
}

/** Tells `onError`, or else `console.error` (`console.warn` for a warning), of one failure, once. */
export function reportReceiverError(options: Pick<WebhookHandlerOptions, 'onError'>, error: unknown): void {
  if (options.onError !== undefined) {
    options.onError(error);
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  const warning = error instanceof WebhookSlowHandlerWarning || error instanceof WebhookDedupeEvictionWarning;
  (warning ? console.warn : console.error)(`[pix-payments] webhook receiver: ${message}`);
}

/**
 * Reports outside the delivery's own path (from a timer, or from inside the store) never throw:
 * an `onError` that throws is written with `console.error` instead.
 */
function reportSafely(options: Pick<WebhookHandlerOptions, 'onError' | 'secret'>, error: unknown): void {
  try {
    reportReceiverError(options, error);
  } catch (thrown) {
    const reason = redactSecrets(String(thrown), secretList(options.secret));
    console.error(`[pix-payments] webhook receiver: onError threw: ${reason}`);
  }
}

/** A delivery's trace outcome, by its answer's status; any other status is `rejected`. */
const OUTCOMES: Record<number, WebhookTraceContext['outcome']> = {
  200: 'handled',
  409: 'in-progress',
  500: 'failed',
};

/**
 * Handles one delivery; never throws (every failure is reported once and answered). Traced on
 * `pix-payments:webhook` while someone subscribes: from the verified event to the answer (a
 * delivery rejected before it is verified starts and ends at its answer, with no event).
 */
export async function receiveWebhook(
  method: string | undefined,
  headers: WebhookHeaders,
  body: () => Promise<WebhookPayload>,
  options: ReturnType<typeof resolveHandlerOptions>,
): Promise<WebhookAnswer> {
  const channel = tracing('webhook');
  if (channel === undefined) return receive(method, headers, body, options);
  let trace: WebhookTraceContext | undefined;
  const answer = await receive(method, headers, body, options, (event) => {
    trace = { event: event.event, eventKey: webhookEventKey(event) };
    traceStart(channel, trace);
  });
  // A delivery rejected before it was verified starts at its answer, with no event.
  const context: WebhookTraceContext = trace ?? {};
  if (trace === undefined) traceStart(channel, context);
  context.outcome = answer.body.duplicate ? 'duplicate' : (OUTCOMES[answer.status] ?? 'rejected');
  context.reason = answer.body.error;
  traceEnd(channel, context);
  return answer;
}

async function receive(
  method: string | undefined,
  headers: WebhookHeaders,
  body: () => Promise<WebhookPayload>,
  options: ReturnType<typeof resolveHandlerOptions>,
  verified?: (event: WebhookEvent) => void,
): Promise<WebhookAnswer> {
  if (method?.toUpperCase() !== 'POST') return refused(405, 'method not allowed', { allow: 'POST' });
  let event: WebhookEvent;
  try {
    const construct = {
      onIssue: options.onIssue,
      ...(options.toleranceSeconds === undefined ? {} : { toleranceSeconds: options.toleranceSeconds }),
    };
    event = await constructWebhookEvent(await body(), headers, options.secret, construct);
  } catch (error) {
    reportReceiverError(options, error);
    if (isWebhookDeliveryError(error))
      return refused(400, error.name === 'WebhookParseError' ? 'invalid body' : 'invalid signature');
    return error instanceof BodyTooLargeError
      ? refused(413, 'body too large')
      : refused(500, 'receiver error');
  }
  verified?.(event);
  return handleOnce(event, options);
}

type ResolvedOptions = ReturnType<typeof resolveHandlerOptions>;

/** Reports what went wrong, with the cause's own message after it. */
function report(options: ResolvedOptions, what: string, cause?: unknown): void {
  reportReceiverError(options, failure(options, what, cause));
}

/** What went wrong, with the cause's own message after it, redacted: a store's error may quote a secret. */
function failure(options: ResolvedOptions, what: string, cause?: unknown): Error {
  const reason = redactSecrets(
    cause instanceof Error ? cause.message : String(cause),
    secretList(options.secret),
  );
  return new Error(cause === undefined ? what : `${what}: ${reason}`, { cause });
}

const RETRIED = '(answered 500, so the service retries it)';
const STORE_FAILED = 'the de-duplication store failed to';

/** Leases the event's key, runs `onEvent` once, then records the key as handled or releases it. */
async function handleOnce(event: WebhookEvent, options: ResolvedOptions): Promise<WebhookAnswer> {
  const { store, processingTimeoutSeconds: lease } = options;
  const name = event.event;
  const key = webhookEventKey(event);
  const token = crypto.randomUUID();
  // The lease's term counts from before the claim, as the store's own clock does at the latest.
  const claimedAt = Date.now();
  let claim: Awaited<ReturnType<typeof store.claim>>;
  try {
    claim = await store.claim(key, token, lease);
  } catch (error) {
    report(options, `${STORE_FAILED} claim ${name} ${RETRIED}`, error);
    return refused(500, 'receiver error');
  }
  if (claim === 'handled') return { status: 200, body: { received: true, duplicate: true } };
  // Another attempt is handling it now: a 200 here would lose the event if that attempt failed.
  if (claim !== 'claimed') return refused(409, 'in progress', { 'retry-after': `${Math.ceil(lease)}` });
  const watch = watchHandler(key, token, claimedAt, options);
  try {
    await options.onEvent(event, { eventKey: key, leaseToken: token });
  } catch (error) {
    watch.stop();
    await Promise.resolve(store.release(key, token)).catch((cause: unknown) =>
      report(options, `${STORE_FAILED} release ${name}`, cause),
    );
    report(options, `onEvent threw on ${name} ${RETRIED}`, error);
    return refused(500, 'handler failed');
  }
  watch.stop();
  // onEvent has handled the event: whatever the store says now, the answer is 200.
  try {
    if (!(await store.complete(key, token, options.dedupeTtlSeconds))) watch.leaseLost();
  } catch (error) {
    report(options, `${STORE_FAILED} complete ${name} (answered 200)`, error);
  }
  options.hub?.publish(event);
  return { status: 200, body: { received: true } };
}

/**
 * Watches one `onEvent` run, until `stop()`:
 * - renews the lease every third of its length; a renewal that fails is reported once, as a store
 *   failure, and one answered after `stop()` is ignored (`complete` or `release` has the last word);
 * - reports a lost lease once (a {@link WebhookLeaseLostError}), measured when `onEvent` ended:
 *   `'lapsed'` if the lease's term had run out, `blockedMs` the renewal timer's worst lateness;
 * - reports a slow handler once (a {@link WebhookSlowHandlerWarning}): by a timer, even if `onEvent`
 *   never settles, or at `stop()` if a blocked event loop kept the timer from firing.
 * Reports made outside the delivery's own path never throw: an `onError` that throws is written
 * with `console.error`, so it cannot crash the process from a timer.
 */
function watchHandler(
  key: string,
  token: string,
  claimedAt: number,
  options: ResolvedOptions,
): { stop(): void; leaseLost(): void } {
  const { store, processingTimeoutSeconds: lease } = options;
  const started = Date.now();
  // Timers past 2^31 - 1 ms would fire at once: a longer wait is as good as never.
  const after = (seconds: number) => Math.min(seconds * 1000, 2 ** 31 - 1);
  const every = after(lease / 3);
  let lastBeat = started;
  let heldUntil = claimedAt + lease * 1000;
  let blockedMs = 0;
  let stoppedAt: number | undefined;
  let lost = false;
  let warned = false;
  let failed = false;
  const late = (now: number) => Math.max(blockedMs, Math.round(now - lastBeat - every));
  const tell = (error: Error) => reportSafely(options, error);
  const warn = () => {
    if (!warned) tell(new WebhookSlowHandlerWarning(key, Date.now() - started));
    warned = true;
  };
  const leaseLost = () => {
    if (lost) return;
    lost = true;
    const now = stoppedAt ?? Date.now();
    blockedMs = late(now);
    tell(new WebhookLeaseLostError(key, now >= heldUntil ? 'lapsed' : 'taken', blockedMs));
  };
  const renewal = setInterval(() => {
    const now = Date.now();
    blockedMs = late(now);
    lastBeat = now;
    Promise.resolve()
      .then(() => store.renew(key, token, lease))
      .then(
        (renewed) => {
          if (stoppedAt !== undefined) return;
          if (renewed) heldUntil = now + lease * 1000;
          else {
            clearInterval(renewal);
            leaseLost();
          }
        },
        (error: unknown) => {
          if (!failed) tell(failure(options, `${STORE_FAILED} renew a lease`, error));
          failed = true;
        },
      );
  }, every);
  const slow = setTimeout(warn, after(options.slowHandlerSeconds));
  // Neither timer may keep a Node process alive (unref does not exist in browsers or Workers).
  for (const timer of [renewal, slow]) (timer as { unref?: () => void }).unref?.();
  return {
    stop() {
      stoppedAt = Date.now();
      clearInterval(renewal);
      clearTimeout(slow);
      if (stoppedAt - started >= after(options.slowHandlerSeconds)) warn();
    },
    leaseLost,
  };
}
