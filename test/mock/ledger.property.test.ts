/**
 * Model-based: random sequences of 1,000 charges, payments, payouts, failures, reversals and
 * chargebacks across two merchants. After every step each balance is the initial one plus the sum
 * of the merchant's ledger entries and what an oracle of the money rules says, no record changed
 * merchant, and every status change followed the state machines; every run makes every kind of
 * entry.
 */
import fc from 'fast-check';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canMove } from '../../src/mock/domain/lifecycle.js';
import { ENTRY_KINDS } from '../../src/mock/domain/money-rules.js';
import { MAGIC_PIX_KEYS } from '../../src/mock/index.js';
import { buildMockService } from '../../src/mock/service.js';
import { inconsistency } from '../../src/sandbox/state/state-consistency.js';
import type { SavedState } from '../../src/sandbox/state/state-format.js';
import { TRANSACTION_STATUSES } from '../../src/schemas/enums.js';
import type { Transaction } from '../../src/schemas/transaction.js';
import { CPF, caller } from './harness.js';
import { expectedBalance } from './ledger-oracle.js';

const { service: mock, parts } = buildMockService({
  merchants: [
    { id: 'auto', initialBalanceCents: 50_000 },
    { id: 'manual', initialBalanceCents: 50_000, manualApproval: true, cashInFeeCents: 99 },
  ],
  deliverWebhooks: false,
});
/** The state as a state file would hold it, for the check a file passes when it is loaded. */
const saved = () =>
  ({
    merchants: parts.options.merchants,
    store: parts.store.save(),
    subscriptions: parts.subscriptions.save(),
  }) as SavedState;
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

const MERCHANTS = ['auto', 'manual'] as const;
type Merchant = (typeof MERCHANTS)[number];
const api = (merchant: Merchant) =>
  caller(mock.baseUrl, mock.merchants[MERCHANTS.indexOf(merchant)]?.secretKey);

interface Model {
  /** Commands run so far. */
  steps: number;
  /** transactionId → merchant at creation. */
  owner: Map<string, string>;
  /** transactionId → status after the previous step. */
  status: Map<string, string>;
  charges: string[];
  payouts: string[];
}

const reached = new Map<string, Set<string>>();

