/**
 * MemoryDedupeStore against the rule written plainly (a list in claim order), over random claims,
 * renewals, completions, releases and waits by a few attempts on a small set of keys, so that
 * keys repeat, leases lapse, records expire and keys get evicted; also with hundreds of keys, so
 * that the Map's table is rebuilt under its live iterator.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ClaimResult, MemoryDedupeStore } from '../../src/webhooks/index.js';

interface Entry {
  key: string;
  /** The lease holder, or undefined once handled. */
  token: string | undefined;
  expiry: number;
}

/** The rule: a live key is in progress or handled; a free one drops the oldest claim when at capacity. */
class ListModel {
  entries: Entry[] = [];
  constructor(readonly maxEntries: number) {}

  #live(key: string, now: number) {
    return this.entries.find((entry) => entry.key === key && entry.expiry > now);
  }

  claim(key: string, token: string, seconds: number, now: number): ClaimResult {
    const held = this.#live(key, now);
    if (held !== undefined) return held.token === undefined ? 'handled' : 'in-progress';
    this.entries = this.entries.filter((entry) => entry.key !== key);
    if (this.entries.length >= this.maxEntries) this.entries.shift();
    this.entries.push({ key, token, expiry: now + seconds * 1000 });
    return 'claimed';
  }

  renew(key: string, token: string, seconds: number, now: number): boolean {
    const held = this.#live(key, now);
    if (held?.token !== token) return false;
    held.expiry = now + seconds * 1000;
    return true;
  }

  complete(key: string, token: string, seconds: number, now: number): boolean {
    const leased = this.#live(key, now)?.token === token;
    const held = this.entries.find((entry) => entry.key === key);
    if (held === undefined) {
      if (this.entries.length >= this.maxEntries) this.entries.shift();
      this.entries.push({ key, token: undefined, expiry: now + seconds * 1000 });
    } else Object.assign(held, { token: undefined, expiry: now + seconds * 1000 });
    return leased;
  }

  release(key: string, token: string, now: number): void {
    if (this.#live(key, now)?.token === token)
      this.entries = this.entries.filter((entry) => entry.key !== key);
  }
}

type Step =
  | { kind: 'claim' | 'renew' | 'complete'; key: string; token: string; seconds: number }
  | { kind: 'release'; key: string; token: string }
  | { kind: 'wait'; ms: number };

const steps = (keys = 7, maxLength = 80) => {
  const key = fc.nat(keys - 1).map(String);
  const token = fc.constantFrom('t1', 't2', 't3');
  const seconds = fc.integer({ min: 0, max: 3 });
  const call = (kind: 'claim' | 'renew' | 'complete') =>
    fc.record({ kind: fc.constant(kind), key, token, seconds });
  return fc.array(
    fc.oneof(
      { weight: 6, arbitrary: call('claim') },
      { weight: 2, arbitrary: call('renew') },
      { weight: 3, arbitrary: call('complete') },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('release' as const), key, token }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('wait' as const), ms: fc.nat(2_500) }) },
    ),
    // size 'max': lengths up to maxLength, not fast-check's default of about ten.
    { maxLength, size: 'max' },
  );
};

/** Plays `plan` on a real store and the model, comparing every answer and the size. */
function replay(plan: Step[], maxEntries: number): void {
  let now = 0;
  const store = new MemoryDedupeStore({ maxEntries, now: () => now });
  const model = new ListModel(maxEntries);
  for (const step of plan) {
    if (step.kind === 'wait') now += step.ms;
    else if (step.kind === 'release') {
      store.release(step.key, step.token);
      model.release(step.key, step.token, now);
    } else {
      const { kind, key, token, seconds } = step;
      expect(store[kind](key, token, seconds)).toBe(model[kind](key, token, seconds, now));
    }
    expect(store.size).toBe(model.entries.length);
    expect(store.size).toBeLessThanOrEqual(maxEntries);
  }
}

describe('MemoryDedupeStore against the plain rule', () => {
  it('answers and sizes as the rule, whatever the leases and TTLs', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), steps(), (max, plan) => replay(plan, max)),
      { numRuns: 500 },
    );
  });

  it('keeps claim order while the Map grows, shrinks and rebuilds its table', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), steps(600, 3_000), (max, plan) => replay(plan, max)),
      { numRuns: 40 },
    );
  });
});
