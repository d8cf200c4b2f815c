/**
 * pix-payments: the TypeScript SDK of the PIX payments service.
 *
 * @packageDocumentation
 */
export { PaymentsClient } from './client.js';
export { APIPromise, type APIResult } from './core/api-promise.js';
export type { ClientOptions, RequestOptions, UserTokenSource } from './core/config.js';
export type { Logger, LogLevel } from './core/logger.js';
export { Page, PagePromise } from './core/pagination.js';
export * from './errors/index.js';
export * from './pix/index.js';
export * from './schemas/index.js';
export * from './webhooks/index.js';
