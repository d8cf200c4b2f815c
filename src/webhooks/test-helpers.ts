import { kindOf, objectArgument, optionsObject } from '../schemas/checks.js';
import type { KnownWebhookEventName } from '../schemas/event-names.js';
import { type OptionNames, refuseUnknownOptions } from '../schemas/known-options.js';
import type { WebhookEvent } from './events.js';
import { DELIVERY_ID_HEADER, EVENT_HEADER, SIGNATURE_HEADER } from './headers.js';
import { writePhpJson } from './json-writer.js';
import { signWebhookPayload } from './verify.js';

/** A signed delivery, as the service would send it. */
export interface SignedWebhook {
  /** The exact raw body: the bytes the signature covers. */
  body: string;
  /** Content type, event name, signature and delivery id headers (lower-case names). */
  headers: Record<string, string>;
}

/** What {@link createSignedWebhook} takes: an event, with `timestamp` defaulting to now. */
export type WebhookEventInput = Omit<WebhookEvent, 'timestamp' | 'event'> & {
  event: KnownWebhookEventName | 'webhook.revalidate' | (string & {});
  timestamp?: string;
};

/** Options of {@link createSignedWebhook}. */
export interface SignedWebhookOptions {
  /**
   * Write the body as `JSON.stringify` does (compact), instead of as other servers write JSON.
   * @default false
   */
  canonical?: boolean;
}

const SIGNED_WEBHOOK_OPTION_NAMES = { canonical: 0 } satisfies OptionNames<SignedWebhookOptions>;

/**
 * Builds a signed delivery for a merchant's own tests: the JSON body and the headers the
 * service sends, signed with `secret`. The body is written as PHP's `json_encode` writes it
 * (`\/`, `\u00e9`) followed by a newline, bytes that no `JSON.parse` + `JSON.stringify` gives back:
 * a receiver that verifies a re-serialised body instead of the raw bytes fails, as it would in
 * production. `{ canonical: true }` writes compact `JSON.stringify` output instead.
 *
 * @example
 * const { body, headers } = await createSignedWebhook({ event: 'transaction.completed', data: { … } }, secret);
 * const response = await handler(new Request('http://test/webhook', { method: 'POST', body, headers }));
 */
export async function createSignedWebhook(
  event: WebhookEventInput,
  secret: string,
  options?: SignedWebhookOptions,
): Promise<SignedWebhook> {
  const { canonical = false } = refuseUnknownOptions(
    optionsObject(options, 'createSignedWebhook options'),
    SIGNED_WEBHOOK_OPTION_NAMES,
    'createSignedWebhook',
  );
  if (typeof canonical !== 'boolean')
    throw new TypeError(`createSignedWebhook: options.canonical must be a boolean, got ${kindOf(canonical)}`);
  const {
    event: name,
    timestamp = new Date().toISOString(),
    data,
  } = objectArgument(event, 'createSignedWebhook event');
  if (typeof name !== 'string')
    throw new TypeError(`createSignedWebhook: event.event must be a string, got ${kindOf(name)}`);
  let body: string;
  try {
    const value = { event: name, timestamp, data };
    body = canonical ? JSON.stringify(value) : writePhpJson(value);
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
