/**
 * What each move does to a merchant's money, in cents (reference behaviour, "Ledger"). A charge
 * credits its net amount when paid and takes it back on a refund (refused if the balance does not
 * cover it) or a chargeback (which may go negative, as a real one does). A payout took its whole
 * amount when accepted; it gives it all back if it fails or is cancelled, and its net amount if
 * the receiving bank returns it. `pending` follows the payouts still PENDING or PROCESSING.
 */
import type { TransactionStatus } from '../schemas/enums.js';
import type { StoredTransaction } from './records.js';
import { ServiceError } from './service-error.js';
import type { MockStore } from './store.js';

/** Applies the money of moving `record` to `to`; throws before changing anything when refused. */
export function applyMoneyRules(store: MockStore, record: StoredTransaction, to: TransactionStatus): void {
  const merchant = record.merchantId;
  const net = record.amountCents - record.feeCents;
  if (record.type === 'CASHIN') {
    if (to === 'COMPLETED') store.credit(merchant, net);
    if (to === 'REVERSED') {
      if ((store.availableCents.get(merchant) ?? 0) < net) {
        throw new ServiceError(
          422,
          'INSUFFICIENT_BALANCE',
          'The available balance does not cover this refund',
        );
      }
      store.credit(merchant, -net);
    }
    if (to === 'CHARGEBACK') store.credit(merchant, -net);
    return;
  }
  const wasPending = record.status === 'PENDING' || record.status === 'PROCESSING';
  if (wasPending && to !== 'PROCESSING') store.addPending(merchant, -record.amountCents);
  if (to === 'FAILED' || to === 'CANCELLED') store.credit(merchant, record.amountCents);
  if (to === 'REVERSED') store.credit(merchant, net);
}
