/**
 * Reading headers from a Fetch `Headers`, a Node `IncomingHttpHeaders` (lower-case keys, array
 * values) or a plain record in any case. Written structurally: no Node typings needed.
 */

import { kindOf } from '../schemas/checks.js';

/** Any of the header containers the helpers accept. */
export type WebhookHeaders =
  | {
      /** The header's value, or null when absent (as Fetch `Headers` answers). */
      get(name: string): string | null;
    }
  | Readonly<Record<string, string | readonly string[] | undefined>>;

/** The first value of a header, case-insensitively, or `undefined` (also for a value that is not text). */
export function readHeader(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof headers !== 'object' || headers === null)
    throw new TypeError(
      `headers must be a Headers object or a record of header values, got ${kindOf(headers)}`,
    );
  if (typeof (headers as { get?: unknown }).get === 'function') {
    return text((headers as { get(name: string): unknown }).get(name));
  }
  const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
  const wanted = name.toLowerCase();
  let value = record[wanted];
  if (value === undefined) {
    for (const key of Object.keys(record)) {
      if (key.toLowerCase() === wanted) {
        value = record[key];
        break;
      }
    }
  }
  return text(Array.isArray(value) ? value[0] : value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The header carrying the signature. */
export const SIGNATURE_HEADER = 'x-webhook-signature';
/** The header carrying the event name (not signed). */
export const EVENT_HEADER = 'x-webhook-event';
/** The header carrying the delivery id (the same on every retry). */
export const DELIVERY_ID_HEADER = 'x-webhook-id';
