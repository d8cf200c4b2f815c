/** What the handlers share: options, state, rules, credentials, faults and webhook delivery. */
import type { Credentials } from './auth.js';
import type { WebhookDispatcher } from './delivery.js';
import type { FaultInjector } from './faults.js';
import type { Ledger } from './ledger.js';
import type { MockMerchant, ResolvedOptions } from './options.js';
import type { StoredTransaction } from './records.js';
import { forbidden, notFound } from './service-error.js';
import type { MockStore } from './store.js';

export interface MockContext {
  options: ResolvedOptions;
  store: MockStore;
  ledger: Ledger;
  credentials: Credentials;
  faults: FaultInjector;
  dispatcher: WebhookDispatcher;
}

/** A record the merchant may see: 404 when there is none, 403 when it is another merchant's. */
export function ownRecord(
  ctx: MockContext,
  merchant: MockMerchant,
  id: string | number,
  what = 'Transaction',
): StoredTransaction {
  const record = ctx.store.find(id);
  if (record === undefined) throw notFound(what);
  if (record.merchantId !== merchant.id) throw forbidden();
  return record;
}
