/**
 * `pix-payments/webhooks`: verify, parse and receive the service's signed webhooks. No HTTP
 * client and no mock are loaded from here.
 *
 * @packageDocumentation
 */

export type { WebhookTraceContext, WebhookTraceOutcome } from '../tracing/channels.js';
export { type ConstructWebhookEventOptions, constructWebhookEvent } from './construct.js';
export {
  type ClaimResult,
  MemoryDedupeStore,
  type MemoryDedupeStoreOptions,
  type WebhookDedupeStore,
} from './dedupe-store.js';
export {
  isWebhookDeliveryError,
  WebhookDedupeEvictionWarning,
  type WebhookLeaseLoss,
  WebhookLeaseLostError,
  WebhookParseError,
  WebhookSignatureError,
  type WebhookSignatureFailure,
  WebhookSlowHandlerWarning,
} from './errors.js';
export {
  type CashoutEventName,
  isUnknownWebhookEvent,
  isWebhookPing,
  type KnownWebhookEvent,
  type ParseWebhookEventOptions,
  parseWebhookEvent,
  type TransactionEventName,
  type UnknownWebhookEvent,
  type WebhookEvent,
  type WebhookIssue,
  type WebhookPingEvent,
  webhookEventKey,
} from './events.js';
export { createWebhookHandler } from './fetch-handler.js';
export { DELIVERY_ID_HEADER, EVENT_HEADER, SIGNATURE_HEADER, type WebhookHeaders } from './headers.js';
export { WebhookHub, type WebhookHubListener } from './hub.js';
export {
  createNodeWebhookHandler,
  type NodeWebhookHandlerOptions,
  type NodeWebhookRequest,
  type NodeWebhookResponse,
} from './node-handler.js';
export type { WebhookPayload } from './payload.js';
export {
  PostgresDedupeStore,
  type PostgresDedupeStoreOptions,
  type PostgresQueryable,
  postgresDedupeTableSql,
} from './postgres-store.js';
export type { WebhookAnswer, WebhookDelivery, WebhookHandlerOptions } from './receive.js';
export {
  type IoRedisLike,
  type NodeRedisLike,
  RedisDedupeStore,
  type RedisDedupeStoreOptions,
} from './redis-store.js';
export type { WebhookSecret } from './secrets.js';
export {
  createSignedWebhook,
  type SignedWebhook,
  type SignedWebhookOptions,
  type WebhookEventInput,
} from './test-helpers.js';
export { signWebhookPayload, verifyWebhookSignature } from './verify.js';
