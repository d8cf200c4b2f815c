/**
 * What each move does to a merchant's money, in cents (reference behaviour, "Ledger"). A charge
 * credits its net amount when paid and takes it back on a refund (refused if the balance does not
 * cover it) or a chargeback (which may go negative, as a real one does). A payout took its whole
 * amount when accepted; it gives it all back if it fails or is cancelled, and its net amount if
 * the receiving bank returns it. `pending` follows the payouts still PENDING or PROCESSING.
 *
 * Pure: it says what changes, and the ledger applies it.
 */
import type { TransactionStatus } from '../../schemas/enums.js';
import type { StoredTransaction } from './records.js';
import { ServiceError } from './service-error.js';
import type { MockBalance } from './store.js';

/** The signed change to a balance, in cents. */
export type BalanceChange = MockBalance;

/** What accepting a payout of `amountCents` does: out of `available`, into `pending`. */
export function payoutAccepted(amountCents: number): BalanceChange {
  return { availableCents: -amountCents, pendingCents: amountCents };
}

/**
 * The balance change of moving `record` to `to`, given the merchant's `balance`; throws a 422
 * INSUFFICIENT_BALANCE for a refund the available balance does not cover.
 */
export function moveMoney(
  record: Readonly<StoredTransaction>,
  to: TransactionStatus,
  balance: MockBalance,
): BalanceChange {
  const net = record.amountCents - record.feeCents;
  if (record.type === 'CASHIN') {
    if (to === 'COMPLETED') return { availableCents: net, pendingCents: 0 };
    if (to === 'REVERSED' && balance.availableCents < net) {
      throw new ServiceError(422, 'INSUFFICIENT_BALANCE', 'The available balance does not cover this refund');
    }
    if (to === 'REVERSED' || to === 'CHARGEBACK') return { availableCents: -net, pendingCents: 0 };
    return { availableCents: 0, pendingCents: 0 };
  }
  const wasPending = record.status === 'PENDING' || record.status === 'PROCESSING';
  const pendingCents = wasPending && to !== 'PROCESSING' ? -record.amountCents : 0;
  if (to === 'FAILED' || to === 'CANCELLED') return { availableCents: record.amountCents, pendingCents };
  if (to === 'REVERSED') return { availableCents: net, pendingCents };
  return { availableCents: 0, pendingCents };
}

/**
 * `change` itself, unless it would take the balance out of exact cents (past a safe integer): a
 * 422 BALANCE_LIMIT_EXCEEDED then, so that a balance can always be answered. The charge limit
 * (1,000,000.00) keeps real use far from it.
 */
export function withinExactCents(balance: MockBalance, change: BalanceChange): BalanceChange {
  const available = balance.availableCents + change.availableCents;
  const pending = balance.pendingCents + change.pendingCents;
  if (!Number.isSafeInteger(available) || !Number.isSafeInteger(pending)) {
    throw new ServiceError(
      422,
      'BALANCE_LIMIT_EXCEEDED',
      'The balance would pass the largest sum the service counts in exact cents',
    );
  }
  return change;
}
