/**
 * The model of the ledger, for its property test (`ledger.property.test.ts`): the commands a
 * random scenario is made of (charges, payments, payouts, failures, reversals, chargebacks), what
 * each expects of the mock's answer, and the oracle: the balance a merchant's records imply by
 * the money rules, in integer cents (also read by the kept-state tests). A new money operation
 * is one more command here and its line in the oracle.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { canMove } from '../../src/mock/domain/lifecycle.js';
import { MAGIC_PIX_KEYS, type MockService } from '../../src/mock/index.js';
import { toCents } from '../../src/pix/money.js';
import { TRANSACTION_STATUSES } from '../../src/schemas/enums.js';
import type { Transaction } from '../../src/schemas/transaction.js';
import { CPF, type caller } from './harness.js';

/** The two merchants of a scenario: one paid out at once, one approving payouts by hand. */
export const MERCHANTS = ['auto', 'manual'] as const;
export type Merchant = (typeof MERCHANTS)[number];

/** What the commands act on: the mock, a caller per merchant, and the check run after each step. */
export interface World {
  mock: MockService;
  api: (merchant: Merchant) => ReturnType<typeof caller>;
  check: (model: Model) => void;
}

export interface Model {
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
export function reachable(type: string, from: string): Set<string> {
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

/** The weighted commands of a scenario, acting on `world`. */
export function ledgerCommands({ mock, api, check: checkInvariants }: World) {
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
  /**
   * The commands a run starts with, so that every run makes every kind of entry whatever it
   * draws: three paid charges (one charged back, one reversed) and a payout to each kind of key
   * (sent; failed and returned; sent and reversed). A new kind of movement adds its command here.
   */
  const everyKind: Command[] = [
    ...[0, 1, 2].map(() => new CreateCharge('auto', 10_000)),
    ...[0, 1, 2].map((index) => new Move('payCharge', index)),
    new Move('chargebackCharge', 0),
    new Move('reverseCharge', 1),
    ...['cpf', MAGIC_PIX_KEYS.fail, MAGIC_PIX_KEYS.reverse].map(
      (key) => new CreatePayout('auto', 1_000, key),
    ),
  ];
  return { commands, everyKind };
}

/**
 * Completed charges add their net amount; a payout takes its amount when accepted, gives it back
 * whole if it fails or is cancelled, and its net amount if it is reversed.
 */
export function expectedBalance(records: Transaction[], initialCents: number) {
  let available = initialCents;
  let pending = 0;
  for (const r of records) {
    const amount = toCents(r.amount);
    const net = toCents(r.finalAmount);
    if (r.type === 'CASHIN' && r.status === 'COMPLETED') available += net;
    if (r.type === 'CASHOUT') {
      available -= amount; // accepted
      if (r.status === 'FAILED' || r.status === 'CANCELLED') available += amount; // returned whole
      if (r.status === 'REVERSED') available += net; // returned net, fee kept
      if (r.status === 'PENDING' || r.status === 'PROCESSING') pending += amount;
    }
  }
  return { available, pending };
}
