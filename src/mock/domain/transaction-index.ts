/**
 * Ordered id lists per merchant, type and status, so that a page of list-transactions costs
 * time in the page size (plus a binary search for dates), not in the number of records.
 */
import type { TransactionStatus, TransactionType } from '../../schemas/enums.js';

const ANY = '*';
const keyOf = (merchantId: string, type: string, status: string) => `${merchantId}|${type}|${status}`;

/** First position in the ascending `ids` where `predicate` turns true. */
export function lowerBound(ids: readonly number[], predicate: (id: number) => boolean): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (predicate(ids[mid] as number)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function insertSorted(ids: number[], id: number): void {
  // New records have the highest id: the common case is a push.
  if (ids.length === 0 || (ids[ids.length - 1] as number) < id) {
    ids.push(id);
    return;
  }
  ids.splice(
    lowerBound(ids, (other) => other >= id),
    0,
    id,
  );
}

function removeSorted(ids: number[], id: number): void {
  const at = lowerBound(ids, (other) => other >= id);
  if (ids[at] === id) ids.splice(at, 1);
}

/** The lists: every (merchant, type or *, status or *) pair holds its ids in ascending order. */
export class TransactionIndex {
  readonly #lists = new Map<string, number[]>();

  #list(key: string): number[] {
    let ids = this.#lists.get(key);
    if (ids === undefined) {
      ids = [];
      this.#lists.set(key, ids);
    }
    return ids;
  }

  #keys(merchantId: string, type: string, status: string): string[] {
    return [
      keyOf(merchantId, ANY, ANY),
      keyOf(merchantId, type, ANY),
      keyOf(merchantId, ANY, status),
      keyOf(merchantId, type, status),
    ];
  }

  add(merchantId: string, type: TransactionType, status: TransactionStatus, id: number): void {
    for (const key of this.#keys(merchantId, type, status)) insertSorted(this.#list(key), id);
  }

  move(
    merchantId: string,
    type: TransactionType,
    from: TransactionStatus,
    to: TransactionStatus,
    id: number,
  ): void {
    removeSorted(this.#list(keyOf(merchantId, ANY, from)), id);
    removeSorted(this.#list(keyOf(merchantId, type, from)), id);
    insertSorted(this.#list(keyOf(merchantId, ANY, to)), id);
    insertSorted(this.#list(keyOf(merchantId, type, to)), id);
  }

  /** The ascending ids of a merchant's records of `type` and `status` (either may be omitted). */
  ids(merchantId: string, type?: TransactionType, status?: TransactionStatus): readonly number[] {
    return this.#lists.get(keyOf(merchantId, type ?? ANY, status ?? ANY)) ?? [];
  }

  clear(): void {
    this.#lists.clear();
  }
}
