/**
 * What the state file's schema cannot see: references between its parts, and the ledger. Each
 * merchant's balance must be its initial balance plus the sum of its entries, each entry must
 * belong to a record of its merchant, and each record's status must be one its lifecycle
 * reaches; a file edited by hand, or half restored, is refused rather than served (and then
 * rewritten) with money that appears from nowhere.
 */
import type { LedgerEntry } from '../../mock/domain/entries.js';
import { statusPath } from '../../mock/domain/lifecycle.js';
import type { StoredTransaction } from '../../mock/domain/records.js';
import { type MockBalance, savedEntries } from '../../mock/domain/store.js';
import type { SavedState } from './state-format.js';

/** Why a record is in a status its lifecycle never reaches, if it is. */
function unreachable(record: Readonly<StoredTransaction>): string | undefined {
  if (record.type !== 'CASHIN' && record.type !== 'CASHOUT') return undefined;
  if (statusPath(record.type, record.status) !== undefined) return undefined;
  return `record ${record.id} is a ${record.type} in ${record.status}, which its lifecycle never reaches`;
}

/** Why an entry does not belong to a record of its merchant, if it does not. */
function strayEntry(
  entries: readonly LedgerEntry[],
  records: ReadonlyMap<number, Readonly<StoredTransaction>>,
): string | undefined {
  for (const entry of entries) {
    const record = records.get(entry.recordId);
    if (record === undefined) return `entry ${entry.id} names record ${entry.recordId}, which is missing`;
    if (record.merchantId !== entry.merchantId) {
      return `entry ${entry.id} belongs to merchant ${entry.merchantId}, but its record ${record.id} to ${record.merchantId}`;
    }
  }
  return undefined;
}

/** Why the balances are not the sums of the entries, if they are not. */
function ledgerInconsistency(
  { merchants, store }: SavedState,
  entries: readonly LedgerEntry[],
): string | undefined {
  const implied = new Map(
    merchants.map((m): [string, MockBalance] => [
      m.id,
      { availableCents: m.initialBalanceCents, pendingCents: 0 },
    ]),
  );
  for (const entry of entries) {
    const balance = implied.get(entry.merchantId) as MockBalance;
    balance.availableCents += entry.availableCents;
    balance.pendingCents += entry.pendingCents;
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
        return `merchant ${merchant.id} has ${name} ${actual[field]} cents, but its records imply ${expected[field]} (the sum of their entries)`;
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
  const records = new Map<number, Readonly<StoredTransaction>>();
  for (const record of store.records) {
    if (records.has(record.id)) return `record ${record.id} appears twice`;
    if (!merchantIds.has(record.merchantId)) return `record ${record.id} belongs to no merchant of the file`;
    if (record.id >= store.nextId) return `record ${record.id} is not below nextId ${store.nextId}`;
    const problem = unreachable(record);
    if (problem !== undefined) return problem;
    records.set(record.id, record);
  }
  const orphan = store.claims.find(([, claim]) => !records.has(claim.recordId));
  if (orphan !== undefined) return `an idempotency key names record ${orphan[1].recordId}, which is missing`;
  const entries = savedEntries(store);
  return strayEntry(entries, records) ?? ledgerInconsistency(state, entries);
}
