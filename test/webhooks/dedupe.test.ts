import { describe, expect, it } from 'vitest';
import { MemoryDedupeStore } from '../../src/webhooks/index.js';

/** A store of `maxEntries` on a test clock: `claim` several keys in turn, `wait` moves time on. */
function storeOnClock(maxEntries: number) {
  let now = 0;
  const store = new MemoryDedupeStore({ maxEntries, now: () => now });
  return {
    store,
    claim: (keys: string[], ttlSeconds: number) => keys.map((key) => store.claim(key, ttlSeconds)),
    wait: (ms: number) => {
      now += ms;
    },
  };
}

describe('MemoryDedupeStore', () => {
  it('answers first, then duplicate', () => {
    const store = new MemoryDedupeStore();
    expect(store.claim('a', 60)).toBe('first');
    expect(store.claim('a', 60)).toBe('duplicate');
    expect(store.claim('b', 60)).toBe('first');
  });

  it('forgets a key after its TTL', () => {
    let now = 0;
    const store = new MemoryDedupeStore({ now: () => now });
    store.claim('a', 10);
    now = 9_999;
    expect(store.claim('a', 10)).toBe('duplicate');
    now = 10_000;
    expect(store.claim('a', 10)).toBe('first');
  });

  it('forgets a released key', () => {
    const store = new MemoryDedupeStore();
    store.claim('a', 60);
    store.release('a');
    expect(store.claim('a', 60)).toBe('first');
  });

  it('is bounded: past maxEntries the oldest key goes', () => {
    const store = new MemoryDedupeStore({ maxEntries: 3 });
    for (const key of ['a', 'b', 'c', 'd']) store.claim(key, 60);
    expect(store.size).toBe(3);
    expect(store.claim('d', 60)).toBe('duplicate');
    expect(store.claim('a', 60)).toBe('first');
  });

  it('keeps its place for a duplicate: eviction follows the first claim', () => {
    const { claim } = storeOnClock(2);
    claim(['a', 'b', 'a', 'c'], 60);
    expect(claim(['b', 'a'], 60)).toEqual(['duplicate', 'first']);
  });

  it('makes a key claimed again after its TTL the newest', () => {
    const { claim, wait } = storeOnClock(2);
    claim(['a'], 1);
    claim(['b'], 100);
    wait(1_000);
    claim(['a', 'c'], 100);
    expect(claim(['a', 'b'], 100)).toEqual(['duplicate', 'first']);
  });

  it('checks expiry lazily: an expired key is held until claimed again or evicted', () => {
    const { store, claim, wait } = storeOnClock(3);
    claim(['a', 'b'], 1);
    wait(5_000);
    expect(store.size).toBe(2);
    expect(claim(['a'], 1)).toEqual(['first']);
    expect(store.size).toBe(2);
  });

  it('when full, evicts one key per new claim: the oldest, even if a newer one has expired', () => {
    const { store, claim, wait } = storeOnClock(3);
    claim(['long'], 100);
    claim(['short'], 1);
    claim(['c'], 100);
    wait(2_000);
    claim(['d'], 100);
    expect(store.size).toBe(3);
    expect(claim(['c', 'd', 'long'], 100)).toEqual(['duplicate', 'duplicate', 'first']);
  });

  it('takes a released key again as a new claim, so a failed handler is retried', () => {
    const { store, claim } = storeOnClock(2);
    claim(['failed', 'b'], 60);
    store.release('failed');
    expect(claim(['failed', 'c', 'failed', 'b'], 60)).toEqual(['first', 'first', 'duplicate', 'first']);
  });

  it('refuses a non-positive bound', () => {
    expect(() => new MemoryDedupeStore({ maxEntries: 0 })).toThrow(RangeError);
  });
});
