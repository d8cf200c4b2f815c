/**
 * What each move does to a merchant's money, as ledger entries in cents (docs/service-behaviour.md,
 * "Ledger"). A charge paid brings its amount in and the fee out (its net amount, together); a
 * refund (refused if the available balance does not cover it) or a chargeback (which may go
 * negative, as a real one does) takes the net amount back. A payout reserves its whole amount
 * when accepted (out of `available`, into `pending`); sent, it leaves `pending`; failed or
 * cancelled, it is returned whole; sent back by the receiving bank, its net amount comes back.
 *
 * Pure: it says what moves, and the ledger records it. The movements of a record's whole history
 * follow from its status path (a state kept before the entries is read with them).
 */
import type { TransactionStatus } from '../../schemas/enums.js';
import type { LedgerEntry, Movement } from './entries.js';
import { statusPath } from './lifecycle.js';
import type { StoredTransaction } from './records.js';
import { ServiceError } from './service-error.js';
import type { MockBalance } from './store.js';

/**
 * What moved: a charge paid (its amount in), the fee taken on it, a payout reserved (out of
 * `available`, into `pending`), a payout sent (out of `pending`), a payout returned whole
 * (failed or cancelled), a reversal (a charge refunded, or a payout sent back by the receiving
 * bank), a chargeback.
 */
export const ENTRY_KINDS = [
  'charge-paid',
  'fee',
  'payout-reserved',
  'payout-sent',
  'payout-returned',
  'reversal',
  'chargeback',
] as const;

/** A kind of movement. */
export type EntryKind = (typeof ENTRY_KINDS)[number];

/** `balance` with `movements` added to it. */
export function plus(balance: Readonly<MockBalance>, movements: readonly Movement[]): MockBalance {
  let { availableCents, pendingCents } = balance;
  for (const movement of movements) {
    availableCents += movement.availableCents;
    pendingCents += movement.pendingCents;
  }
  return { availableCents, pendingCents };
}

/** The record's fields the rules read. */
type Moved = Pick<StoredTransaction, 'type' | 'status' | 'amountCents' | 'feeCents'>;

/** The movements that move money: an entry of nothing is no entry. */
const moving = (...movements: Movement[]) =>
  movements.filter((m) => m.availableCents !== 0 || m.pendingCents !== 0);

/** What accepting a payout of `amountCents` does: out of `available`, into `pending`. */
export function payoutAccepted(amountCents: number): Movement[] {
  return moving({ kind: 'payout-reserved', availableCents: -amountCents, pendingCents: amountCents });
}

/**
 * The movements of moving `record` to `to`, given the merchant's `balance`; throws a 422
 * INSUFFICIENT_BALANCE for a refund the available balance does not cover.
 */
export function moveMoney(record: Readonly<Moved>, to: TransactionStatus, balance: MockBalance): Movement[] {
  const net = record.amountCents - record.feeCents;
  if (record.type === 'CASHIN') {
    if (to === 'COMPLETED') {
      return moving(
        { kind: 'charge-paid', availableCents: record.amountCents, pendingCents: 0 },
        { kind: 'fee', availableCents: -record.feeCents, pendingCents: 0 },
      );
    }
    if (to === 'REVERSED' && balance.availableCents < net) {
      throw new ServiceError('INSUFFICIENT_BALANCE', 'The available balance does not cover this refund');
    }
    if (to === 'REVERSED') return moving({ kind: 'reversal', availableCents: -net, pendingCents: 0 });
    if (to === 'CHARGEBACK') return moving({ kind: 'chargeback', availableCents: -net, pendingCents: 0 });
    return [];
  }
  if (record.type !== 'CASHOUT') return [];
  const wasPending = record.status === 'PENDING' || record.status === 'PROCESSING';
  const released = wasPending && to !== 'PROCESSING' ? -record.amountCents : 0;
  if (to === 'FAILED' || to === 'CANCELLED') {
    return moving({ kind: 'payout-returned', availableCents: record.amountCents, pendingCents: released });
  }
  if (to === 'REVERSED') return moving({ kind: 'reversal', availableCents: net, pendingCents: released });
  return moving({ kind: 'payout-sent', availableCents: 0, pendingCents: released });
}

/**
 * `movements` themselves, unless they would take the balance out of exact cents (past a safe
 * integer): a 422 BALANCE_LIMIT_EXCEEDED then, so that a balance can always be answered. The
 * charge limit (1,000,000.00) keeps real use far from it.
 */
export function withinExactCents(balance: MockBalance, movements: Movement[]): Movement[] {
  const after = plus(balance, movements);
  if (!Number.isSafeInteger(after.availableCents) || !Number.isSafeInteger(after.pendingCents)) {
    throw new ServiceError(
      'BALANCE_LIMIT_EXCEEDED',
      'The balance would pass the largest sum the service counts in exact cents',
    );
  }
  return movements;
}

/** The order of moves across records is not known: a refund is taken as covered, as it was. */
const ANY_BALANCE: MockBalance = { availableCents: Number.POSITIVE_INFINITY, pendingCents: 0 };

/**
 * The movements a record's whole history made, from its status path (each status is reached
 * from one other only); none for a status its lifecycle never reaches.
 */
export function historyMovements(record: Readonly<Moved>): Movement[] {
  if (record.type !== 'CASHIN' && record.type !== 'CASHOUT') return [];
  const path = statusPath(record.type, record.status) ?? [];
  const accepted = record.type === 'CASHOUT' && path.length > 0 ? payoutAccepted(record.amountCents) : [];
  return [
    ...accepted,
    ...path
      .slice(1)
      .flatMap((to, step) =>
        moveMoney({ ...record, status: path[step] as TransactionStatus }, to, ANY_BALANCE),
      ),
  ];
}

/**
 * The entries of `records`' histories, numbered from 1 in record order: the ledger of a state
 * kept before the entries.
 */
export function historyEntries(
  records: readonly Readonly<Moved & Pick<StoredTransaction, 'id' | 'merchantId'>>[],
): LedgerEntry[] {
  const entries: LedgerEntry[] = [];
  for (const record of [...records].sort((a, b) => a.id - b.id)) {
    for (const movement of historyMovements(record)) {
      entries.push({
        id: entries.length + 1,
        recordId: record.id,
        merchantId: record.merchantId,
        ...movement,
      });
    }
  }
  return entries;
}
