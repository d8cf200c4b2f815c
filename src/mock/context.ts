/**
 * What the handlers share: options, time, state (to read), rules, credentials, faults, webhook
 * delivery, how answers are written and the known routes.
 */
import type { Credentials } from './domain/auth.js';
import type { MockClock } from './domain/clock.js';
import type { WebhookDispatcher } from './domain/delivery.js';
import type { FaultInjector } from './domain/faults.js';
import type { Ledger } from './domain/ledger.js';
import type { StoredTransaction } from './domain/records.js';
import { forbidden, notFound } from './domain/service-error.js';
import type { StoreReader } from './domain/store.js';
import type { SubscriptionStore } from './domain/subscriptions.js';
import type { RouteTable } from './http/route-table.js';
import type { MockMerchant, ResolvedOptions } from './options.js';
import type { AnswerWriter } from './varied/varied-answers.js';

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
