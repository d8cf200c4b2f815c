/**
 * De-duplication: delivery is at-least-once, so a receiver leases each event key while its
 * handler runs and records it as handled once the handler returns.
 */

import { kindOf, optionalFunction, optionsObject } from '../schemas/checks.js';
import { type OptionNames, refuseUnknownOptions } from '../schemas/known-options.js';
import { WebhookDedupeEvictionWarning } from './errors.js';

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
  /**
   * The most handled events remembered; past it the oldest record goes. Events being handled
   * now (live leases) are kept apart and never evicted: they are bounded by the deliveries in
   * flight. The first eviction of a record still within its TTL is reported once
   * ({@link WebhookDedupeEvictionWarning}). @default 10_000
   */
  maxEntries?: number;
  /** The current time in ms, for tests. @default Date.now */
  now?: () => number;
}

const MEMORY_STORE_OPTION_NAMES = { maxEntries: 0, now: 0 } satisfies OptionNames<MemoryDedupeStoreOptions>;

/** Where a memory store reports its first early eviction: set by the first receiver given it. */
const evictionReporters = /* @__PURE__ */ new WeakMap<
  WebhookDedupeStore,
  (warning: WebhookDedupeEvictionWarning) => void
>();

/**
 * Makes `report` the one a {@link MemoryDedupeStore} tells of its first early eviction, unless a
 * receiver made before took it; any other store is left alone. Internal: receivers call it.
 */
export function reportEvictionsTo(
  store: WebhookDedupeStore,
  report: (warning: WebhookDedupeEvictionWarning) => void,
): void {
  if (store instanceof MemoryDedupeStore && !evictionReporters.has(store))
    evictionReporters.set(store, report);
}

/** A live claim: leased to `token` until `expiry` (ms). */
interface Lease {
  token: string;
  expiry: number;
}

/**
 * The default store: in memory, bounded, with expiry. Right for one process; use a shared store
 * such as {@link RedisDedupeStore} when the receiver runs on several machines. The first time
 * `maxEntries` makes it evict a record still within its TTL, it says so once (a
 * {@link WebhookDedupeEvictionWarning}) through the `onError` of the receiver given it, else
 * `console.warn`.
 *
 * Leases and handled records are kept apart. A lease is dropped only when it has expired (and
 * the key is claimed again, or a sweep finds it) or its holder released or completed it, so a
 * key being handled is never claimable by another attempt, however full the store is.
 * `maxEntries` bounds the handled records only, oldest first. Every call costs O(1) (amortised).
 */
export class MemoryDedupeStore implements WebhookDedupeStore {
  /** Key → live (or lapsed, not yet swept) lease. */
  readonly #leases = new Map<string, Lease>();
  /** Key → expiry (ms) of a handled record, oldest record first: a Map keeps insertion order. */
  readonly #handled = new Map<string, number>();
  /**
   * A live iterator over the handled keys: it sees keys added after it and skips deleted ones,
   * and every key it has yielded was evicted, so its next key is always the oldest. Asking a new
   * iterator instead would walk over every deleted slot still in the table (O(n) per call in V8).
   */
  readonly #oldest = this.#handled.keys();
  readonly #maxEntries: number;
  readonly #now: () => number;
  /** Lapsed leases are swept when the lease count passes this, which then doubles. */
  #sweepAt = 1_024;
  /** Whether an eviction of a record still within its TTL was reported (once per store). */
  #warned = false;

  constructor(options?: MemoryDedupeStoreOptions) {
    const { maxEntries = 10_000, now = Date.now } = refuseUnknownOptions(
      optionsObject(options, 'MemoryDedupeStore options'),
      MEMORY_STORE_OPTION_NAMES,
      'MemoryDedupeStore',
    );
    optionalFunction(now, 'now');
    this.#maxEntries = maxEntries;
    this.#now = now;
    if (!Number.isInteger(this.#maxEntries) || this.#maxEntries < 1) {
      throw new RangeError(`maxEntries must be a positive integer, got ${kindOf(maxEntries)}`);
    }
  }

  /** How many keys are held now: leases and handled records, expired ones included until claimed again, swept or evicted. */
  get size(): number {
    return this.#leases.size + this.#handled.size;
  }

  claim(key: string, token: string, leaseSeconds: number): ClaimResult {
    const now = this.#now();
    if ((this.#leases.get(key)?.expiry ?? 0) > now) return 'in-progress';
    if ((this.#handled.get(key) ?? 0) > now) return 'handled';
    this.#handled.delete(key);
    this.#leases.delete(key);
    if (this.#leases.size >= this.#sweepAt) this.#sweep(now);
    this.#leases.set(key, { token, expiry: now + leaseSeconds * 1000 });
    return 'claimed';
  }

  renew(key: string, token: string, leaseSeconds: number): boolean {
    const held = this.#leaseOf(key, token);
    if (held !== undefined) held.expiry = this.#now() + leaseSeconds * 1000;
    return held !== undefined;
  }

  complete(key: string, token: string, ttlSeconds: number): boolean {
    const leased = this.#leaseOf(key, token) !== undefined;
    const now = this.#now();
    // Recorded whoever holds the lease: the event has been handled.
    this.#leases.delete(key);
    this.#handled.delete(key);
    let evicted: [key: string, expiry: number] | undefined;
    if (this.#handled.size >= this.#maxEntries) {
      const oldest = this.#oldest.next().value as string;
      evicted = [oldest, this.#handled.get(oldest) ?? 0];
      this.#handled.delete(oldest);
    }
    this.#handled.set(key, now + ttlSeconds * 1000);
    if (evicted !== undefined && evicted[1] > now && !this.#warned) this.#warnEvicted(...evicted, now);
    return leased;
  }

  release(key: string, token: string): void {
    if (this.#leases.get(key)?.token === token) this.#leases.delete(key);
  }

  /**
   * Says once that a handled record went before its TTL (a retry of it would be handled again):
   * through the owning receiver's `onError`, else `console.warn`.
   */
  #warnEvicted(key: string, expiry: number, now: number): void {
    this.#warned = true;
    const warning = new WebhookDedupeEvictionWarning(this.#maxEntries, key, expiry - now);
    const report = evictionReporters.get(this);
    if (report === undefined) console.warn(`[pix-payments] ${warning.message}`);
    else report(warning);
  }

  /** The lease of `key` if `token` holds it and it is live. */
  #leaseOf(key: string, token: string): Lease | undefined {
    const held = this.#leases.get(key);
    return held !== undefined && held.token === token && held.expiry > this.#now() ? held : undefined;
  }

  /** Drops lapsed leases (an `onEvent` that never settled); amortised O(1) per claim. */
  #sweep(now: number): void {
    for (const [key, lease] of this.#leases) if (lease.expiry <= now) this.#leases.delete(key);
    this.#sweepAt = Math.max(1_024, 2 * this.#leases.size);
  }
}
