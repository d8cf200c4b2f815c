import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryDedupeStore } from '../../src/webhooks/index.js';

// These stores evict records within their TTL on purpose: the warning each store then writes once
// is tested in dedupe-eviction.test.ts, and kept out of this file's output.
beforeAll(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterAll(() => {
  vi.restoreAllMocks();
});

const A = 'token-a';
const B = 'token-b';

/** A store of `maxEntries` on a test clock: `claim` several keys in turn, `wait` moves time on. */
function storeOnClock(maxEntries = 10_000) {
  let now = 0;
  const store = new MemoryDedupeStore({ maxEntries, now: () => now });
  return {
    store,
    claim: (keys: string[], seconds: number, token = A) =>
      keys.map((key) => store.claim(key, token, seconds)),
    wait: (ms: number) => {
      now += ms;
    },
  };
}

describe('MemoryDedupeStore: a claim is a lease, then a record', () => {
  it('leases a new key to its first claimant; another claim finds it in progress', () => {
    const store = new MemoryDedupeStore();
    expect(store.claim('a', A, 10)).toBe('claimed');
    expect(store.claim('a', B, 10)).toBe('in-progress');
    expect(store.claim('b', B, 10)).toBe('claimed');
  });

  it('answers handled once the key is completed, for its TTL', () => {
    const { store, wait } = storeOnClock();
    store.claim('a', A, 10);
    expect(store.complete('a', A, 60)).toBe(true);
    wait(59_999);
    expect(store.claim('a', B, 10)).toBe('handled');
    wait(1);
    expect(store.claim('a', B, 10)).toBe('claimed');
  });

  it('frees a key whose lease lapsed, so the next attempt handles it (a receiver died)', () => {
    const { store, wait } = storeOnClock();
    store.claim('a', A, 10);
    wait(9_999);
    expect(store.claim('a', B, 10)).toBe('in-progress');
    wait(1);
    expect(store.claim('a', B, 10)).toBe('claimed');
  });

  it('renews a lease only for its holder, and only while it lives', () => {
    const { store, wait } = storeOnClock();
    store.claim('a', A, 10);
    wait(8_000);
    expect(store.renew('a', B, 10)).toBe(false);
    expect(store.renew('a', A, 10)).toBe(true);
    wait(8_000);
    expect(store.claim('a', B, 10)).toBe('in-progress');
    wait(2_000);
    expect(store.renew('a', A, 10)).toBe(false);
    expect(store.claim('a', B, 10)).toBe('claimed');
  });

  it('releases a key only for its holder', () => {
    const store = new MemoryDedupeStore();
    store.claim('a', A, 10);
    store.release('a', B);
    expect(store.claim('a', B, 10)).toBe('in-progress');
    store.release('a', A);
    expect(store.claim('a', B, 10)).toBe('claimed');
  });

  it('records a key as handled even when the lease was lost, and says so', () => {
    const { store, wait } = storeOnClock();
    store.claim('a', A, 1);
    wait(1_000);
    store.claim('a', B, 10);
    expect(store.complete('a', A, 60)).toBe(false);
    store.release('a', B);
    expect(store.claim('a', B, 10)).toBe('handled');
  });

  it('is bounded: past maxEntries the oldest handled record goes', () => {
    const { store, claim } = storeOnClock(3);
    for (const key of ['a', 'b', 'c', 'd']) {
      store.claim(key, A, 60);
      store.complete(key, A, 60);
    }
    expect(store.size).toBe(3);
    expect(claim(['d', 'a'], 60, B)).toEqual(['handled', 'claimed']);
  });

  it('never evicts a live lease, however many events are handled meanwhile', () => {
    const { store, claim } = storeOnClock(2);
    claim(['slow'], 60);
    for (const key of ['a', 'b', 'c', 'd']) {
      store.claim(key, A, 60);
      store.complete(key, A, 60);
    }
    expect(claim(['slow'], 60, B)).toEqual(['in-progress']);
    expect(store.renew('slow', A, 60)).toBe(true);
    expect(store.complete('slow', A, 60)).toBe(true);
  });

  it('orders records by completion: the record completed first goes first', () => {
    const { store, claim } = storeOnClock(2);
    claim(['a', 'b'], 60);
    store.complete('b', A, 60);
    store.complete('a', A, 60);
    claim(['c'], 60);
    store.complete('c', A, 60);
    expect(claim(['a', 'b'], 60, B)).toEqual(['handled', 'claimed']);
  });

  it('sweeps leases that lapsed and were never claimed again', () => {
    const { store, claim, wait } = storeOnClock(10);
    claim(
      Array.from({ length: 1_024 }, (_, i) => `hung-${i}`),
      1,
    );
    wait(1_000);
    claim(['next'], 60);
    expect(store.size).toBe(1);
  });

  it('checks expiry lazily: an expired key is held until claimed again or evicted', () => {
    const { store, claim, wait } = storeOnClock(3);
    claim(['a', 'b'], 1);
    wait(5_000);
    expect(store.size).toBe(2);
    expect(claim(['a'], 1)).toEqual(['claimed']);
    expect(store.size).toBe(2);
  });

  it('refuses a non-positive bound', () => {
    expect(() => new MemoryDedupeStore({ maxEntries: 0 })).toThrow(RangeError);
  });
});
