/** Scenario control: what payers, banks and the provider do, on demand. */
import type { TransactionStatus } from '../schemas/enums.js';
import type { Transaction } from '../schemas/transaction.js';
import type { MockContext } from './context.js';
import { canMove } from './domain/lifecycle.js';
import type { StoredTransaction } from './domain/records.js';
import { toWireTransaction } from './domain/records.js';
import { notFound } from './domain/service-error.js';

/** Drives charges and payouts through their lifecycles; each returns the updated record. */
export interface MockSimulate {
  /** The payer pays: PENDING → COMPLETED (credits the balance). */
  payCharge(transactionId: string): Transaction;
  /** The charge expires: PENDING → CANCELLED. */
  expireCharge(transactionId: string): Transaction;
  /** The charge fails: PENDING → FAILED. */
  failCharge(transactionId: string): Transaction;
  /** A refund: COMPLETED → REVERSED (debits the balance; refused if it does not cover it). */
  reverseCharge(transactionId: string): Transaction;
  /** A MED infraction: COMPLETED → CHARGEBACK, plus an INFRACTION record. */
  chargebackCharge(transactionId: string): Transaction;
  /**
   * The merchant approves a PENDING payout (as approve-cashout does, for an account with manual
   * approval): the provider then runs it, PROCESSING and then COMPLETED (or a magic key's outcome).
   */
  approvePayout(id: string | number): Transaction;
  /** The provider takes a payout: PENDING → PROCESSING. */
  processPayout(id: string | number): Transaction;
  /** The payout arrives: PROCESSING → COMPLETED. */
  completePayout(id: string | number): Transaction;
  /** The payout fails: PROCESSING → FAILED (the amount comes back). */
  failPayout(id: string | number): Transaction;
  /** The receiving bank returns it: COMPLETED → REVERSED (the net amount comes back). */
  reversePayout(id: string | number): Transaction;
  /** The payout is cancelled before processing: PENDING → CANCELLED (the amount comes back). */
  cancelPayout(id: string | number): Transaction;
}

/** One scenario: the method of {@link MockSimulate} that plays it and the status it moves to first. */
export interface Scenario {
  method: keyof MockSimulate;
  to: TransactionStatus;
}

/**
 * The scenarios by the action name `POST /__mock/charges/{id}/{action}` and
 * `/__mock/payouts/{id}/{action}` take, in the order a dashboard offers them.
 */
export const SCENARIOS = {
  CASHIN: {
    pay: { method: 'payCharge', to: 'COMPLETED' },
    expire: { method: 'expireCharge', to: 'CANCELLED' },
    fail: { method: 'failCharge', to: 'FAILED' },
    reverse: { method: 'reverseCharge', to: 'REVERSED' },
    chargeback: { method: 'chargebackCharge', to: 'CHARGEBACK' },
  },
  CASHOUT: {
    approve: { method: 'approvePayout', to: 'PROCESSING' },
    process: { method: 'processPayout', to: 'PROCESSING' },
    complete: { method: 'completePayout', to: 'COMPLETED' },
    fail: { method: 'failPayout', to: 'FAILED' },
    reverse: { method: 'reversePayout', to: 'REVERSED' },
    cancel: { method: 'cancelPayout', to: 'CANCELLED' },
  },
} as const satisfies Record<'CASHIN' | 'CASHOUT', Record<string, Scenario>>;

/** The scenario actions the state machine allows for a record now (none for an infraction). */
export function allowedScenarios(record: Pick<StoredTransaction, 'type' | 'status'>): string[] {
  if (record.type !== 'CASHIN' && record.type !== 'CASHOUT') return [];
  const scenarios: Record<string, Scenario> = SCENARIOS[record.type];
  return Object.keys(scenarios).filter((action) =>
    canMove(record.type, record.status, (scenarios[action] as Scenario).to),
  );
}

/** Scenario control over the ledger: each method finds the record, moves it, answers it. */
export function createSimulate(ctx: MockContext): MockSimulate {
  const find = (type: 'CASHIN' | 'CASHOUT', id: string | number) => {
    const record = ctx.store.find(id);
    if (record === undefined || record.type !== type) throw notFound(type === 'CASHIN' ? 'Charge' : 'Payout');
    return record;
  };
  const answer = (record: Readonly<StoredTransaction>) =>
    toWireTransaction(ctx.store.record(record.id) ?? record);
  const move = (type: 'CASHIN' | 'CASHOUT', to: TransactionStatus) => (id: string | number) => {
    const record = find(type, id);
    ctx.ledger.move(record, to);
    return answer(record);
  };
  return {
    payCharge: move('CASHIN', 'COMPLETED'),
    expireCharge: move('CASHIN', 'CANCELLED'),
    failCharge: move('CASHIN', 'FAILED'),
    reverseCharge: move('CASHIN', 'REVERSED'),
    chargebackCharge: move('CASHIN', 'CHARGEBACK'),
    approvePayout: (id) => {
      const record = find('CASHOUT', id);
      ctx.ledger.approvePayout(record);
      return answer(record);
    },
    processPayout: move('CASHOUT', 'PROCESSING'),
    completePayout: move('CASHOUT', 'COMPLETED'),
    failPayout: move('CASHOUT', 'FAILED'),
    reversePayout: move('CASHOUT', 'REVERSED'),
    cancelPayout: move('CASHOUT', 'CANCELLED'),
  };
}
