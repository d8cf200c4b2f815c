/**
 * What the handlers share: options, time, state (to read), rules, credentials, faults, webhook
 * delivery, how answers are written and the known routes.
 */
import type { Credentials } from './auth.js';
import type { MockClock } from './clock.js';
import type { WebhookDispatcher } from './delivery.js';
import type { FaultInjector } from './faults.js';
import type { Ledger } from './ledger.js';
import type { MockMerchant, ResolvedOptions } from './options.js';
import type { StoredTransaction } from './records.js';
import type { RouteTable } from './route-table.js';
import { forbidden, notFound } from './service-error.js';
import type { StoreReader } from './store.js';
import type { SubscriptionStore } from './subscriptions.js';
import type { AnswerWriter } from './varied-answers.js';

/** The parts of one mock service. Records and money are read here and changed through `ledger`. */
export interface MockContext {
  options: ResolvedOptions;
  clock: MockClock;
  store: StoreReader;
  ledger: Ledger;
  subscriptions: SubscriptionStore;
  credentials: Credentials;
  faults: FaultInjector;
  dispatcher: WebhookDispatcher;
  /** Writes each answer in the mode of the `answers` option. */
  answers: AnswerWriter;
  /** The known paths and their methods, filled as the handlers are made. */
  routes: RouteTable;
}

/** A record the merchant may see: 404 when there is none, 403 when it is another merchant's. */
export function ownRecord(
  ctx: MockContext,
  merchant: MockMerchant,
  id: string | number,
  what = 'Transaction',
): Readonly<StoredTransaction> {
  const record = ctx.store.find(id);
  if (record === undefined) throw notFound(what);
  if (record.merchantId !== merchant.id) throw forbidden();
  return record;
}
