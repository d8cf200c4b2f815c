/** De-duplication: delivery is at-least-once, so a receiver claims each event key once. */

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
 */
export class MemoryDedupeStore implements WebhookDedupeStore {
  readonly #expiries = new Map<string, number>();
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor(options: MemoryDedupeStoreOptions = {}) {
    this.#maxEntries = options.maxEntries ?? 10_000;
    this.#now = options.now ?? Date.now;
    if (!Number.isInteger(this.#maxEntries) || this.#maxEntries < 1) {
      throw new RangeError('maxEntries must be a positive integer');
    }
  }

  /** How many keys are held now. */
  get size(): number {
    return this.#expiries.size;
  }

  claim(key: string, ttlSeconds: number): ClaimResult {
    const now = this.#now();
    const expiry = this.#expiries.get(key);
    if (expiry !== undefined && expiry > now) return 'duplicate';
    this.#expiries.delete(key);
    if (this.#expiries.size >= this.#maxEntries) this.#evict(now);
    this.#expiries.set(key, now + ttlSeconds * 1000);
    return 'first';
  }

  release(key: string): void {
    this.#expiries.delete(key);
  }

  /** Drops expired keys; if none were, the oldest one (Maps keep insertion order). */
  #evict(now: number): void {
    for (const [key, expiry] of this.#expiries) {
      if (expiry <= now) this.#expiries.delete(key);
    }
    if (this.#expiries.size >= this.#maxEntries) {
      const oldest = this.#expiries.keys().next();
      if (oldest.done !== true) this.#expiries.delete(oldest.value);
    }
  }
}
