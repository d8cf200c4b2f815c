/**
 * MemoryDedupeStore against the rule written plainly (lists of leases and of records), over random claims,
 * renewals, completions, releases and waits by a few attempts on a small set of keys, so that
 * keys repeat, leases lapse, records expire and keys get evicted; also with hundreds of keys, so
 * that the Map's table is rebuilt under its live iterator.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ClaimResult, MemoryDedupeStore } from '../../src/webhooks/index.js';

// These stores evict records within their TTL on purpose: the warning each store then writes once
// is tested in dedupe-eviction.test.ts, and kept out of this file's output.
beforeAll(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterAll(() => {
  vi.restoreAllMocks();
});

interface Lease {
  key: string;
  token: string;
  expiry: number;
}

interface Record {
  key: string;
  expiry: number;
}

/**
 * The rule: a live lease answers in progress, a live record handled; leases are never evicted,
 * and records past `maxEntries` drop the oldest completed.
 */
class ListModel {
  leases: Lease[] = [];
  records: Record[] = [];
  constructor(readonly maxEntries: number) {}

  get size(): number {
    return this.leases.length + this.records.length;
  }

  #lease(key: string, now: number) {
    return this.leases.find((lease) => lease.key === key && lease.expiry > now);
  }

  #drop(key: string) {
    this.leases = this.leases.filter((lease) => lease.key !== key);
    this.records = this.records.filter((record) => record.key !== key);
  }

  claim(key: string, token: string, seconds: number, now: number): ClaimResult {
    if (this.#lease(key, now) !== undefined) return 'in-progress';
    if (this.records.some((record) => record.key === key && record.expiry > now)) return 'handled';
    this.#drop(key);
    this.leases.push({ key, token, expiry: now + seconds * 1000 });
    return 'claimed';
  }

  renew(key: string, token: string, seconds: number, now: number): boolean {
    const held = this.#lease(key, now);
    if (held?.token !== token) return false;
    held.expiry = now + seconds * 1000;
    return true;
  }

  complete(key: string, token: string, seconds: number, now: number): boolean {
    const leased = this.#lease(key, now)?.token === token;
    this.#drop(key);
    if (this.records.length >= this.maxEntries) this.records.shift();
    this.records.push({ key, expiry: now + seconds * 1000 });
    return leased;
  }

  release(key: string, token: string): void {
    this.leases = this.leases.filter((lease) => !(lease.key === key && lease.token === token));
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
      model.release(step.key, step.token);
    } else {
      const { kind, key, token, seconds } = step;
      expect(store[kind](key, token, seconds)).toBe(model[kind](key, token, seconds, now));
    }
    expect(store.size).toBe(model.size);
    expect(model.records.length).toBeLessThanOrEqual(maxEntries);
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

describe('MemoryDedupeStore: a live lease is never claimable by another, however full', () => {
  /** Plays `plan`, tracking each lease from the store's own answers, and checks every claim against them. */
  function neverClaimedTwice(plan: Step[], maxEntries: number): void {
    let now = 0;
    const store = new MemoryDedupeStore({ maxEntries, now: () => now });
    const leases = new Map<string, { token: string; expiry: number }>();
    for (const step of plan) {
      if (step.kind === 'wait') {
        now += step.ms;
        continue;
      }
      const { key, token } = step;
      const lease = leases.get(key);
      const live = lease !== undefined && lease.expiry > now;
      if (step.kind === 'claim') {
        const answer = store.claim(key, token, step.seconds);
        if (live)
          expect(answer, `${key} leased to ${lease.token} until ${lease.expiry}, now ${now}`).not.toBe(
            'claimed',
          );
        if (answer === 'claimed') leases.set(key, { token, expiry: now + step.seconds * 1000 });
      } else if (step.kind === 'renew') {
        if (store.renew(key, token, step.seconds))
          leases.set(key, { token, expiry: now + step.seconds * 1000 });
      } else if (step.kind === 'complete') {
        store.complete(key, token, step.seconds);
        leases.delete(key);
      } else {
        store.release(key, token);
        if (lease?.token === token) leases.delete(key);
      }
    }
  }

  it('holds over claim, renew, complete, release and expiry with a tiny maxEntries and many keys', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3 }), steps(40, 400), (max, plan) =>
        neverClaimedTwice(plan, max),
      ),
      { numRuns: 300 },
    );
  });

  it('keeps a lease through 10,000 other events handled while it runs (the default bound)', () => {
    let now = 0;
    const store = new MemoryDedupeStore({ now: () => now });
    expect(store.claim('slow', 'first', 10)).toBe('claimed');
    for (let i = 0; i < 10_500; i++) {
      expect(store.claim(`other-${i}`, 'other', 10)).toBe('claimed');
      store.complete(`other-${i}`, 'other', 86_400);
      now += 0.3;
    }
    expect(store.claim('slow', 'retry', 10)).toBe('in-progress');
    expect(store.size).toBe(10_001);
  });
});