/** Every status reachable from `from` by legal moves (including staying). */
function reachable(type: string, from: string): Set<string> {
  const known = reached.get(`${type} ${from}`);
  if (known !== undefined) return known;
  const seen = new Set([from]);
  reached.set(`${type} ${from}`, seen);
  const queue = [from];
  const all = TRANSACTION_STATUSES;
  while (queue.length > 0) {
    const current = queue.shift() as string;
    for (const next of all) {
      if (!seen.has(next) && canMove(type as 'CASHIN', current as 'PENDING', next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

function checkInvariants(model: Model): void {
  model.steps++;
  // The balances a state file's loader checks against the entries are the ledger's own.
  expect(inconsistency(saved())).toBeUndefined();
  for (const merchant of MERCHANTS) {
    const records = mock.state.records(merchant);
    const balance = mock.state.balance(merchant);
    let [available, pending] = [50_000, 0];
    for (const entry of parts.store.entries(merchant)) {
      available += entry.availableCents;
      pending += entry.pendingCents;
    }
    expect(balance).toEqual({ availableCents: available, pendingCents: pending });
    const expected = expectedBalance(records, 50_000);
    expect(balance.availableCents).toBe(expected.available);
    expect(balance.pendingCents).toBe(expected.pending);
    // Checked by hand and asserted once: an expect per record per step would cost most of the run.
    const problems: string[] = [];
    for (const r of records) {
      const id = r.transactionId as string;
      if (r.type === 'INFRACTION') continue;
      if (model.owner.get(id) !== merchant) problems.push(`${id} of ${model.owner.get(id)} is ${merchant}'s`);
      const before = model.status.get(id);
      if (before !== undefined && !reachable(r.type, before).has(r.status)) {
        problems.push(`${id}: ${before} → ${r.status}`);
      }
      model.status.set(id, r.status);
    }
    expect(problems).toEqual([]);
  }
}

const merchantArb = fc.constantFrom(...MERCHANTS);
type Command = fc.AsyncCommand<Model, object>;
const pick = fc.nat();

class CreateCharge implements fc.AsyncCommand<Model, object> {
  constructor(
    readonly merchant: Merchant,
    readonly cents: number,
  ) {}
  check = () => true;
  async run(model: Model) {
    const reply = await api(this.merchant)('POST', '/v1/integrations/create-transaction', {
      amount: this.cents / 100,
    });
    expect(reply.status).toBe(201);
    model.owner.set(reply.body.transactionId, this.merchant);
    model.charges.push(reply.body.transactionId);
    checkInvariants(model);
  }
  toString = () => `charge(${this.merchant}, ${this.cents})`;
}

class CreatePayout implements fc.AsyncCommand<Model, object> {
  constructor(
    readonly merchant: Merchant,
    readonly cents: number,
    readonly key: string,
  ) {}
  check = () => true;
  async run(model: Model) {
    const [pixKey, pixKeyType] = this.key === 'cpf' ? [CPF, 'CPF'] : [this.key, 'EMAIL'];
    const reply = await api(this.merchant)('POST', '/v1/integrations/create-cashout', {
      amount: this.cents / 100,
      pixKey,
      pixKeyType,
    });
    expect([201, 422]).toContain(reply.status);
    if (reply.status === 201) {
      model.owner.set(reply.body.transactionId, this.merchant);
      model.payouts.push(reply.body.transactionId);
    } else {
      expect(['INSUFFICIENT_BALANCE', 'AMOUNT_BELOW_FEE']).toContain(reply.body.code);
    }
    checkInvariants(model);
  }
  toString = () => `payout(${this.merchant}, ${this.cents}, ${this.key})`;
}

type Action = keyof typeof mock.simulate | 'approve';
class Move implements fc.AsyncCommand<Model, object> {
  constructor(
    readonly action: Action,
    readonly index: number,
  ) {}
  // Always run (a move with nothing to move only checks), so that every run plays all its commands.
  check = () => true;
  async run(model: Model) {
    const list = this.action.includes('Charge') ? model.charges : model.payouts;
    if (list.length === 0) return checkInvariants(model);
    const id = list[this.index % list.length] as string;
    const before = JSON.stringify(mock.state.records(model.owner.get(id)));
    let refused = false;
    if (this.action === 'approve') {
      const merchant = model.owner.get(id) as Merchant;
      const record = mock.state.records(merchant).find((r) => r.transactionId === id) as Transaction;
      const reply = await api(merchant)('POST', '/v1/integrations/approve-cashout', { id: record.id });
      refused = reply.status !== 200;
    } else {
      try {
        mock.simulate[this.action](id);
      } catch {
        refused = true;
      }
    }
    // A refused move changes nothing.
    if (refused) expect(JSON.stringify(mock.state.records(model.owner.get(id)))).toBe(before);
    checkInvariants(model);
  }
  toString = () => `${this.action}(#${this.index})`;
}

const commands = [
  {
    weight: 4,
    arbitrary: fc
      .tuple(merchantArb, fc.integer({ min: 1, max: 30_000 }))
      .map(([m, c]): Command => new CreateCharge(m, c)),
  },
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        merchantArb,
        fc.integer({ min: 400, max: 30_000 }),
        fc.constantFrom('cpf', MAGIC_PIX_KEYS.fail, MAGIC_PIX_KEYS.reverse),
      )
      .map(([m, c, k]): Command => new CreatePayout(m, c, k)),
  },
  ...(
    [
      'payCharge',
      'expireCharge',
      'failCharge',
      'reverseCharge',
      'chargebackCharge',
      'processPayout',
      'completePayout',
      'failPayout',
      'reversePayout',
      'cancelPayout',
      'approve',
    ] as const
  ).map((action) => ({ weight: 1, arbitrary: pick.map((index): Command => new Move(action, index)) })),
];

/** Commands per run, and runs: 8,000 commands in all (about 3 s a run on a busy 2-core machine). */
const RUN_LENGTH = 1_000;
const RUNS = 8;

describe('the ledger under random scenarios', () => {
  it('keeps each balance the sum of its entries and of its records, merchants apart, and moves legal', {
    timeout: 180_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(...commands), { minLength: RUN_LENGTH, maxLength: RUN_LENGTH }),
        async (cmds) => {
          mock.reset();
          const model: Model = { steps: 0, owner: new Map(), status: new Map(), charges: [], payouts: [] };
          await fc.asyncModelRun(() => ({ model, real: {} }), cmds);
          expect(model.steps).toBe(RUN_LENGTH);
          // Every kind of movement happened in this run.
          const kinds = new Set(MERCHANTS.flatMap((m) => parts.store.entries(m).map((entry) => entry.kind)));
          expect([...kinds].sort()).toEqual([...ENTRY_KINDS].sort());
        },
      ),
      // A run of 1,000 commands is too long to shrink in reasonable time: a failure is reported
      // as found, with the seed and path that replay it.
      { numRuns: RUNS, endOnFailure: true },
    );
  });
});
