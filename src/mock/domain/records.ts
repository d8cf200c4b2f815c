/** How the mock keeps a transaction: money in integer cents, converted to decimals only on the wire. */
import { fromCents, toCents } from '../../pix/money.js';
import type { CreateTransactionBody } from '../../schemas/charge-body.js';
import type { TransactionOrigin, TransactionStatus, TransactionType } from '../../schemas/enums.js';
import type { TrackingParametersInput, Transaction } from '../../schemas/transaction.js';
import type { MockMerchant } from '../options.js';

/** A stored transaction record. */
export interface StoredTransaction {
  id: number;
  transactionId: string;
  merchantId: string;
  type: TransactionType;
  status: TransactionStatus;
  origin: TransactionOrigin;
  source: string;
  amountCents: number;
  feeCents: number;
  description: string | null;
  productName: string | null;
  trackingParameters: TrackingParametersInput | undefined;
  pixCode: string | null;
  pixKeyType: string;
  pixKey: string | null;
  clientName: string | null;
  clientEmail: string | null;
  clientPhone: string | null;
  clientCpf: string | null;
  externalId: string;
  endToEndId: string | null;
  receiptUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
  paidAt: Date | null;
  /** The record a chargeback created an infraction for. */
  relatedId?: number;
}

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
