/**
 * pix-payments: the TypeScript SDK of the PIX payments service.
 *
 * @packageDocumentation
 */
export { PaymentsClient } from './client.js';
export { APIPromise, type APIResult } from './core/api-promise.js';
export type { BatchLineResult, BatchOptions } from './core/batch.js';
export type { ClientOptions, RequestOptions, UserTokenSource } from './core/config.js';
export type { Logger, LogLevel } from './core/logger.js';
export { Page, type PageFetcher, PagePromise } from './core/pagination.js';
export type { ResponseIssue, ResponseValidation } from './core/read-answer.js';
export type { WaitOptions } from './core/wait.js';
export {
  APIError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  type ErrorDetails,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
} from './errors/api-error.js';
export { isPaymentsError, PaymentsError } from './errors/base.js';
export { APIConnectionError, APITimeoutError, APIUserAbortError } from './errors/connection.js';
export { ResponseValidationError, ValidationError } from './errors/validation.js';
export { WaitTimeoutError } from './errors/wait.js';
export {
  AmountError,
  type BrCode,
  BrCodeError,
  formatCents,
  fromCents,
  isValidCnpj,
  isValidCpf,
  isValidPixKey,
  type KnownPixKeyType,
  normalizePixKey,
  PIX_KEY_TYPES,
  parseBrCode,
  toCents,
} from './pix/index.js';
export type { BalanceResource } from './resources/balance.js';
export type { CashoutsResource } from './resources/cashouts.js';
export type { TransactionsResource } from './resources/transactions.js';
export type { WebhooksResource } from './resources/webhooks.js';
// The public schemas, types and constants, each named once in ./schemas/index.ts.
export * from './schemas/index.js';
export type { AttemptTraceContext, CallTraceContext, TraceError } from './tracing/channels.js';
// Everything of `pix-payments/webhooks`, as the package promises (README, "Receiving webhooks").
export {
  type CashoutEventName,
  type ClaimResult,
  type ConstructWebhookEventOptions,
  constructWebhookEvent,
  createNodeWebhookHandler,
  createSignedWebhook,
  createWebhookHandler,
  DELIVERY_ID_HEADER,
  EVENT_HEADER,
  type IoRedisLike,
  isUnknownWebhookEvent,
  isWebhookDeliveryError,
  isWebhookPing,
  type KnownWebhookEvent,
  MemoryDedupeStore,
  type MemoryDedupeStoreOptions,
  type NodeRedisLike,
  type NodeWebhookHandlerOptions,
  type NodeWebhookRequest,
  type NodeWebhookResponse,
  type ParseWebhookEventOptions,
  PostgresDedupeStore,
  type PostgresDedupeStoreOptions,
  type PostgresQueryable,
  parseWebhookEvent,
  postgresDedupeTableSql,
  RedisDedupeStore,
  type RedisDedupeStoreOptions,
  SIGNATURE_HEADER,
  type SignedWebhook,
  type SignedWebhookOptions,
  signWebhookPayload,
  type TransactionEventName,
  type UnknownWebhookEvent,
  verifyWebhookSignature,
  type WebhookAnswer,
  WebhookDedupeEvictionWarning,
  type WebhookDedupeStore,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookEventInput,
  type WebhookHandlerOptions,
  type WebhookHeaders,
  WebhookHub,
  type WebhookHubListener,
  type WebhookIssue,
  type WebhookLeaseLoss,
  WebhookLeaseLostError,
  WebhookParseError,
  type WebhookPayload,
  type WebhookPingEvent,
  type WebhookSecret,
  WebhookSignatureError,
  type WebhookSignatureFailure,
  WebhookSlowHandlerWarning,
  type WebhookTraceContext,
  type WebhookTraceOutcome,
  webhookEventKey,
} from './webhooks/index.js';
