/** The ledger oracle: the balance a merchant's records imply, by the money rules, in integer cents. */
import { toCents } from '../../src/pix/money.js';
import type { Transaction } from '../../src/schemas/transaction.js';

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
