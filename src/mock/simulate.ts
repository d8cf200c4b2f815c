/** Scenario control: what payers, banks and the provider do, on demand. */
import type { TransactionStatus } from '../schemas/enums.js';
import type { Transaction } from '../schemas/transaction.js';
import type { MockContext } from './context.js';
import { toWireTransaction } from './records.js';
import { notFound } from './service-error.js';

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

/** Scenario control over the ledger: each method finds the record, moves it, answers it. */
export function createSimulate(ctx: MockContext): MockSimulate {
  const move = (type: 'CASHIN' | 'CASHOUT', to: TransactionStatus) => (id: string | number) => {
    const record = ctx.store.find(id);
    if (record === undefined || record.type !== type) throw notFound(type === 'CASHIN' ? 'Charge' : 'Payout');
    ctx.ledger.move(record, to);
    return toWireTransaction(ctx.store.record(record.id) ?? record);
  };
  return {
    payCharge: move('CASHIN', 'COMPLETED'),
    expireCharge: move('CASHIN', 'CANCELLED'),
    failCharge: move('CASHIN', 'FAILED'),
    reverseCharge: move('CASHIN', 'REVERSED'),
    chargebackCharge: move('CASHIN', 'CHARGEBACK'),
    processPayout: move('CASHOUT', 'PROCESSING'),
    completePayout: move('CASHOUT', 'COMPLETED'),
    failPayout: move('CASHOUT', 'FAILED'),
    reversePayout: move('CASHOUT', 'REVERSED'),
    cancelPayout: move('CASHOUT', 'CANCELLED'),
  };
}
