/**
 * Building blocks of the response and webhook schemas (tolerant: open enums, nullable fields). The
 * request schemas (`Uuid`, `IsoDate`) are in ./primitives.ts: a zod schema made at module level is
 * never tree-shaken, so here they would weigh on `pix-payments/webhooks`, which reads no request.
 * The patterns both use are in ./patterns.ts.
 */
import * as z from 'zod/mini';
import { A_UUID, takes } from './messages.js';
import { GUID_PATTERN } from './patterns.js';

/**
 * An open enumeration for responses: the known values stay a typed union, and a value the
 * service adds later still parses (as a plain string) instead of failing the whole response.
 */
export function openEnum<const T extends readonly [string, ...string[]]>(
  _values: T,
): z.ZodMiniType<T[number] | (string & {})> {
  return z.string() as unknown as z.ZodMiniType<T[number] | (string & {})>;
}

/** A UUID-shaped identifier in a response (any version or variant). */
export const Guid = z.string().check(z.regex(GUID_PATTERN, takes(A_UUID)));

/**
 * An ISO 8601 date-time in any of its forms, kept as sent: extended (`2026-11-21T10:00:00Z`) or
 * basic (`20261121T100000Z`), seconds and fractions (`.` or `,`) optional, with `Z`, an offset
 * (`-03:00`, `-0300`, `-03`) or none (local time, as some services send it).
 */
export const IsoDateTime = z
  .string()
  .check(
    z.regex(
      /^(?:\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-4])(?::[0-5]\d(?::[0-5]\d(?:[.,]\d+)?)?)?|\d{4}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-4])(?:[0-5]\d(?:[0-5]\d(?:[.,]\d+)?)?)?)(?:Z|[+-](?:[01]\d|2[0-3])(?::?[0-5]\d)?)?$/,
      takes('an ISO 8601 date-time, such as "2026-11-21T10:00:00Z"'),
    ),
  );
