/**
 * The schemas, types and constants that `pix-payments` exports, each named once: the main entry
 * (`src/index.ts`) re-exports this module whole, so a new public schema is one line here. Only
 * those: a module re-exported here lands in the main bundle whether or not the client uses it,
 * and a zod schema built at module level is never tree-shaken. What only the SDK's own code reads
 * (`Guid`, `toListQuery`, `CreateTransactionBody`, `ErrorBody`) is imported from its own module.
 * A module re-exported with `*` (`transaction.ts`) holds public names only.
 */
export { Balance } from './balance.js';
export {
  ApproveCashoutParams,
  CreateCashoutParams,
  CreateCashoutResponse,
  PAYOUT_FEE_CENTS,
} from './cashout.js';
export { CreateTransactionParams, CreateTransactionResponse } from './charge.js';
export {
  OpenPixKeyType,
  OpenTransactionOrigin,
  OpenTransactionStatus,
  OpenTransactionType,
  PixKeyType,
  TRANSACTION_ORIGINS,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  TransactionOrigin,
  TransactionStatus,
  TransactionType,
} from './enums.js';
export { type KnownWebhookEventName, WEBHOOK_EVENT_NAMES } from './event-names.js';
export {
  DEFAULT_PER_PAGE,
  ListCashoutsParams,
  ListTransactionsParams,
  MAX_PER_PAGE,
  PageMeta,
  TransactionList,
} from './list.js';
// Documented for checking a request before sending it, with the SDK's readable messages.
export { type FieldIssue, type ParseOutcome, safeParseWith } from './parse.js';
export { TRACKING_PARAMETER_KEYS, TrackingParameters } from './tracking.js';
export * from './transaction.js';
export { WebhookEventBody, WebhookEventData, WebhookPingBody } from './webhook-event.js';
export {
  CreatedWebhookSubscription,
  CreateWebhookParams,
  UpdateWebhookParams,
  WEBHOOK_SUBSCRIPTION_STATUSES,
  WebhookEventName,
  WebhookEventTypeList,
  WebhookSubscription,
  WebhookSubscriptionList,
} from './webhook-subscription.js';
