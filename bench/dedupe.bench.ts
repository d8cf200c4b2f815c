/**
 * Webhook de-duplication: events handled per second (a claim, then its completion) by
 * MemoryDedupeStore when full (10,000 and 100,000 handled records, each completion evicting the
 * oldest record; live leases are never evicted) as a ratio to the same store with room to spare, and a
 * duplicate found in a full store; beside them the scanning store it replaced (issue 12), in the
 * same run.
 * Run: node --import tsx bench/dedupe.bench.ts
 */
import { MemoryDedupeStore } from '../src/webhooks/index.js';
import { compare, type Figure, table } from './harness.js';

const FULL = 10_000;
const LARGE = 100_000;
const KEYS = Array.from({ length: 2 * LARGE }, (_, i) => `evt_${i.toString(36).padStart(8, '0')}`);
const TTL_SECONDS = 86_400;
/** The claiming attempt's id: one for all, as the bench measures the store, not the receiver. */
const TOKEN = 'c0ffee00-0000-4000-8000-000000000000';

/** The store before issue 12: when full, every claim scanned all keys for expired ones. */
class ScanningStore {
  readonly expiries = new Map<string, number>();

  claim(key: string, _token: string, ttlSeconds: number): 'claimed' | 'handled' {
    const now = Date.now();
    const expiry = this.expiries.get(key);
    if (expiry !== undefined && expiry > now) return 'handled';
    this.expiries.delete(key);
    if (this.expiries.size >= FULL) {
      for (const [held, heldExpiry] of this.expiries) if (heldExpiry <= now) this.expiries.delete(held);
      if (this.expiries.size >= FULL) this.expiries.delete(this.expiries.keys().next().value as string);
    }
    this.expiries.set(key, now + ttlSeconds * 1000);
    return 'claimed';
  }
}

/** A store as the bench uses it: claim, and complete if it has completion. */
interface Claiming {
  claim(key: string, token: string, ttl: number): unknown;
  complete?(key: string, token: string, ttl: number): unknown;
}

/** One event handled: its key claimed, then completed. */
function handle(store: Claiming, key: string): unknown {
  const claimed = store.claim(key, TOKEN, TTL_SECONDS);
  store.complete?.(key, TOKEN, TTL_SECONDS);
  return claimed;
}

/**
 * New keys for a store of bound `size`, filled first. Twice `size` keys are handled in turn, so
 * every record has been evicted before its key comes round again.
 */
function filled(store: Claiming, size = FULL): () => unknown {
  for (let i = 0; i < size; i++) handle(store, KEYS[i] as string);
  let next = size;
  return () => handle(store, KEYS[next++ % (2 * size)] as string);
}

/** A store that never fills: a new one every 5,000 claims (half the bound). */
function roomy(): () => unknown {
  let store = new MemoryDedupeStore({ maxEntries: FULL });
  let next = 0;
  return () => {
    if (next % 5_000 === 0) store = new MemoryDedupeStore({ maxEntries: FULL });
    return handle(store, KEYS[next++ % (2 * FULL)] as string);
  };
}

const micros = (figure: Figure | undefined) =>
  figure === undefined ? Number.NaN : 1e6 / figure.opsPerSecond;

export async function benchDedupe(): Promise<string> {
  const held = new MemoryDedupeStore({ maxEntries: FULL });
  filled(held);
  let seen = 0;
  const names = {
    roomy: 'MemoryDedupeStore, room to spare: new event handled (baseline)',
    full: `MemoryDedupeStore, full (${FULL.toLocaleString('en')}): new event handled, oldest record evicted`,
    large: `MemoryDedupeStore, full (${LARGE.toLocaleString('en')}): new event handled, oldest record evicted`,
    duplicate: `MemoryDedupeStore, full (${FULL.toLocaleString('en')}): duplicate key`,
    scanning: `scanning store it replaced, full (${FULL.toLocaleString('en')}): new key`,
  };
  const figures = await compare({
    [names.roomy]: roomy(),
    [names.full]: filled(new MemoryDedupeStore({ maxEntries: FULL })),
    [names.large]: filled(new MemoryDedupeStore({ maxEntries: LARGE }), LARGE),
    // A duplicate changes nothing: the first 10,000 keys stay held, claimed again in turn.
    [names.duplicate]: () => held.claim(KEYS[seen++ % FULL] as string, TOKEN, TTL_SECONDS),
    [names.scanning]: filled(new ScanningStore()),
  });
  const byName = (name: string) => figures.find((figure) => figure.name === name);
  const us = (name: string) => micros(byName(name)).toFixed(2);
  const ratio = (micros(byName(names.full)) / micros(byName(names.roomy))).toFixed(2);
  return (
    `${table(figures, names.roomy)}\n\n` +
    `µs per event (claim and complete; a duplicate: claim): **${us(names.roomy)}** with room to spare, **${us(names.full)}** when full ` +
    `(full / room to spare: **${ratio}**), ${us(names.large)} when full with ${LARGE.toLocaleString('en')} keys, ` +
    `${us(names.duplicate)} for a duplicate; ` +
    `the scanning store took **${us(names.scanning)}** when full. A full store drops its oldest handled ` +
    'record, found by one live iterator over the Map of records (which keeps insertion order); live ' +
    'leases are kept apart and never evicted; expiry is checked when a key is claimed again.\n'
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await benchDedupe());
}
