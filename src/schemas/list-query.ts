/**
 * The list endpoints' query strings as the service reads them (wire names, string values). Used
 * by the reference mock; apart from list.ts so that the client's bundle does not carry them.
 *
 * A parameter the service does not know is ignored, as HTTP services do, unless it is a known one
 * written another way (`perPage`, `dateFrom`, `PER-PAGE`, `transaction_id`: the same name once
 * lower-cased without `_` and `-`): ignoring that one would answer another page than the one
 * asked for without a word, so it is a 400 UNKNOWN_PARAMETER naming the parameter meant.
 */
import * as z from 'zod/mini';
import { TransactionOrigin, TransactionStatus, TransactionType } from './enums.js';
import { Guid } from './formats.js';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from './list.js';
import { fold } from './messages.js';
import { IsoDate } from './primitives.js';

/** A query-string integer in `min..max`: digits only, then the range. */
function queryInt(min: number, max: number) {
  return z.pipe(
    z.pipe(z.string().check(z.regex(/^\d+$/, 'must be a whole number')), z.transform(Number)),
    z.int().check(z.gte(min), z.lte(max)),
  );
}

/**
 * The list-transactions query string as the service reads it (wire names, string values).
 * Unknown parameters are ignored, as HTTP services do, but not a known one misspelled
 * ({@link misspelledParameters}).
 */
export const ListTransactionsQuery = z.object({
  id: z.optional(z.string()),
  transactionId: z.optional(Guid),
  type: z.optional(TransactionType),
  status: z.optional(TransactionStatus),
  origin: z.optional(TransactionOrigin),
  date_from: z.optional(IsoDate),
  date_to: z.optional(IsoDate),
  page: z._default(queryInt(1, Number.MAX_SAFE_INTEGER), 1),
  per_page: z._default(queryInt(1, MAX_PER_PAGE), DEFAULT_PER_PAGE),
});
/** The list-transactions query, parsed. */
export type ListTransactionsQuery = z.output<typeof ListTransactionsQuery>;

/** The cashout-list query string as the service reads it. */
export const ListCashoutsQuery = z.object({
  page: z._default(queryInt(1, Number.MAX_SAFE_INTEGER), 1),
  per_page: z._default(queryInt(1, MAX_PER_PAGE), DEFAULT_PER_PAGE),
});
/** The cashout-list query, parsed. */
export type ListCashoutsQuery = z.output<typeof ListCashoutsQuery>;

/**
 * The parameters of `query` that the query schema does not know but that are one of its names
 * written another way (equal once lower-cased without `_` and `-`), each with the name it stands
 * for: `{ perPage: 'per_page' }`. Any other unknown parameter is left out (it is ignored).
 */
export function misspelledParameters(
  schema: { shape: Record<string, unknown> },
  query: Record<string, string>,
): Record<string, string> {
  const known = Object.keys(schema.shape);
  const misspelled: Record<string, string> = {};
  for (const name of Object.keys(query)) {
    if (known.includes(name)) continue;
    const meant = known.find((knownName) => fold(knownName) === fold(name));
    if (meant !== undefined) misspelled[name] = meant;
  }
  return misspelled;
}
