import { describe, expect, it } from 'vitest';
import { MemoryDedupeStore } from '../../src/webhooks/index.js';

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

  it('drops expired keys before live ones when full', () => {
    let now = 0;
    const store = new MemoryDedupeStore({ maxEntries: 2, now: () => now });
    store.claim('long', 100);
    store.claim('short', 1);
    now = 2_000;
    store.claim('new', 100);
    expect(store.claim('long', 100)).toBe('duplicate');
  });

  it('refuses a non-positive bound', () => {
    expect(() => new MemoryDedupeStore({ maxEntries: 0 })).toThrow(RangeError);
  });
});
