/** The transaction record (interface document 2.1): a charge, a payout or an infraction. */
import * as z from 'zod/mini';
import {
  OpenPixKeyType,
  OpenTransactionOrigin,
  OpenTransactionStatus,
  OpenTransactionType,
} from './enums.js';
import { IsoDateTime, nullableField, text } from './primitives.js';

/** The attribution (UTM) keys a charge may carry. */
export const TRACKING_PARAMETER_KEYS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
] as const;

/** Attribution data as a request sends it: only the five UTM keys, each a short string. */
export const TrackingParametersInput = z.strictObject({
  utm_source: z.optional(text(255)),
  utm_medium: z.optional(text(255)),
  utm_campaign: z.optional(text(255)),
  utm_content: z.optional(text(255)),
  utm_term: z.optional(text(255)),
});
/** Attribution data for a new charge. */
export type TrackingParametersInput = z.input<typeof TrackingParametersInput>;

const utm = z.optional(z.nullable(z.string()));
/** Attribution data as records and webhooks return it (extra keys kept). */
export const TrackingParameters = z.looseObject({
  utm_source: utm,
  utm_medium: utm,
  utm_campaign: utm,
  utm_content: utm,
  utm_term: utm,
});
/** Attribution data on a record. */
export type TrackingParameters = z.infer<typeof TrackingParameters>;

/**
 * A transaction record. All 25 fields of the interface document with their nullability, plus
 * the legacy integer `id`. Unknown fields are kept and enums are open, so a service that grows
 * does not break merchants; a missing required field or a wrongly typed one is an error.
 */
export const Transaction = z.looseObject({
  /** Legacy integer id (still accepted by cashout/{id}). */
  id: z.optional(z.int()),
  transactionId: z.nullable(z.guid()),
  status: OpenTransactionStatus,
  type: OpenTransactionType,
  source: z.string(),
  origin: OpenTransactionOrigin,
  amount: z.number(),
  feeAmount: z.number(),
  finalAmount: z.number(),
  description: nullableField(z.string()),
  productName: nullableField(z.string()),
  trackingParameters: TrackingParameters,
  pixCode: nullableField(z.string()),
  pixKeyType: OpenPixKeyType,
  pixKey: nullableField(z.string()),
  clientName: nullableField(z.string()),
  clientEmail: nullableField(z.string()),
  clientPhone: nullableField(z.string()),
  clientCpf: nullableField(z.string()),
  externalId: nullableField(z.string()),
  endToEndId: nullableField(z.string()),
  receiptUrl: nullableField(z.string()),
  transactionDate: nullableField(IsoDateTime),
  paidAt: nullableField(IsoDateTime),
  createdAt: nullableField(IsoDateTime),
  updatedAt: nullableField(IsoDateTime),
});
/** A transaction record as the service returns it. */
export type Transaction = z.infer<typeof Transaction>;
