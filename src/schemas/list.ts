/** Pagination and the list endpoints' parameters (interface document 2.3, 4.2, 4.5). */
import * as z from 'zod/mini';
import { TransactionOrigin, TransactionStatus, TransactionType } from './enums.js';
import { IsoDate } from './primitives.js';
import { Transaction } from './transaction.js';

/** The largest page the service serves. */
export const MAX_PER_PAGE = 100;
/** The page size when none is asked for. */
export const DEFAULT_PER_PAGE = 15;

/** Pagination metadata; `from`/`to` are null on an empty page. */
export const PageMeta = z.object({
  /** This page's number (from 1). */
  current_page: z.int(),
  /** Records per page. */
  per_page: z.int(),
  /** Records in all pages. */
  total: z.int(),
  /** The last page's number. */
  last_page: z.int(),
  /** Position of this page's first record (null on an empty page). */
  from: z.nullable(z.int()),
  /** Position of this page's last record (null on an empty page). */
  to: z.nullable(z.int()),
});
/** Pagination metadata of a list answer. */
export type PageMeta = z.infer<typeof PageMeta>;

/** A page of transactions (list-transactions without transactionId, and the cashout list). */
export const TransactionList = z.object({ data: z.array(Transaction), meta: PageMeta });
/** A page of transactions. */
export type TransactionList = z.infer<typeof TransactionList>;

const page = z.int().check(z.gte(1));
const perPage = z.int().check(z.gte(1), z.lte(MAX_PER_PAGE));
const calendarDate = IsoDate;

const pageFields = { page: z.optional(page), perPage: z.optional(perPage) };

/** Filters of `transactions.list` (camelCase). Dates are inclusive `YYYY-MM-DD` in UTC. */
export const ListTransactionsParams = z
  .strictObject({
    id: z.optional(z.string().check(z.minLength(1))),
    type: z.optional(TransactionType),
    status: z.optional(TransactionStatus),
    origin: z.optional(TransactionOrigin),
    dateFrom: z.optional(calendarDate),
    dateTo: z.optional(calendarDate),
    ...pageFields,
  })
  .check(
    z.refine((p) => p.dateFrom === undefined || p.dateTo === undefined || p.dateFrom <= p.dateTo, {
      error: 'dateFrom must not be after dateTo',
      path: ['dateFrom'],
    }),
  );
/** Filters of `transactions.list`. */
export type ListTransactionsParams = z.input<typeof ListTransactionsParams>;

/** Parameters of `cashouts.list` (camelCase). */
export const ListCashoutsParams = z.strictObject(pageFields);
/** Parameters of `cashouts.list`. */
export type ListCashoutsParams = z.input<typeof ListCashoutsParams>;
