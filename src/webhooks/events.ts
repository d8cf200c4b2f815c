/** The typed webhook events, and parsing a raw body into one. */

import type { KnownWebhookEventName as WebhookEventName } from '../schemas/event-names.js';
import { safeParseWith } from '../schemas/parse.js';
import { isPlainlyValid } from '../schemas/plain-validator.js';
import { WebhookEventBody, type WebhookEventData, WebhookPingBody } from '../schemas/webhook-event.js';
import { WebhookParseError } from './errors.js';
import { assertRawPayload, payloadText, type WebhookPayload } from './payload.js';

/** The six charge event names. */
export type TransactionEventName = Extract<WebhookEventName, `transaction.${string}`>;
/** The five payout event names. */
export type CashoutEventName = Extract<WebhookEventName, `cashout.${string}`>;

/** A charge or payout event the SDK knows, typed by name. */
export type KnownWebhookEvent = {
  [Name in WebhookEventName]: { event: Name; timestamp: string; data: WebhookEventData };
}[WebhookEventName];

/**
 * An event with a name the SDK does not know yet. Its `data` has the common shape of the
 * interface document, so a receiver's `switch` falls to `default` instead of failing.
 */
export interface UnknownWebhookEvent {
  /**
   * A name this version of the SDK does not know. Typed `string` so that `switch (event.event)`
   * still narrows: inside a known `case`, `data.referenceId` is a `string`.
   */
  event: string;
  timestamp: string;
  data: WebhookEventData;
}

/** The revalidation ping a subscription receives; answer it 2xx like any verified event. */
export interface WebhookPingEvent {
  event: 'webhook.revalidate';
  timestamp: string;
  data: { webhookId: string; [key: string]: unknown };
}

/**
 * A webhook event: a discriminated union on `event`.
 *
 * @example
 * switch (event.event) {
 *   case 'transaction.completed': markPaid(event.data.referenceId); break;
 *   case 'cashout.failed': alertOps(event.data.referenceId); break;
 *   default: // a ping, or an event this SDK version does not know
 * }
 */
export type WebhookEvent = KnownWebhookEvent | WebhookPingEvent | UnknownWebhookEvent;

/** True for the revalidation ping (narrows `data` to `{ webhookId }`). */
export function isWebhookPing(event: WebhookEvent): event is WebhookPingEvent {
  return event.event === 'webhook.revalidate';
}

/**
 * Parses a raw delivery body into a typed event, validated with the shared schemas. Unknown
 * event names parse to the generic variant. Does not check the signature: use
 * `constructWebhookEvent` for untrusted input.
 *
 * @throws {WebhookParseError} for invalid JSON or a missing or malformed field (with its path).
 */
export function parseWebhookEvent(payload: WebhookPayload): WebhookEvent {
  assertRawPayload(payload);
  let json: unknown;
  try {
    json = JSON.parse(payloadText(payload));
  } catch (error) {
    throw new WebhookParseError(`Webhook body is not valid JSON: ${(error as Error).message}`);
  }
  const isPing = (json as { event?: unknown } | null)?.event === 'webhook.revalidate';
  const schema = isPing ? WebhookPingBody : WebhookEventBody;
  // A fresh JSON value that is plainly valid is its own parsed value; anything else goes to zod.
  if (isPlainlyValid(schema, json)) return json as WebhookEvent;
  const outcome = safeParseWith(schema, json);
  if (!outcome.success) {
    throw new WebhookParseError(`Webhook body is not a valid event: ${outcome.message}`, outcome.issues);
  }
  return outcome.data as WebhookEvent;
}

/**
 * The de-duplication key of an event: event name + referenceId + timestamp, as the interface
 * document defines a duplicate (for a ping: its webhookId).
 */
export function webhookEventKey(event: WebhookEvent): string {
  const reference = isWebhookPing(event) ? event.data.webhookId : event.data.referenceId;
  return `${event.event}:${reference}:${event.timestamp}`;
}
