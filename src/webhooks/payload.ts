/**
 * The raw body of a delivery: the exact bytes the signature covers. Bytes are recognised by what
 * they are, not by `instanceof`: Jest runs each test file in a `vm` context, so a Node `Buffer`
 * (as `express.raw` gives) and the SDK's own `Uint8Array` may come from different realms.
 */

import { kindOf } from '../schemas/checks.js';

/**
 * What the webhook helpers accept as the raw body: text, or its bytes as a `Uint8Array` (a Node
 * `Buffer` is one), an `ArrayBuffer` or a `DataView`, made in any realm.
 */
export type WebhookPayload = string | Uint8Array | ArrayBuffer | DataView;

const RAW_BODY_HINT =
  'pass the raw body (string, Uint8Array/Buffer, ArrayBuffer or DataView), not a parsed object: in Express use ' +
  "express.raw({ type: 'application/json' }) on the route and pass req.body; in Next.js or any Fetch API " +
  'handler pass await req.text()';

/** `ArrayBuffer.prototype.byteLength`'s getter, which throws for anything but an ArrayBuffer of any realm. */
const arrayBufferLength = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'byteLength')?.get;

/** True for an `ArrayBuffer` of any realm (a `SharedArrayBuffer` is not one). */
function isArrayBuffer(value: unknown): value is ArrayBuffer {
  if (typeof value !== 'object' || value === null) return false;
  try {
    arrayBufferLength?.call(value);
    return true;
  } catch {
    return false;
  }
}

/** True when `payload` is a raw body: text, or bytes from any realm (any ArrayBuffer view is read as its bytes). */
export function isRawPayload(payload: unknown): payload is WebhookPayload {
  return typeof payload === 'string' || ArrayBuffer.isView(payload) || isArrayBuffer(payload);
}

/** Throws the explanatory `TypeError` unless `payload` is a raw body. */
export function assertRawPayload(payload: unknown): asserts payload is WebhookPayload {
  if (!isRawPayload(payload))
    throw new TypeError(`Webhook payload must be the raw body, got ${kindOf(payload)}: ${RAW_BODY_HINT}`);
}

const encoder = /* @__PURE__ */ new TextEncoder();
const decoder = /* @__PURE__ */ new TextDecoder('utf-8', { fatal: false });

/** The payload as bytes (a string is UTF-8 encoded; bytes are viewed where they are, not copied). */
export function payloadBytes(payload: WebhookPayload): Uint8Array {
  if (typeof payload === 'string') return encoder.encode(payload);
  return ArrayBuffer.isView(payload)
    ? new Uint8Array(payload.buffer, payload.byteOffset, payload.byteLength)
    : new Uint8Array(payload);
}

/** The payload as text (bytes, of any realm, are UTF-8 decoded). */
export function payloadText(payload: WebhookPayload): string {
  return typeof payload === 'string' ? payload : decoder.decode(payload);
}
