/**
 * `Ledger.change`, the way an operation changes a record the merchant has (a refund of a charge,
 * say), driven here by a fixture rule: its money, its changes and its event happen together, once
 * per idempotency key, and a refused rule changes nothing.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ServiceClock } from '../../src/mock/domain/clock.js';
import { Ledger, type RecordChange } from '../../src/mock/domain/ledger.js';
import type { StoredTransaction } from '../../src/mock/domain/records.js';
import { ServiceError } from '../../src/mock/domain/service-error.js';
import { MockStore } from '../../src/mock/domain/store.js';
import { resolveOptions } from '../../src/mock/options.js';
import { buildMockService } from '../../src/mock/service.js';
import { asKeyedChange } from '../support/keyed-change.js';

const KEY = '0b9f3c2e-7a4d-4f1b-8c6e-5d2a9e8f7c10';

function setUp() {
  const options = resolveOptions({});
  const merchant = options.merchants[0] as (typeof options.merchants)[number];
  const store = new MockStore(options.merchants);
  const clock = new ServiceClock(options.startAt, () => undefined);
  const events: string[] = [];
  const ledger = new Ledger(store, options, clock, (record, event) => events.push(`${event} #${record.id}`));
  const { record } = ledger.createCharge(merchant, { amount: 100 });
  ledger.move(record, 'COMPLETED');
  events.length = 0;
  clock.advance(60_000);
  let runs = 0;
  /** A fixture rule: gives `cents` back out of `available`, and sends `transaction.reversed`. */
  const giveBack =
    (cents: number) =>
    (current: Readonly<StoredTransaction>): RecordChange => {
      runs++;
      if (cents > current.amountCents) throw new ServiceError('INSUFFICIENT_BALANCE', 'too much');
      return {
        movements: [{ kind: 'reversal', availableCents: -cents, pendingCents: 0 }],
        changes: { description: `gave back ${cents}` },
        event: 'transaction.reversed',
      };
    };
  const change = (cents: number, key: string = KEY) =>
    ledger.change(
      merchant,
      'createTransaction',
      { referenceId: key, cents } as never,
      record,
      giveBack(cents),
    );
  return { store, merchant, record, events, change, runs: () => runs, clock, ledger };
}

describe('Ledger.change', () => {
  it('moves the money, changes the record (with updatedAt) and sends the event, together', () => {
    const { store, merchant, record, events, change, clock } = setUp();
    const before = store.balance(merchant.id).availableCents;
    const was = structuredClone(store.record(record.id));
    const { record: changed, replay } = change(30);
    expect(replay).toBe(false);
    expect(store.balance(merchant.id).availableCents).toBe(before - 30);
    expect(changed.description).toBe('gave back 30');
    expect(changed.updatedAt).toEqual(clock.now());
    expect(changed.updatedAt).not.toEqual(was?.updatedAt);
    expect(events).toEqual([`transaction.reversed #${record.id}`]);
    expect(store.entries(merchant.id).at(-1)).toMatchObject({
      recordId: record.id,
      kind: 'reversal',
      availableCents: -30,
    });
  });

  it('answers the same key with the record as it is now, and runs the rule once', () => {
    const { store, merchant, events, change, runs } = setUp();
    change(30);
    const balance = store.balance(merchant.id);
    const again = change(30);
    expect(again.replay).toBe(true);
    expect(again.record.description).toBe('gave back 30');
    expect(runs()).toBe(1);
    expect(store.balance(merchant.id)).toEqual(balance);
    expect(events).toHaveLength(1);
  });

  it('refuses the same key with another body (409 IDEMPOTENCY_KEY_REUSED)', () => {
    const { change } = setUp();
    change(30);
    expect(() => change(31)).toThrow(
      expect.objectContaining({ code: 'IDEMPOTENCY_KEY_REUSED', status: 409 }),
    );
  });

  it('changes nothing when the rule refuses, and the key stays free', () => {
    const { store, merchant, record, events, change, runs } = setUp();
    const balance = store.balance(merchant.id);
    const entries = store.entries(merchant.id).length;
    const was = structuredClone(store.record(record.id));
    expect(() => change(100_000)).toThrow(expect.objectContaining({ code: 'INSUFFICIENT_BALANCE' }));
    expect(store.balance(merchant.id)).toEqual(balance);
    expect(store.entries(merchant.id)).toHaveLength(entries);
    expect(store.record(record.id)).toEqual(was);
    expect(events).toEqual([]);
    // The key was not claimed: the same key with a body the rule takes goes through.
    expect(change(10).replay).toBe(false);
    expect(runs()).toBe(2);
  });

  it('refuses an operation whose entry has no idempotency key', () => {
    const { merchant, record } = setUp();
    const options = resolveOptions({});
    const ledger = new Ledger(
      new MockStore(options.merchants),
      options,
      new ServiceClock(options.startAt, () => undefined),
      () => undefined,
    );
    expect(() =>
      ledger.change(merchant, 'getBalance', {}, record, () => ({ movements: [], changes: {} })),
    ).toThrow('getBalance has no idempotency key in src/endpoints.ts');
  });

  it("creates only with an entry whose key declares a create (idempotency.effect), never with a change's", async () => {
    const { ledger, merchant } = setUp();
    await asKeyedChange('createTransaction', () =>
      expect(() => ledger.createCharge(merchant, { amount: 10 })).toThrow(
        "createTransaction's keyed call does not create a record (its effect in src/endpoints.ts)",
      ),
    );
    expect(ledger.createCharge(merchant, { amount: 10 }).replay).toBe(false);
  });
});

describe('an event a change sends twice for one record', () => {
  it('carries two timestamps, 1 ms apart while the clock stands still: never one duplicate key', async () => {
    // A receiver that takes every delivery; the log keeps each body.
    const server = createServer((_, res) => res.end());
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const { ctx } = buildMockService({ webhookRetryDelaysMs: [] });
      const merchant = ctx.options.merchants[0] as (typeof ctx.options.merchants)[number];
      ctx.subscriptions.add({
        id: crypto.randomUUID(),
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
        events: ['transaction.reversed'],
        status: 'ACTIVE',
        description: null,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
        merchantId: merchant.id,
        secret: 'whsec_test',
      });
      const { record } = ctx.ledger.createCharge(merchant, { amount: 10 });
      const again = (key: string) =>
        ctx.ledger.change(merchant, 'createTransaction', { referenceId: key }, record, () => ({
          movements: [],
          changes: {},
          event: 'transaction.reversed',
        }));
      again(crypto.randomUUID());
      again(crypto.randomUUID());
      ctx.clock.advance(5_000);
      again(crypto.randomUUID());
      await expect.poll(() => ctx.subscriptions.deliveries.length).toBe(3);
      const stamps = ctx.subscriptions.deliveries.map((d) => JSON.parse(d.body).timestamp as string);
      const now = ctx.clock.now().getTime();
      expect(stamps.map((stamp) => Date.parse(stamp))).toEqual([now - 5_000, now - 4_999, now]);
    } finally {
      server.close();
    }
  });
});
