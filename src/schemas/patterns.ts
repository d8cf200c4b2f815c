/**
 * The shapes of identifiers and dates, as plain patterns. No zod here: the answer reader
 * (./decode.ts) tests identities with them, and it is reached from the transport the client loads
 * lazily, so whatever it imports is wrapped for lazy loading by a bundler.
 */

/** The shape of a UUID of any version or variant. */
export const GUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

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
