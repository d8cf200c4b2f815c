/**
 * What the load benchmark checks after its bursts, from the records as the service lists them:
 * the balance they imply and the payouts per idempotency key.
 */
import { type Answer, cents } from './load-http.js';

/** The fields of a listed record that the checks read. */
export interface WireRecord {
  type: string;
  status: string;
  amount: number | string;
  finalAmount: number | string;
  externalId: string | null;
}

/** Every record of the merchant, page by page; `reads` holds each answer, to count errors. */
export async function listRecords(call: (method: 'GET', path: string) => Promise<Answer>) {
  const reads: Answer[] = [];
  const records: WireRecord[] = [];
  for (let page = 1, last = 1; page <= last; page++) {
    const answer = await call('GET', `/v1/integrations/list-transactions?per_page=100&page=${page}`);
    reads.push(answer);
    if (answer.status !== 200) break;
    records.push(...answer.body.data);
    last = answer.body.meta.last_page;
  }
  return { records, reads };
}

/**
 * The balance the records imply, in integer cents, by the ledger rules (as in the mock's ledger
 * property test): completed charges add their net amount; a payout takes its amount when
 * accepted, gives it back if it fails or is cancelled, and its net amount if it is reversed.
 */
export function ledgerOf(records: WireRecord[], initialCents: number) {
  let returned = 0;
  let pending = 0;
  let charged = 0;
  let paidOut = 0;
  for (const r of records) {
    if (r.type === 'CASHIN' && r.status === 'COMPLETED') charged += cents(r.finalAmount);
    if (r.type !== 'CASHOUT') continue;
    paidOut += cents(r.amount);
    if (r.status === 'FAILED' || r.status === 'CANCELLED') returned += cents(r.amount);
    if (r.status === 'REVERSED') returned += cents(r.finalAmount);
    if (r.status === 'PENDING' || r.status === 'PROCESSING') pending += cents(r.amount);
  }
  return { available: initialCents + charged - paidOut + returned, pending, charged, paidOut, returned };
}

/** How many payouts each idempotency key (a payout's `externalId`) made. */
export function payoutsPerKey(records: WireRecord[]): Map<string, number> {
  const perKey = new Map<string, number>();
  for (const r of records) {
    if (r.type === 'CASHOUT') perKey.set(r.externalId ?? '', (perKey.get(r.externalId ?? '') ?? 0) + 1);
  }
  return perKey;
}
