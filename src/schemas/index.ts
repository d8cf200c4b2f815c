/**
 * The schemas the main entry (`src/index.ts`) exports or uses. Only those: a module re-exported
 * here lands in the main bundle whether or not the client uses it, and a zod schema built at
 * module level is never tree-shaken. What only the mock or the OpenAPI document reads
 * (`CreateTransactionBody`, `ErrorBody`) is imported from its own module.
 */
export { Balance } from './balance.js';
export {
  ApproveCashoutParams,
  type CreateCashoutBody,
  CreateCashoutParams,
  CreateCashoutResponse,
  PAYOUT_FEE_CENTS,
  PayoutAmount,
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
export { Guid, IsoDateTime, openEnum } from './formats.js';
export {
  DEFAULT_PER_PAGE,
  ListCashoutsParams,
  ListTransactionsParams,
  MAX_PER_PAGE,
  PageMeta,
  TransactionList,
} from './list.js';
export {
  type FieldIssue,
  formatPath,
  issuesByField,
  type ParseOutcome,
  safeParseWith,
  summarizeIssues,
} from './parse.js';
export { Email, HttpUrl } from './primitives.js';
export { TRACKING_PARAMETER_KEYS, TrackingParameters } from './tracking.js';
export { TrackingParametersInput, Transaction } from './transaction.js';
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
export { toCreateTransactionBody, toListQuery } from './wire.js';
