/**
 * Model-based: random sequences of 1,000 commands (`ledger-model.ts`: charges, payments, payouts,
 * failures, reversals, chargebacks) across two merchants. After every step each balance is the
 * initial one plus the sum of the merchant's ledger entries and what the model's oracle says, no
 * record changed merchant, and every status change followed the state machines. Every run starts
 * with commands that make every kind of entry (`everyKind`), so its check that each kind happened
 * never depends on what the run drew.
 */
import fc from 'fast-check';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_KINDS } from '../../src/mock/domain/money-rules.js';
import { buildMockService } from '../../src/mock/service.js';
import { inconsistency } from '../../src/sandbox/state/state-consistency.js';
import type { SavedState } from '../../src/sandbox/state/state-format.js';
import { caller } from './harness.js';
import {
  expectedBalance,
  ledgerCommands,
  MERCHANTS,
  type Merchant,
  type Model,
  reachable,
} from './ledger-model.js';

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

const api = (merchant: Merchant) =>
  caller(mock.baseUrl, mock.merchants[MERCHANTS.indexOf(merchant)]?.secretKey);

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

const { commands, everyKind } = ledgerCommands({ mock, api, check: checkInvariants });

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
          await fc.asyncModelRun(() => ({ model, real: {} }), [...everyKind, ...cmds]);
          expect(model.steps).toBe(everyKind.length + RUN_LENGTH);
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
