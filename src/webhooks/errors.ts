/** The errors a webhook delivery can raise. Neither ever carries the signing secret. */
import { PaymentsError } from '../errors/base.js';
import { ERROR_CLASS } from '../errors/brand.js';
import type { FieldIssue } from '../schemas/parse.js';

/** Why a delivery was not accepted as authentic. */
export type WebhookSignatureFailure =
  | 'missing_signature'
  | 'invalid_signature'
  | 'event_mismatch'
  | 'timestamp_out_of_tolerance';

/** A delivery whose signature, event header or timestamp cannot be trusted. */
export class WebhookSignatureError extends PaymentsError {
  /** @internal */
  static override readonly [ERROR_CLASS]: string = 'WebhookSignatureError';
  /** Machine-readable reason. */
  readonly reason: WebhookSignatureFailure;

  constructor(reason: WebhookSignatureFailure, message: string) {
    super(message);
    this.reason = reason;
  }
}

/** A delivery body that is not valid JSON or not a valid event. */
export class WebhookParseError extends PaymentsError {
  /** @internal */
  static override readonly [ERROR_CLASS]: string = 'WebhookParseError';
  /** The first field at fault, e.g. `data.referenceId` (`""` for the whole body). */
  readonly path: string;
  /** Every field at fault. */
  readonly issues: readonly FieldIssue[];

  constructor(message: string, issues: readonly FieldIssue[] = []) {
    super(message);
    this.issues = issues;
    this.path = issues[0]?.path ?? '';
  }
}

/** True for the errors that mean "this delivery is bad" (answer 400), not a bug in the receiver. */
export function isWebhookDeliveryError(error: unknown): error is WebhookSignatureError | WebhookParseError {
  return error instanceof WebhookSignatureError || error instanceof WebhookParseError;
}

/** Why a lease was lost while `onEvent` ran. */
export type WebhookLeaseLoss = 'taken' | 'lapsed';

/**
 * The event's lease was lost while `onEvent` ran, so another attempt (on this instance or another)
 * may handle the same event too: `'lapsed'` when the lease ran out before it was renewed (the
 * event loop was blocked for `blockedMs`, or the store could not be reached), `'taken'` when the
 * store no longer held it for this attempt within its term. The answer is still 200 if `onEvent`
 * succeeds; make `onEvent` safe to run twice (a conditional write on `delivery.eventKey`).
 */
export class WebhookLeaseLostError extends PaymentsError {
  /** @internal */
  static override readonly [ERROR_CLASS]: string = 'WebhookLeaseLostError';
  /** The event's de-duplication key (`webhookEventKey(event)`). */
  readonly eventKey: string;
  /** Whether the lease ran out (`'lapsed'`) or was gone within its term (`'taken'`). */
  readonly reason: WebhookLeaseLoss;
  /** How long the renewal timer ran late at worst, in ms: the event loop was blocked that long. */
  readonly blockedMs: number;

  constructor(eventKey: string, reason: WebhookLeaseLoss, blockedMs: number) {
    super(
      `The lease on webhook event ${eventKey} ${reason === 'lapsed' ? `lapsed (event loop blocked ${blockedMs} ms)` : 'was taken'} while onEvent ran, so it may be handled twice: make onEvent safe to run twice`,
    );
    this.eventKey = eventKey;
    this.reason = reason;
    this.blockedMs = blockedMs;
  }
}

/**
 * `onEvent` has run longer than `slowHandlerSeconds` and has not returned. The service waits a
 * few seconds per attempt, then retries: a handler slower than its whole retry window is answered
 * 409 on every retry until the delivery runs out of attempts. Store or enqueue the event, then
 * return; do the heavy work later (see the queue recipes in docs/webhooks.md). Reported once per
 * delivery, through `onError` or else `console.warn`; it is a warning: the delivery goes on.
 */
export class WebhookSlowHandlerWarning extends PaymentsError {
  /** @internal */
  static override readonly [ERROR_CLASS]: string = 'WebhookSlowHandlerWarning';
  /** The event's de-duplication key (`webhookEventKey(event)`). */
  readonly eventKey: string;
  /** How long `onEvent` had run when this was reported, in ms. */
  readonly elapsedMs: number;

  constructor(eventKey: string, elapsedMs: number) {
    super(
      `onEvent has run ${elapsedMs} ms on webhook event ${eventKey}: store or enqueue the event, then return (docs/webhooks.md, "The queue recipe")`,
    );
    this.eventKey = eventKey;
    this.elapsedMs = elapsedMs;
  }
}

/**
 * A `MemoryDedupeStore` holding `maxEntries` handled events evicted the oldest record before
 * its `dedupeTtlSeconds` ran out, so a retry of that event (or of any record evicted after it)
 * would run `onEvent` again. Reported once per store, at its first such eviction, through the
 * `onError` of the receiver given the store (the first one, if several share it), else
 * `console.warn`; it is a warning: the delivery goes on. Raise `maxEntries`, or use a shared store
 * such as `RedisDedupeStore` or `PostgresDedupeStore`, which a receiver running in several processes needs anyway.
 */
export class WebhookDedupeEvictionWarning extends PaymentsError {
  /** @internal */
  static override readonly [ERROR_CLASS]: string = 'WebhookDedupeEvictionWarning';
  /** The store's bound on handled records. */
  readonly maxEntries: number;
  /** The key of the event whose record was evicted (`webhookEventKey(event)`). */
  readonly eventKey: string;

  constructor(maxEntries: number, eventKey: string, remainingMs: number) {
    super(
      `MemoryDedupeStore is full: it keeps at most maxEntries (${maxEntries}) handled events, so it evicted the record of webhook event ${eventKey} ${Math.ceil(remainingMs / 1000)} s before its dedupeTtlSeconds ran out, and a retry of an evicted event would run onEvent again. Raise maxEntries, or use a shared store (RedisDedupeStore, PostgresDedupeStore, or a WebhookDedupeStore of your own), which a receiver running in several processes needs anyway. Reported once per store.`,
    );
    this.maxEntries = maxEntries;
    this.eventKey = eventKey;
  }
}
