/**
 * pix-payments: the TypeScript SDK of the PIX payments service.
 *
 * @packageDocumentation
 */
export * from './pix/index.js';
export * from './schemas/index.js';
export * from './webhooks/index.js';
