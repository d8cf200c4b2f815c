/**
 * MemoryDedupeStore against reference models, over random claims, releases and waits on a small
 * set of keys (so that keys repeat, expire and get evicted):
 * - with any TTLs, it answers and sizes as the rule written plainly (a list in claim order),
 *   also with hundreds of keys, so that the Map's table is rebuilt under its live iterator;
 * - with one TTL for every key, as a receiver uses it, it answers as the scanning store it
 *   replaced (which dropped every expired key when full, so held fewer).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ClaimResult, MemoryDedupeStore } from '../../src/webhooks/index.js';

interface Entry {
  key: string;
  expiry: number;
}

/** The rule: a live key is a duplicate; a new one drops the oldest claim when at capacity. */
class ListModel {
  entries: Entry[] = [];
  constructor(readonly maxEntries: number) {}

  claim(key: string, ttlSeconds: number, now: number): ClaimResult {
    const held = this.entries.find((entry) => entry.key === key);
    if (held !== undefined && held.expiry > now) return 'duplicate';
    this.release(key);
    if (this.entries.length >= this.maxEntries) this.entries.shift();
    this.entries.push({ key, expiry: now + ttlSeconds * 1000 });
    return 'first';
  }

  release(key: string): void {
    this.entries = this.entries.filter((entry) => entry.key !== key);
  }
}

/** The store before the O(1) rewrite: when full, it scanned for expired keys, then dropped the oldest. */
class ScanningModel extends ListModel {
  override claim(key: string, ttlSeconds: number, now: number): ClaimResult {
    const held = this.entries.find((entry) => entry.key === key);
    if (held !== undefined && held.expiry > now) return 'duplicate';
    this.release(key);
    if (this.entries.length >= this.maxEntries) {
      this.entries = this.entries.filter((entry) => entry.expiry > now);
      if (this.entries.length >= this.maxEntries) this.entries.shift();
    }
    this.entries.push({ key, expiry: now + ttlSeconds * 1000 });
    return 'first';
  }
}

type Step =
  | { kind: 'claim'; key: string; ttlSeconds: number }
  | { kind: 'release'; key: string }
  | { kind: 'wait'; ms: number };

const steps = (ttlSeconds: fc.Arbitrary<number>, keys = 7, maxLength = 80) => {
  const key = fc.nat(keys - 1).map(String);
  return fc.array(
    fc.oneof(
      { weight: 6, arbitrary: fc.record({ kind: fc.constant('claim' as const), key, ttlSeconds }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('release' as const), key }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('wait' as const), ms: fc.nat(2_500) }) },
    ),
    // size 'max': lengths up to maxLength, not fast-check's default of about ten.
    { maxLength, size: 'max' },
  );
};

/** Plays `plan` on a real store and a model; `check` runs after every step. */
function replay(
  plan: Step[],
  maxEntries: number,
  model: ListModel,
  check: (store: MemoryDedupeStore, now: number) => void,
): void {
  let now = 0;
  const store = new MemoryDedupeStore({ maxEntries, now: () => now });
  for (const step of plan) {
    if (step.kind === 'wait') now += step.ms;
    else if (step.kind === 'release') {
      store.release(step.key);
      model.release(step.key);
    } else {
      expect(store.claim(step.key, step.ttlSeconds)).toBe(model.claim(step.key, step.ttlSeconds, now));
    }
    check(store, now);
  }
}

describe('MemoryDedupeStore against reference models', () => {
  it('answers and sizes as the plain rule, whatever the TTLs', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), steps(fc.integer({ min: 0, max: 3 })), (max, plan) => {
        const model = new ListModel(max);
        replay(plan, max, model, (store) => expect(store.size).toBe(model.entries.length));
      }),
      { numRuns: 500 },
    );
  });

  it('keeps claim order while the Map grows, shrinks and rebuilds its table', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300 }),
        steps(fc.integer({ min: 0, max: 3 }), 600, 3_000),
        (max, plan) => {
          const model = new ListModel(max);
          replay(plan, max, model, (store) => expect(store.size).toBe(model.entries.length));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('with one TTL for every key, answers as the scanning store and holds at least its keys', () => {
    const plans = fc
      .integer({ min: 1, max: 3 })
      .chain((ttl) => fc.tuple(fc.integer({ min: 1, max: 5 }), steps(fc.constant(ttl))));
    fc.assert(
      fc.property(plans, ([max, plan]) => {
        const model = new ScanningModel(max);
        replay(plan, max, model, (store) => {
          expect(store.size).toBeGreaterThanOrEqual(model.entries.length);
          expect(store.size).toBeLessThanOrEqual(max);
        });
      }),
      { numRuns: 500 },
    );
  });
});
