/** The transaction record (interface document 2.1): a charge, a payout or an infraction. */
import * as z from 'zod/mini';
import {
  OpenPixKeyType,
  OpenTransactionOrigin,
  OpenTransactionStatus,
  OpenTransactionType,
} from './enums.js';
import { Guid, IsoDateTime } from './formats.js';
import { Money } from './money.js';
import { text } from './primitives.js';
import { TrackingParameters } from './tracking.js';

/** Attribution data as a request sends it: only the five UTM keys, each a short string. */
export const TrackingParametersInput = z.strictObject({
  /** UTM source. */
  utm_source: z.optional(text(255)),
  /** UTM medium. */
  utm_medium: z.optional(text(255)),
  /** UTM campaign. */
  utm_campaign: z.optional(text(255)),
  /** UTM content. */
  utm_content: z.optional(text(255)),
  /** UTM term. */
  utm_term: z.optional(text(255)),
});
/** Attribution data for a new charge. */
export type TrackingParametersInput = z.input<typeof TrackingParametersInput>;

/** The fields of a transaction record (schemas that extend it read `Transaction.shape`). */
const transactionShape = {
  /** Legacy integer id (still accepted by cashout/{id} and approve-cashout). */
  id: z.optional(z.int()),
  /** The public identifier (UUID). */
  transactionId: z.nullable(Guid),
  /** PENDING, PROCESSING, COMPLETED, FAILED, REVERSED, CANCELLED or CHARGEBACK. A charge is paid only when COMPLETED. */
  status: OpenTransactionStatus,
  /** CASHIN (charge), CASHOUT (payout) or INFRACTION. */
  type: OpenTransactionType,
  /** Free text: where the record came from. */
  source: z.string(),
  /** API, PAINEL or APP. */
  origin: OpenTransactionOrigin,
  /** Gross amount in currency units (BRL). */
  amount: Money,
  /** The fee (5.00 for a payout). */
  feeAmount: Money,
  /** Net amount: `amount - feeAmount` (what a payout's receiver gets). */
  finalAmount: Money,
  /** The charge's description. */
  description: z.nullable(z.string()),
  /** The product sold. */
  productName: z.nullable(z.string()),
  /** Attribution (UTM) data of a charge; repeated in its webhooks. */
  trackingParameters: TrackingParameters,
  /** The copy-and-paste PIX code (a dynamic BR Code) of a charge: show it to the payer. */
  pixCode: z.nullable(z.string()),
  /** CPF, CNPJ, EMAIL, PHONE or EVP. */
  pixKeyType: OpenPixKeyType,
  /** The destination key of a payout. */
  pixKey: z.nullable(z.string()),
  /** The payer's name. */
  clientName: z.nullable(z.string()),
  /** The payer's e-mail. */
  clientEmail: z.nullable(z.string()),
  /** The payer's phone (digits). */
  clientPhone: z.nullable(z.string()),
  /** The payer's CPF (digits). */
  clientCpf: z.nullable(z.string()),
  /** The merchant's `referenceId` (charge) or `idempotencyKey` (payout), or a generated UUID. */
  externalId: z.nullable(z.string()),
  /** The PIX end-to-end id (32 characters), set when money moves. */
  endToEndId: z.nullable(z.string()),
  /** Where the receipt can be seen. */
  receiptUrl: z.nullable(z.string()),
  /** When the transaction happened (ISO 8601). */
  transactionDate: z.nullable(IsoDateTime),
  /** When a charge was paid (ISO 8601). */
  paidAt: z.nullable(IsoDateTime),
  /** When the record was created (ISO 8601). */
  createdAt: z.nullable(IsoDateTime),
  /** When the record last changed (ISO 8601). */
  updatedAt: z.nullable(IsoDateTime),
};

/**
 * A transaction record: the 25 fields of the interface document with their nullability, plus
 * the legacy integer `id`. Its type has no index signature, so a misspelled field does not
 * compile; extra fields the service sends stay on the object at run time, and enums are open.
 * The client decodes answers leniently (see "Reading answers" in the README).
 */
export const Transaction = z.object(transactionShape);

/** A transaction record as the service returns it. */
export type Transaction = z.infer<typeof Transaction>;
