/** Pages of records, newest first, from the store's ordered indexes. */
import type { PageMeta } from '../../schemas/list.js';
import type { ListTransactionsQuery } from '../../schemas/list-query.js';
import type { StoredTransaction } from './records.js';
import type { StoreReader } from './store.js';
import { lowerBound } from './transaction-index.js';

const DAY_MS = 86_400_000;

/** The records of one page and its `meta`. */
export interface Page {
  records: Readonly<StoredTransaction>[];
  meta: PageMeta;
}

/**
 * One page of a merchant's records. Type and status pick an index; a date range narrows it by
 * binary search (ids grow with `createdAt`); only an `origin` or `id` filter scans the range.
 */
export function listPage(
  store: StoreReader,
  merchantId: string,
  query: Omit<ListTransactionsQuery, 'transactionId'>,
): Page {
  const ids = store.ids(merchantId, query.type, query.status);
  const record = (id: number) => store.record(id) as Readonly<StoredTransaction>;
  const at = (id: number) => record(id).createdAt.getTime();
  const lo =
    query.date_from === undefined
      ? 0
      : lowerBound(ids, (id) => at(id) >= Date.parse(query.date_from as string));
  const hi =
    query.date_to === undefined
      ? ids.length
      : lowerBound(ids, (id) => at(id) >= Date.parse(query.date_to as string) + DAY_MS);
  let range: readonly number[] = ids;
  let [start, end] = [lo, Math.max(lo, hi)];
  if (query.origin !== undefined || query.id !== undefined) {
    range = ids.slice(start, end).filter((id) => {
      const { origin } = record(id);
      return (
        (query.origin === undefined || origin === query.origin) &&
        (query.id === undefined || String(id) === query.id)
      );
    });
    [start, end] = [0, range.length];
  }
  const total = end - start;
  const perPage = query.per_page;
  const skip = (query.page - 1) * perPage;
  const records: Readonly<StoredTransaction>[] = [];
  for (let i = end - 1 - skip; i >= start && records.length < perPage; i--) {
    records.push(record(range[i] as number));
  }
  const from = records.length === 0 ? null : skip + 1;
  return {
    records,
    meta: {
      current_page: query.page,
      per_page: perPage,
      total,
      last_page: Math.max(1, Math.ceil(total / perPage)),
      from,
      to: from === null ? null : from + records.length - 1,
    },
  };
}
