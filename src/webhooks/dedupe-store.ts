/**
 * De-duplication: delivery is at-least-once, so a receiver leases each event key while its
 * handler runs and records it as handled once the handler returns.
 */

import { optionalFunction, optionsObject } from '../schemas/checks.js';

/**
 * What a claim found: the key was free and is now leased to the caller (`'claimed'`), another
 * attempt holds its lease (`'in-progress'`), or the event was handled already (`'handled'`).
 */
export type ClaimResult = 'claimed' | 'in-progress' | 'handled';

/**
 * Where a receiver remembers the events it is handling and has handled. Share one store between
 * all instances of a receiver (e.g. {@link RedisDedupeStore}) so a duplicate is handled once
 * across machines. Each call is atomic; `token` is the claiming attempt's own random id, so an
 * attempt whose lease lapsed can never free or extend another attempt's lease.
 */
export interface WebhookDedupeStore {
  /** If `key` is free (new, released, or its lease or record expired), leases it to `token` for `leaseSeconds`. */
  claim(key: string, token: string, leaseSeconds: number): ClaimResult | Promise<ClaimResult>;
  /** Extends the lease to `leaseSeconds` from now if `token` still holds it; answers whether it did. */
  renew(key: string, token: string, leaseSeconds: number): boolean | Promise<boolean>;
  /**
   * Records `key` as handled for `ttlSeconds`, whoever holds it. Answers whether `token` still
   * held the lease (false: it had lapsed, so another attempt may be handling the event too).
   */
  complete(key: string, token: string, ttlSeconds: number): boolean | Promise<boolean>;
  /** Frees `key` if `token` holds its lease, so that a redelivery is handled again. */
  release(key: string, token: string): void | Promise<void>;
}

/** Options of {@link MemoryDedupeStore}. */
export interface MemoryDedupeStoreOptions {
  /** The most keys kept; the oldest claim is dropped past it. @default 10_000 */
  maxEntries?: number;
  /** The current time in ms, for tests. @default Date.now */
  now?: () => number;
}

/** A held key: leased to `token` until `expiry`, or handled (`token` undefined) until `expiry`. */
interface Entry {
  token: string | undefined;
  expiry: number;
}

/**
 * The default store: in memory, bounded, with expiry. Right for one process; use a shared store
 * such as {@link RedisDedupeStore} when the receiver runs on several machines.
 *
 * A claim costs O(1), full or not: when full, the oldest claim goes (completing a key does not
 * make it newer), and expiry is checked when a key is claimed again.
 */
export class MemoryDedupeStore implements WebhookDedupeStore {
  /** Key → entry, oldest claim first: a Map keeps insertion order. */
  readonly #entries = new Map<string, Entry>();
  /**
   * A live iterator over the keys: it sees keys added after it and skips deleted ones, and every
   * key it has yielded was evicted, so its next key is always the oldest. Asking a new iterator
   * instead would walk over every deleted slot still in the table (O(n) per claim in V8).
   */
  readonly #oldest = this.#entries.keys();
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
    return this.#entries.size;
  }

  claim(key: string, token: string, leaseSeconds: number): ClaimResult {
    const now = this.#now();
    const held = this.#entries.get(key);
    if (held !== undefined && held.expiry > now) return held.token === undefined ? 'handled' : 'in-progress';
    // Deleting first moves a re-claimed expired key to the end, among the newest.
    this.#entries.delete(key);
    this.#add(key, { token, expiry: now + leaseSeconds * 1000 });
    return 'claimed';
  }

  renew(key: string, token: string, leaseSeconds: number): boolean {
    const held = this.#leaseOf(key, token);
    if (held !== undefined) held.expiry = this.#now() + leaseSeconds * 1000;
    return held !== undefined;
  }

  complete(key: string, token: string, ttlSeconds: number): boolean {
    const leased = this.#leaseOf(key, token) !== undefined;
    const expiry = this.#now() + ttlSeconds * 1000;
    const held = this.#entries.get(key);
    if (held === undefined) this.#add(key, { token: undefined, expiry });
    else Object.assign(held, { token: undefined, expiry });
    return leased;
  }

  release(key: string, token: string): void {
    if (this.#leaseOf(key, token) !== undefined) this.#entries.delete(key);
  }

  /** Adds a key not held now, dropping the oldest claim when full. */
  #add(key: string, entry: Entry): void {
    // Full means at least one key the iterator has not yielded yet, so it is never done here.
    if (this.#entries.size >= this.#maxEntries) this.#entries.delete(this.#oldest.next().value as string);
    this.#entries.set(key, entry);
  }

  /** The entry of `key` if `token` holds its live lease. */
  #leaseOf(key: string, token: string): Entry | undefined {
    const held = this.#entries.get(key);
    return held !== undefined && held.token === token && held.expiry > this.#now() ? held : undefined;
  }
}
