/** The typed webhook events, and parsing a raw body into one. */

import { kindOf, optionalFunction, optionsObject } from '../schemas/checks.js';
import { normaliseRecord } from '../schemas/decode.js';
import {
  WEBHOOK_EVENT_NAMES,
  type KnownWebhookEventName as WebhookEventName,
} from '../schemas/event-names.js';
import { type OptionNames, refuseUnknownOptions } from '../schemas/known-options.js';
import { type FieldIssue, safeParseWith } from '../schemas/parse.js';
import { PingFields, WebhookEventBody, type WebhookEventData } from '../schemas/webhook-event.js';
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

/** The revalidation ping a subscription receives; answer it 2xx like any verified event. */
export interface WebhookPingEvent {
  event: 'webhook.revalidate';
  timestamp: string;
  data: { webhookId: string };
}

/**
 * A webhook event: a discriminated union on `event`, so that a misspelled name in a `switch` or
 * a comparison, or a misspelled `data` field, does not compile, and each `case` narrows to
 * exactly one event type. An event whose name this SDK version does not know still reaches your
 * code at run time: check {@link isUnknownWebhookEvent} first.
 *
 * @example
 * if (isUnknownWebhookEvent(event)) return log(`unhandled ${event.event}`);
 * switch (event.event) {
 *   case 'transaction.completed': markPaid(event.data.referenceId); break;
 *   case 'cashout.failed': alertOps(event.data.referenceId); break;
 * }
 */
export type WebhookEvent = KnownWebhookEvent | WebhookPingEvent;

declare const unknownEvent: unique symbol;

/**
 * An event with a name this SDK version does not know yet, as {@link isUnknownWebhookEvent}
 * narrows to it: its `data` is untyped, so handling it is a deliberate step.
 */
export interface UnknownWebhookEvent {
  /** Type-only mark: no known event is an unknown one. */
  readonly [unknownEvent]: true;
  /** The event name. */
  event: string;
  /** When the event happened (ISO 8601). */
  timestamp: string;
  /** The event's data, as delivered. */
  data: { readonly [key: string]: unknown };
}

const KNOWN_NAMES: ReadonlySet<string> = new Set([...WEBHOOK_EVENT_NAMES, 'webhook.revalidate']);

/** True for an event whose name this SDK version does not know (a name the service added). */
export function isUnknownWebhookEvent(
  event: WebhookEvent | UnknownWebhookEvent,
): event is UnknownWebhookEvent {
  return !KNOWN_NAMES.has((event as { event?: unknown } | null)?.event as string);
}

/** True for the revalidation ping (narrows `data` to `{ webhookId }`). */
export function isWebhookPing(event: WebhookEvent | UnknownWebhookEvent): event is WebhookPingEvent {
  return (event as { event?: unknown } | null)?.event === 'webhook.revalidate';
}

/**
 * Parses a raw delivery body into a typed event, validated with the shared schemas. Unknown
 * event names parse to the generic variant. Does not check the signature: use
 * `constructWebhookEvent` for untrusted input.
 *
 * @throws {WebhookParseError} for invalid JSON or a missing or malformed field (with its path).
 */
export function parseWebhookEvent(payload: WebhookPayload, options?: ParseWebhookEventOptions): WebhookEvent {
  const { onIssue } = refuseUnknownOptions(
    optionsObject(options, 'parseWebhookEvent options'),
    PARSE_OPTION_NAMES,
    'parseWebhookEvent',
  );
  optionalFunction(onIssue, 'onIssue');
  assertRawPayload(payload);
  let json: unknown;
  try {
    json = JSON.parse(payloadText(payload));
  } catch (error) {
    throw new WebhookParseError(`Webhook body is not valid JSON: ${(error as Error).message}`);
  }
  // Only a body that cannot be an event at all is refused: a signed delivery is authentic, and a
  // 400 would make the service retry it until the subscription fails.
  const body = json as { event?: unknown; data?: unknown } | null;
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new WebhookParseError('Webhook body is not a JSON object');
  if (typeof body.event !== 'string' || body.event === '')
    throw new WebhookParseError('Webhook body has no event name', [
      { path: 'event', message: 'is required' },
    ]);
  if (typeof body.data !== 'object' || body.data === null || Array.isArray(body.data))
    throw new WebhookParseError('Webhook body has no data object', [
      { path: 'data', message: 'is required' },
    ]);
  normaliseRecord(body.data, ['amount']);
  const schema = body.event === 'webhook.revalidate' ? PingFields : WebhookEventBody;
  const outcome = safeParseWith(schema, json);
  if (!outcome.success) for (const issue of outcome.issues) reportIssue(body.event, issue, onIssue);
  return json as WebhookEvent;
}

/** Options of {@link parseWebhookEvent}. */
export interface ParseWebhookEventOptions {
  /**
   * Told of each field of an authentic event that does not match the documented shape (the event
   * is still returned). Without it, the first issue of each event name and field is logged with
   * `console.warn`.
   */
  onIssue?: ((issue: WebhookIssue) => void) | undefined;
}

const PARSE_OPTION_NAMES = { onIssue: 0 } satisfies OptionNames<ParseWebhookEventOptions>;

/** A field of a delivered event that does not match the documented shape. */
export interface WebhookIssue {
  /** The event name. */
  event: string;
  /** The field at fault, e.g. `data.referenceId`. */
  field: string;
  /** The rule it breaks. */
  rule: string;
}

const warned = new Set<string>();

function reportIssue(event: string, issue: FieldIssue, onIssue: ParseWebhookEventOptions['onIssue']): void {
  const report: WebhookIssue = { event, field: issue.path, rule: issue.message };
  if (onIssue !== undefined) {
    onIssue(report);
    return;
  }
  const key = `${event} ${issue.path}`;
  if (warned.has(key)) return;
  warned.add(key);
  console.warn(
    `[pix-payments] webhook ${event}: ${issue.path} does not match the documented shape (${issue.message}); the event was delivered as received`,
  );
}

/**
 * The de-duplication key of an event: event name + referenceId + timestamp, as the interface
 * document defines a duplicate (for a ping: its webhookId).
 */
export function webhookEventKey(event: WebhookEvent | UnknownWebhookEvent): string {
  const {
    event: name,
    timestamp,
    data,
  } = (event ?? {}) as { event?: unknown; timestamp?: unknown; data?: unknown };
  if (typeof name !== 'string' || typeof data !== 'object' || data === null)
    throw new TypeError(
      `webhookEventKey needs a parsed webhook event ({ event, timestamp, data }), got ${kindOf(event)}`,
    );
  const fields = data as { webhookId?: unknown; referenceId?: unknown; id?: unknown };
  const reference = isWebhookPing(event) ? fields.webhookId : (fields.referenceId ?? fields.id);
  return `${name}:${keyPart(reference)}:${keyPart(timestamp)}`;
}

/** A part of an event key: a primitive as `String` writes it, an object (never in a valid event) as JSON. */
function keyPart(value: unknown): string {
  if (typeof value !== 'object' || value === null) return String(value);
  try {
    return JSON.stringify(value) ?? kindOf(value);
  } catch {
    return kindOf(value);
  }
}
