/**
 * Building blocks of the response and webhook schemas (tolerant: open enums, nullable fields), and
 * the patterns of the request schemas `Uuid` and `IsoDate`. Those two are in ./primitives.ts: a zod
 * schema made at module level is never tree-shaken, so here they would weigh on
 * `pix-payments/webhooks`, which reads no request.
 */
import * as z from 'zod/mini';
import { A_UUID, mustBe, takes } from './messages.js';

/**
 * An open enumeration for responses, of the values `T` (the type of their list): the known values
 * stay a typed union, and a value the service adds later still parses (as a plain string) instead
 * of failing the whole response. At run time it is a plain string, so the list is a type only.
 */
export function openEnum<T extends readonly string[]>(): z.ZodMiniType<T[number] | (string & {})> {
  return z.string() as unknown as z.ZodMiniType<T[number] | (string & {})>;
}

/** The shape of an RFC 9562 UUID (versions 1 to 8, the RFC variant), or the nil UUID. */
export const UUID_PATTERN =
  /^(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000)$/;

/** The shape of a calendar date, `YYYY-MM-DD` (`IsoDate` in requests also checks that the day exists). */
export const DATE_PATTERN = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/;

/** True when `YYYY-MM-DD` names a day that exists (`2026-02-31` does not; `2028-02-29` does). */
export function isCalendarDate(text: string): boolean {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(2000, month - 1, day));
  // Date.UTC reads years 0-99 as 1900-1999: set the year itself.
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The shape of a UUID of any version or variant, as the answer reader tells a record's UUID: what
 * `z.guid()` ({@link Guid}) accepts, held equal to it by test/schemas/webhook-event-checks.property.test.ts.
 * Not `z.regexes.guid`: reading it bundles all of zod's patterns (about 1.8 KB).
 */
export const GUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/**
 * The error option of a zod format in the house style: a value that breaks the format's rule is
 * an issue naming what the field takes (`must be a UUID, such as "…"; got …`), while a value that
 * is not a `type` at all is left to the parse call's messages (`must be a string; got 5`), as for
 * any field.
 */
function ruleError(what: string, type: 'string' | 'number') {
  return {
    error: (issue: z.core.$ZodRawIssue) =>
      issue.code === 'invalid_type' && issue.expected === type ? undefined : mustBe(what, issue.input),
  };
}

/** A UUID-shaped identifier in a response (any version or variant). */
export const Guid = z.guid(ruleError(A_UUID, 'string'));

/** A whole number (a safe integer), as a record's legacy `id`. */
export const WholeNumber = z.int(ruleError('a whole number', 'number'));

/**
 * An ISO 8601 date-time in any of its forms, kept as sent: extended (`2026-11-21T10:00:00Z`) or
 * basic (`20261121T100000Z`), seconds and fractions (`.` or `,`) optional, with `Z`, an offset
 * (`-03:00`, `-0300`, `-03`) or none (local time, as some services send it). A pattern, not
 * `z.iso.datetime()`: that takes RFC 3339's profile alone (the extended form, seconds wherever a
 * `Z` or an offset is given, `hh:mm` offsets, no hour 24), and a service sends the others too.
 */
export const IsoDateTime = z
  .string()
  .check(
    z.regex(
      /^(?:\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-4])(?::[0-5]\d(?::[0-5]\d(?:[.,]\d+)?)?)?|\d{4}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-4])(?:[0-5]\d(?:[0-5]\d(?:[.,]\d+)?)?)?)(?:Z|[+-](?:[01]\d|2[0-3])(?::?[0-5]\d)?)?$/,
      takes('an ISO 8601 date-time, such as "2026-11-21T10:00:00Z"'),
    ),
  );
