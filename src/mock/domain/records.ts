/**
 * How the mock keeps a transaction: money in integer cents, converted to decimals only on the
 * wire. The kept record's fields are declared once, in {@link StoredTransaction}: its type, the
 * sandbox's SQLite columns and DDL, and the decoder of a kept row are read off that schema.
 */
import * as z from 'zod/mini';
import { fromCents, toCents } from '../../pix/money.js';
import type { CreateTransactionBody } from '../../schemas/charge-body.js';
import { TransactionOrigin, TransactionStatus, TransactionType } from '../../schemas/enums.js';
import { TrackingParametersInput, type Transaction } from '../../schemas/transaction.js';
import type { MockMerchant } from '../options.js';

/** The one form of an instant the mock writes: `Date.prototype.toISOString()`'s, in UTC. */
const INSTANT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * A kept instant: exactly the text `toISOString()` writes (`2026-01-02T03:04:05.678Z`), read as
 * a `Date`. Any other text, even one `Date.parse` reads, is not a time the mock wrote.
 */
export const Instant = z.pipe(
  z.string().check(
    z.refine((text) => {
      const ms = INSTANT_PATTERN.test(text) ? Date.parse(text) : Number.NaN;
      return !Number.isNaN(ms) && new Date(ms).toISOString() === text;
    }, 'must be an instant as the mock writes it, e.g. "2026-01-02T03:04:05.678Z"'),
  ),
  z.transform((text) => new Date(text)),
);

/** A sum of money in integer cents (a safe integer), never negative. */
export const Cents = z.int().check(z.gte(0));

const Text = z.nullable(z.string());

/**
 * A stored transaction record, as the mock holds it (dates as `Date`) and keeps it (dates as
 * ISO 8601 text). An optional field (one whose key may be absent) is kept as NULL.
 */
export const StoredTransaction = z.object({
  id: z.int().check(z.gte(1)),
  transactionId: z.string(),
  merchantId: z.string(),
  type: TransactionType,
  status: TransactionStatus,
  origin: TransactionOrigin,
  source: z.string(),
  amountCents: Cents,
  feeCents: Cents,
  description: Text,
  productName: Text,
  // Absent when the charge had none, yet present (as undefined) in the record the ledger makes:
  // the identity transform keeps the key, where z.optional alone would leave it out.
  trackingParameters: z.pipe(
    z.optional(TrackingParametersInput),
    z.transform((value) => value),
  ),
  pixCode: Text,
  pixKeyType: z.string(),
  pixKey: Text,
  clientName: Text,
  clientEmail: Text,
  clientPhone: Text,
  clientCpf: Text,
  externalId: z.string(),
  endToEndId: Text,
  receiptUrl: Text,
  createdAt: Instant,
  updatedAt: Instant,
  paidAt: z.nullable(Instant),
  /** The record a chargeback created an infraction for. */
  relatedId: z.exactOptional(z.int()),
});
/** A stored transaction record. */
export type StoredTransaction = z.output<typeof StoredTransaction>;

/**
 * The fields the record gained after the kept database's schema 2 (nullable ones: older rows hold
 * NULL), each with the schema version that adds its column: `src/sandbox/state/migrations.ts`
 * makes one step of each version, in order. So a new kept field is its line in the schema above
 * and one line here.
 */
export const RECORD_FIELDS_SINCE: Readonly<Partial<Record<keyof StoredTransaction, number>>> = {};

/** Changes to a record: any field but those that name it, its owner, its type and its making. */
export type RecordChanges = Partial<
  Omit<StoredTransaction, 'id' | 'transactionId' | 'merchantId' | 'type' | 'createdAt'>
>;

/** What the creator of a record gives; {@link newRecordDefaults} fills in the rest. */
export type NewRecordFields = Partial<StoredTransaction> &
  Pick<StoredTransaction, 'type' | 'amountCents' | 'feeCents' | 'externalId'>;

/** A new charge's fields, from a create-transaction body; its fee is the merchant's cash-in fee. */
export function chargeFields(
  body: CreateTransactionBody,
  merchant: MockMerchant,
  externalId: string,
): NewRecordFields {
  const amountCents = toCents(body.amount);
  return {
    type: 'CASHIN',
    amountCents,
    feeCents: Math.min(merchant.cashInFeeCents, amountCents),
    externalId,
    description: body.description ?? null,
    productName: body.productName ?? null,
    clientName: body.clientName ?? null,
    clientEmail: body.clientEmail ?? null,
    clientPhone: body.clientPhone ?? null,
    clientCpf: body.clientCpf ?? null,
    trackingParameters: body.tracking_parameters,
  };
}

/** A new PENDING record's fields before the caller's own. */
export function newRecordDefaults(id: number, merchantId: string, createdAt: Date) {
  return {
    id,
    transactionId: crypto.randomUUID(),
    merchantId,
    status: 'PENDING' as const,
    origin: 'API' as const,
    source: 'api',
    description: null,
    productName: null,
    trackingParameters: undefined,
    pixCode: null,
    pixKeyType: 'EVP',
    pixKey: null,
    clientName: null,
    clientEmail: null,
    clientPhone: null,
    clientCpf: null,
    endToEndId: null,
    receiptUrl: null,
    createdAt,
    updatedAt: createdAt,
    paidAt: null,
  };
}

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/** The record as the service answers it: the 25 fields of the interface document plus `id`. */
export function toWireTransaction(record: Readonly<StoredTransaction>): Transaction {
  return {
    id: record.id,
    transactionId: record.transactionId,
    status: record.status,
    type: record.type,
    source: record.source,
    origin: record.origin,
    amount: fromCents(record.amountCents),
    feeAmount: fromCents(record.feeCents),
    finalAmount: fromCents(record.amountCents - record.feeCents),
    description: record.description,
    productName: record.productName,
    trackingParameters: { ...record.trackingParameters },
    pixCode: record.pixCode,
    pixKeyType: record.pixKeyType,
    pixKey: record.pixKey,
    clientName: record.clientName,
    clientEmail: record.clientEmail,
    clientPhone: record.clientPhone,
    clientCpf: record.clientCpf,
    externalId: record.externalId,
    endToEndId: record.endToEndId,
    receiptUrl: record.receiptUrl,
    transactionDate: iso(record.createdAt),
    paidAt: iso(record.paidAt),
    createdAt: iso(record.createdAt),
    updatedAt: iso(record.updatedAt),
  };
}
