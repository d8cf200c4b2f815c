/** The raw body of a delivery: the exact bytes the signature covers. */

import { kindOf } from '../schemas/checks.js';

/** What the webhook helpers accept as the raw body (a Node `Buffer` is a `Uint8Array`). */
export type WebhookPayload = string | Uint8Array | ArrayBuffer;

const RAW_BODY_HINT =
  'pass the raw body (string, Uint8Array/Buffer or ArrayBuffer), not a parsed object: in Express use ' +
  "express.raw({ type: 'application/json' }) on the route and pass req.body; in Next.js or any Fetch API " +
  'handler pass await req.text()';

/** Throws the explanatory `TypeError` unless `payload` is a raw body. */
export function assertRawPayload(payload: unknown): asserts payload is WebhookPayload {
  if (typeof payload === 'string' || payload instanceof Uint8Array || payload instanceof ArrayBuffer) return;
  throw new TypeError(`Webhook payload must be the raw body, got ${kindOf(payload)}: ${RAW_BODY_HINT}`);
}

const encoder = /* @__PURE__ */ new TextEncoder();
const decoder = /* @__PURE__ */ new TextDecoder('utf-8', { fatal: false });

/** The payload as bytes (a string is UTF-8 encoded). */
export function payloadBytes(payload: WebhookPayload): Uint8Array {
  if (typeof payload === 'string') return encoder.encode(payload);
  return payload instanceof Uint8Array ? payload : new Uint8Array(payload);
}

/** The payload as text (bytes are UTF-8 decoded). */
export function payloadText(payload: WebhookPayload): string {
  return typeof payload === 'string' ? payload : decoder.decode(payload);
}
