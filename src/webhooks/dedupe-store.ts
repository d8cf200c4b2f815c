/** De-duplication: delivery is at-least-once, so a receiver claims each event key once. */

import { optionalFunction, optionsObject } from '../schemas/checks.js';

/** The outcome of a claim: the first sighting of a key, or a repeat. */
export type ClaimResult = 'first' | 'duplicate';

/**
 * Where a receiver remembers the events it has handled. Share one store between all instances
 * of a receiver (e.g. {@link RedisDedupeStore}) so a duplicate is handled once across machines.
 */
export interface WebhookDedupeStore {
  /** Atomically records `key` for `ttlSeconds`; answers whether it was already there. */
  claim(key: string, ttlSeconds: number): ClaimResult | Promise<ClaimResult>;
  /** Forgets `key`, so that a redelivery is handled again (called when handling failed). */
  release(key: string): void | Promise<void>;
}

/** Options of {@link MemoryDedupeStore}. */
export interface MemoryDedupeStoreOptions {
  /** The most keys kept; the oldest is dropped past it. @default 10_000 */
  maxEntries?: number;
  /** The current time in ms, for tests. @default Date.now */
  now?: () => number;
}

/**
 * The default store: in memory, bounded, with expiry. Right for one process; use a shared store
 * such as {@link RedisDedupeStore} when the receiver runs on several machines.
 *
 * A claim costs O(1), full or not: when full, the oldest claim goes (a duplicate does not make a
 * key newer, as with Redis `SET NX EX`), and expiry is checked when a key is claimed again.
 */
export class MemoryDedupeStore implements WebhookDedupeStore {
  /** Key → expiry in ms, oldest claim first: a Map keeps insertion order. */
  readonly #expiries = new Map<string, number>();
  /**
   * A live iterator over the keys: it sees keys added after it and skips deleted ones, and every
   * key it has yielded was evicted, so its next key is always the oldest. Asking a new iterator
   * instead would walk over every deleted slot still in the table (O(n) per claim in V8).
   */
  readonly #oldest = this.#expiries.keys();
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor(options?: MemoryDedupeStoreOptions) {
    const { maxEntries = 10_000, now = Date.now } = optionsObject(options, 'MemoryDedupeStore options');
    optionalFunction(now, 'now');
    this.#maxEntries = maxEntries;
    this.#now = now;
    if (!Number.isInteger(this.#maxEntries) || this.#maxEntries < 1) {
      throw new RangeError('maxEntries must be a positive integer');
    }
  }

  /** How many keys are held now, expired ones included until claimed again or evicted. */
  get size(): number {
    return this.#expiries.size;
  }

  claim(key: string, ttlSeconds: number): ClaimResult {
    const now = this.#now();
    const expiry = this.#expiries.get(key);
    if (expiry !== undefined && expiry > now) return 'duplicate';
    // Deleting first moves a re-claimed expired key to the end, among the newest.
    this.#expiries.delete(key);
    // Full means at least one key the iterator has not yielded yet, so it is never done here.
    if (this.#expiries.size >= this.#maxEntries) this.#expiries.delete(this.#oldest.next().value as string);
    this.#expiries.set(key, now + ttlSeconds * 1000);
    return 'first';
  }

  release(key: string): void {
    this.#expiries.delete(key);
  }
}
