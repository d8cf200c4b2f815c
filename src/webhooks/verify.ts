import { hmacHex, hmacHexSync, timingSafeHexEqual } from './hmac.js';
import { assertRawPayload, type WebhookPayload } from './payload.js';
import { secretList, type WebhookSecret } from './secrets.js';

const SIGNATURE = /^[0-9a-fA-F]{64}$/;

/**
 * Checks the `X-Webhook-Signature` of a delivery: HMAC SHA-256 of the exact raw body with the
 * subscription's secret, hex encoded, compared in constant time.
 *
 * A missing, empty, non-hex or wrong-length signature, a wrong secret, or one changed byte of
 * the body gives `false`, never an exception.
 *
 * @param payload The raw body, exactly as received.
 * @param signature The `X-Webhook-Signature` header value.
 * @param secret The subscription's secret, or several during rotation.
 * @throws {TypeError} when `payload` is not a raw body (e.g. an object a JSON parser made) or the
 *   secret is empty: both are programming errors, not bad deliveries.
 * @example
 * const ok = await verifyWebhookSignature(await request.text(), request.headers.get('x-webhook-signature'), secret);
 */
export async function verifyWebhookSignature(
  payload: WebhookPayload,
  signature: string | null | undefined,
  secret: WebhookSecret,
): Promise<boolean> {
  const secrets = checkInputs(payload, secret);
  const received = receivedSignature(signature);
  if (received === undefined) return false;
  let match = false;
  for (const key of secrets) {
    const expected = hmacHexSync(payload, key) ?? (await hmacHex(payload, key));
    // No early exit: every secret is tried, so timing does not tell which one matched.
    if (timingSafeHexEqual(expected, received)) match = true;
  }
  return match;
}

function checkInputs(payload: unknown, secret: WebhookSecret): readonly string[] {
  assertRawPayload(payload);
  return secretList(secret);
}

/** The received signature without surrounding spaces, or `undefined` when it is not 64 hex digits. */
function receivedSignature(signature: string | null | undefined): string | undefined {
  if (typeof signature !== 'string') return undefined;
  const trimmed = signature.length === 64 ? signature : signature.trim();
  return SIGNATURE.test(trimmed) ? trimmed : undefined;
}

/**
 * The same check without a promise where `node:crypto` is at hand (`undefined` elsewhere): the
 * hot path of `constructWebhookEvent`.
 */
export function verifyWebhookSignatureSync(
  payload: WebhookPayload,
  signature: string | null | undefined,
  secret: WebhookSecret,
): boolean | undefined {
  const secrets = checkInputs(payload, secret);
  const received = receivedSignature(signature);
  if (received === undefined) return false;
  let match = false;
  for (const key of secrets) {
    const expected = hmacHexSync(payload, key);
    if (expected === undefined) return undefined;
    if (timingSafeHexEqual(expected, received)) match = true;
  }
  return match;
}

/**
 * Signs a payload the way the service does (hex HMAC SHA-256 of its UTF-8 bytes), for
 * merchants' own tests and for the reference mock.
 *
 * @example
 * const signature = await signWebhookPayload(body, 'whsec_test');
 */
export async function signWebhookPayload(payload: WebhookPayload, secret: string): Promise<string> {
  const [key] = checkInputs(payload, secret) as [string];
  return hmacHex(payload, key);
}
