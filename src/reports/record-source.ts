/** What the report functions read: records one at a time, from memory or from the network. */

/**
 * Any iterable or async iterable of records: an array, a generator, an async generator, a
 * stream, or `client.transactions.list()` (which fetches page after page as it is read).
 */
export type RecordSource<T> = Iterable<T> | AsyncIterable<T>;

/** Throws a TypeError unless `records` can be read with `for await` (a string cannot). */
export function assertRecordSource(
  records: unknown,
  caller: string,
): asserts records is RecordSource<unknown> {
  const iterable =
    typeof records === 'object' &&
    records !== null &&
    (typeof (records as Partial<AsyncIterable<unknown>>)[Symbol.asyncIterator] === 'function' ||
      typeof (records as Partial<Iterable<unknown>>)[Symbol.iterator] === 'function');
  if (!iterable) {
    throw new TypeError(
      `${caller} takes an iterable or async iterable of records (an array, a generator, client.transactions.list()), got ${records === null ? 'null' : typeof records}`,
    );
  }
}
