/**
 * A fast path for the common case of parsing a webhook body: a plain check of the shape that
 * `WebhookEventBody` describes, using the schema's own patterns. It only ever accepts; whatever
 * it does not accept goes to the zod schema, which stays the source of truth and writes the
 * error messages. A property test holds the two in agreement.
 *
 * Why: at 600 bytes, the zod parse costs about as much as the HMAC itself, and verification
 * speed is a stated target (see bench/webhooks.bench.ts).
 */
import { Guid, IsoDateTime } from '../schemas/primitives.js';
import type { WebhookEventBody } from '../schemas/webhook-event.js';

const GUID = Guid._zod.pattern;
const DATE_TIME = IsoDateTime._zod.pattern;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isTracking(value: unknown): boolean {
  if (value === undefined) return true;
  if (!isRecord(value)) return false;
  for (const key of ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term']) {
    const item = value[key];
    if (item !== undefined && item !== null && typeof item !== 'string') return false;
  }
  return true;
}

/** The body, when it is plainly valid; `undefined` means "ask the schema". */
export function fastEventBody(json: unknown): WebhookEventBody | undefined {
  if (!isRecord(json)) return undefined;
  const { event, timestamp, data } = json;
  if (
    typeof event !== 'string' ||
    event === '' ||
    typeof timestamp !== 'string' ||
    !DATE_TIME.test(timestamp)
  ) {
    return undefined;
  }
  if (!isRecord(data)) return undefined;
  const { id, referenceId, status, type, transactionId, amount } = data;
  if (
    !Number.isSafeInteger(id) ||
    typeof referenceId !== 'string' ||
    !GUID.test(referenceId) ||
    typeof status !== 'string' ||
    typeof type !== 'string' ||
    (transactionId !== undefined && (typeof transactionId !== 'string' || !GUID.test(transactionId))) ||
    (amount !== undefined && (typeof amount !== 'number' || !Number.isFinite(amount))) ||
    !isTracking(data.trackingParameters)
  ) {
    return undefined;
  }
  return json as WebhookEventBody;
}
