/**
 * The four enumerations of the interface document as responses and webhooks read them: open, so
 * that a value the service adds later still parses. Apart from ./enums.ts, whose closed schemas
 * only requests use: a zod schema made at module level is never tree-shaken, and the webhooks
 * entry reads no request.
 */
import type * as z from 'zod/mini';
import type { PIX_KEY_TYPES } from '../pix/keys.js';
import type { TRANSACTION_ORIGINS, TRANSACTION_STATUSES, TRANSACTION_TYPES } from './enums.js';
import { openEnum } from './formats.js';

/** A status in a response: known values typed, new ones accepted as strings. */
export const OpenTransactionStatus = openEnum<typeof TRANSACTION_STATUSES>();
/** A status in a response. */
export type OpenTransactionStatus = z.infer<typeof OpenTransactionStatus>;
/** A record type in a response (open). */
export const OpenTransactionType = openEnum<typeof TRANSACTION_TYPES>();
/** A record type in a response. */
export type OpenTransactionType = z.infer<typeof OpenTransactionType>;
/** An origin in a response (open). */
export const OpenTransactionOrigin = openEnum<typeof TRANSACTION_ORIGINS>();
/** An origin in a response. */
export type OpenTransactionOrigin = z.infer<typeof OpenTransactionOrigin>;
/** A PIX key type in a response (open: the directory may add types). */
export const OpenPixKeyType = openEnum<typeof PIX_KEY_TYPES>();
/** A PIX key type in a response. */
export type OpenPixKeyType = z.infer<typeof OpenPixKeyType>;
