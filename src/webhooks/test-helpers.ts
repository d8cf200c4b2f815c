import { kindOf, objectArgument } from '../schemas/checks.js';
import type { KnownWebhookEventName } from '../schemas/event-names.js';
import type { WebhookEvent } from './events.js';
import { DELIVERY_ID_HEADER, EVENT_HEADER, SIGNATURE_HEADER } from './headers.js';
import { signWebhookPayload } from './verify.js';

/** A signed delivery, as the service would send it. */
export interface SignedWebhook {
  /** The exact raw body. */
  body: string;
  /** Content type, event name, signature and delivery id headers (lower-case names). */
  headers: Record<string, string>;
}

/** What {@link createSignedWebhook} takes: an event, with `timestamp` defaulting to now. */
export type WebhookEventInput = Omit<WebhookEvent, 'timestamp' | 'event'> & {
  event: KnownWebhookEventName | 'webhook.revalidate' | (string & {});
  timestamp?: string;
};

/**
 * Builds a signed delivery for a merchant's own tests: the JSON body and the headers the
 * service sends, signed with `secret`.
 *
 * @example
 * const { body, headers } = await createSignedWebhook({ event: 'transaction.completed', data: { … } }, secret);
 * const response = await handler(new Request('http://test/webhook', { method: 'POST', body, headers }));
 */
export async function createSignedWebhook(event: WebhookEventInput, secret: string): Promise<SignedWebhook> {
  const {
    event: name,
    timestamp = new Date().toISOString(),
    data,
  } = objectArgument(event, 'createSignedWebhook event');
  if (typeof name !== 'string')
    throw new TypeError(`createSignedWebhook: event.event must be a string, got ${kindOf(name)}`);
  let body: string;
  try {
    body = JSON.stringify({ event: name, timestamp, data });
  } catch (cause) {
    // A BigInt, a cycle or data nested too deep: the service only sends JSON.
    throw new TypeError(
      'createSignedWebhook: the event must be plain JSON data (no BigInt, cycle or deep nesting)',
      {
        cause,
      },
    );
  }
  return {
    body,
    headers: {
      'content-type': 'application/json',
      [EVENT_HEADER]: name,
      [SIGNATURE_HEADER]: await signWebhookPayload(body, secret),
      [DELIVERY_ID_HEADER]: crypto.randomUUID(),
    },
  };
}
