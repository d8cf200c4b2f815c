export { Balance } from './balance.js';
export {
  ApproveCashoutParams,
  type CreateCashoutBody,
  CreateCashoutParams,
  CreateCashoutResponse,
  PAYOUT_FEE_CENTS,
  PayoutAmount,
} from './cashout.js';
export { CreateTransactionBody, CreateTransactionParams, CreateTransactionResponse } from './charge.js';
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
export { ErrorBody } from './error-body.js';
export { type KnownWebhookEventName, WEBHOOK_EVENT_NAMES } from './event-names.js';
export { Guid, IsoDateTime, openEnum } from './formats.js';
export {
  DEFAULT_PER_PAGE,
  ListCashoutsParams,
  ListTransactionsParams,
  listEnvelope,
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
