/**
 * pix-payments: the TypeScript SDK of the PIX payments service.
 *
 * @packageDocumentation
 */
export { PaymentsClient } from './client.js';
export { APIPromise, type APIResult } from './core/api-promise.js';
export type { ClientOptions, RequestOptions, UserTokenSource } from './core/config.js';
export type { RequestSpec } from './core/http.js';
export type { Logger, LogLevel } from './core/logger.js';
export { Page, type PageFetcher, PagePromise } from './core/pagination.js';
export * from './errors/index.js';
export * from './pix/index.js';
export { BalanceResource } from './resources/balance.js';
export { CashoutsResource } from './resources/cashouts.js';
export type { ClientContext } from './resources/context.js';
export { TransactionsResource } from './resources/transactions.js';
export { WebhooksResource } from './resources/webhooks.js';
export * from './schemas/index.js';
export * from './webhooks/index.js';
