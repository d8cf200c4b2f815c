/**
 * The four enumerations of the interface document (section 2.2): their values, closed for requests
 * and open for responses (./open-enums.ts).
 */
import * as z from 'zod/mini';
import { PIX_KEY_TYPES } from '../pix/keys.js';

/** Every status a transaction can have. */
export const TRANSACTION_STATUSES = [
  'PENDING',
  'PROCESSING',
  'COMPLETED',
  'FAILED',
  'REVERSED',
  'CANCELLED',
  'CHARGEBACK',
] as const;
/** Record types: a charge, a payout, or an infraction. */
export const TRANSACTION_TYPES = ['CASHIN', 'CASHOUT', 'INFRACTION'] as const;
/** Where a transaction was started. */
export const TRANSACTION_ORIGINS = ['API', 'PAINEL', 'APP'] as const;

/** A status, as a request may filter on it (closed). */
export const TransactionStatus = z.enum(TRANSACTION_STATUSES);
/** A known transaction status. */
export type TransactionStatus = z.infer<typeof TransactionStatus>;
/** A record type, as a request may filter on it (closed). */
export const TransactionType = z.enum(TRANSACTION_TYPES);
/** A known record type. */
export type TransactionType = z.infer<typeof TransactionType>;
/** An origin, as a request may filter on it (closed). */
export const TransactionOrigin = z.enum(TRANSACTION_ORIGINS);
/** A known origin. */
export type TransactionOrigin = z.infer<typeof TransactionOrigin>;
/** A PIX key type, as a payout request names it (closed). */
export const PixKeyType = z.enum(PIX_KEY_TYPES);
/** A known PIX key type. */
export type PixKeyType = z.infer<typeof PixKeyType>;

export {
  OpenPixKeyType,
  OpenTransactionOrigin,
  OpenTransactionStatus,
  OpenTransactionType,
} from './open-enums.js';
