/**
 * What the state file's schema cannot see: references between its parts, and the ledger. Each
 * merchant's balance must be what its records imply by the ledger's own rules, replayed from the
 * merchant's initial balance; a file edited by hand, or half restored, is refused rather than
 * served (and then rewritten) with money that appears from nowhere.
 */
import { statusPath } from '../../mock/domain/lifecycle.js';
import { moveMoney, payoutAccepted } from '../../mock/domain/money-rules.js';
import type { StoredTransaction } from '../../mock/domain/records.js';
import type { MockBalance } from '../../mock/domain/store.js';
import type { SavedState } from './state-format.js';

/**
 * The order of moves across records is not kept: a refund is taken as covered by the balance, as
 * the ledger made sure it was when it happened.
 */
const ANY_BALANCE: MockBalance = { availableCents: Number.POSITIVE_INFINITY, pendingCents: 0 };

/** The balance change a record's whole history made, or why it has none (an unreachable status). */
function recordMoney(record: Readonly<StoredTransaction>): MockBalance | string {
  if (record.type !== 'CASHIN' && record.type !== 'CASHOUT') return { availableCents: 0, pendingCents: 0 };
  const path = statusPath(record.type, record.status);
  if (path === undefined) {
    return `record ${record.id} is a ${record.type} in ${record.status}, which its lifecycle never reaches`;
  }
  const total =
    record.type === 'CASHOUT' ? payoutAccepted(record.amountCents) : { availableCents: 0, pendingCents: 0 };
  path.slice(1).forEach((to, step) => {
    const change = moveMoney({ ...record, status: path[step] as typeof to }, to, ANY_BALANCE);
    total.availableCents += change.availableCents;
    total.pendingCents += change.pendingCents;
  });
  return total;
}

/** Why the balances do not match the records, if they do not. */
function ledgerInconsistency({ merchants, store }: SavedState): string | undefined {
  const implied = new Map(
    merchants.map((m): [string, MockBalance] => [
      m.id,
      { availableCents: m.initialBalanceCents, pendingCents: 0 },
    ]),
  );
  for (const record of store.records) {
    const money = recordMoney(record);
    if (typeof money === 'string') return money;
    const balance = implied.get(record.merchantId) as MockBalance;
    balance.availableCents += money.availableCents;
    balance.pendingCents += money.pendingCents;
  }
  const saved = new Map(store.balances);
  for (const merchant of merchants) {
    const expected = implied.get(merchant.id) as MockBalance;
    // A merchant without a saved balance keeps its initial one (MockStore.restore).
    const actual = saved.get(merchant.id) ?? {
      availableCents: merchant.initialBalanceCents,
      pendingCents: 0,
    };
    for (const [field, name] of [
      ['availableCents', 'available'],
      ['pendingCents', 'pending'],
    ] as const) {
      if (actual[field] !== expected[field]) {
        return `merchant ${merchant.id} has ${name} ${actual[field]} cents, but its records imply ${expected[field]}`;
      }
    }
  }
  return undefined;
}

/** What the schema cannot see: references between the parts, and balances that match the records. */
export function inconsistency(state: SavedState): string | undefined {
  const { merchants, store, subscriptions } = state;
  const merchantIds = new Set(merchants.map((merchant) => merchant.id));
  const owners: [string, string][] = [
    ...store.balances.map(([merchantId]): [string, string] => ['a balance', merchantId]),
    ...subscriptions.subscriptions.map((s): [string, string] => [`subscription ${s.id}`, s.merchantId]),
    ...subscriptions.deliveries.map((d): [string, string] => [`delivery ${d.deliveryId}`, d.merchantId]),
  ];
  const stray = owners.find(([, merchantId]) => !merchantIds.has(merchantId));
  if (stray !== undefined) return `${stray[0]} belongs to no merchant of the file`;
  const recordIds = new Set<number>();
  for (const record of store.records) {
    if (recordIds.has(record.id)) return `record ${record.id} appears twice`;
    if (!merchantIds.has(record.merchantId)) return `record ${record.id} belongs to no merchant of the file`;
    if (record.id >= store.nextId) return `record ${record.id} is not below nextId ${store.nextId}`;
    recordIds.add(record.id);
  }
  const orphan = store.claims.find(([, claim]) => !recordIds.has(claim.recordId));
  if (orphan !== undefined) return `an idempotency key names record ${orphan[1].recordId}, which is missing`;
  return ledgerInconsistency(state);
}
