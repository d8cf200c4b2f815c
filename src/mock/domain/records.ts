/**
 * How the mock keeps a transaction: money in integer cents, converted to decimals only on the
 * wire. The kept record's fields are declared once, in {@link StoredTransaction}: its type, the
 * sandbox's SQLite columns and DDL, and the decoder of a kept row are read off that schema. A
 * field of the wire record that its written-out fields do not name is kept, and answered, as its
 * kind says (`src/schemas/record-kinds.ts`).
 */
import * as z from 'zod/mini';
import { fromCents, toCents } from '../../pix/money.js';
import type { CreateTransactionBody } from '../../schemas/charge-body.js';
import { TransactionOrigin, TransactionStatus, TransactionType } from '../../schemas/enums.js';
import {
  FIELD_SINCE,
  type FieldKind,
  KIND_OF,
  type KindOf,
  type TransactionField,
} from '../../schemas/record-kinds.js';
import { TrackingParametersInput, Transaction } from '../../schemas/transaction.js';
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
 * The kept record's fields written out, in column order: the columns of the kept database's
 * schema 2, never reordered. A field of the wire record none of these keeps under its name is
 * computed ({@link COMPUTED}) or kept by its kind ({@link KEPT_AS}), in a later column.
 */
const writtenShape = {
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
};
type Written = Readonly<z.output<z.ZodMiniObject<typeof writtenShape>>>;

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/** The wire fields the record does not keep under their own name, and how the answer reads each. */
const COMPUTED = {
  amount: (record: Written) => fromCents(record.amountCents),
  feeAmount: (record: Written) => fromCents(record.feeCents),
  finalAmount: (record: Written) => fromCents(record.amountCents - record.feeCents),
  transactionDate: (record: Written) => iso(record.createdAt),
} satisfies { readonly [F in TransactionField]?: (record: Written) => Transaction[F] };

/** The fields of the wire record that neither {@link writtenShape} nor {@link COMPUTED} names. */
type ByKind = Exclude<TransactionField, keyof typeof writtenShape | keyof typeof COMPUTED>;

/**
 * How a field of each kind is kept when no line of {@link writtenShape} names it: nullable, for
 * the rows older than it hold NULL. A new field of a kind without one here (an id) does not
 * compile until it has its line above.
 */
const KEPT_AS = {
  text: Text,
  enum: Text,
  amount: z.nullable(Cents),
  date: z.nullable(Instant),
} satisfies Record<KindOf<ByKind>, z.ZodMiniType> & { readonly [K in FieldKind]?: z.ZodMiniType };

/** The name a field is kept under: money in cents (`refundAmount` is `refundAmountCents`). */
type KeptName<F extends TransactionField> = KindOf<F> extends 'amount' ? `${F}Cents` : F;
const keptName = (field: string, kind: FieldKind) => (kind === 'amount' ? `${field}Cents` : field);

/**
 * The kept fields that the wire record's `fields` (of the kinds `kinds` gives) add: each one that
 * no line of {@link writtenShape} keeps and {@link COMPUTED} does not compute, under its kept name,
 * kept as its kind says ({@link KEPT_AS}), in the order of `fields`.
 */
export function keptByKind(
  fields: readonly string[],
  kinds: Readonly<Record<string, FieldKind>>,
): Record<string, z.ZodMiniType> {
  const shape: Record<string, z.ZodMiniType> = {};
  for (const field of fields) {
    if (field in writtenShape || field in COMPUTED) continue;
    const kind = kinds[field] as FieldKind;
    const schema = (KEPT_AS as { readonly [K in FieldKind]?: z.ZodMiniType })[kind];
    if (schema === undefined)
      throw new Error(`${field}: a field of kind ${kind} is kept by a line of its own`);
    shape[keptName(field, kind)] = schema;
  }
  return shape;
}

/** The wire record's fields, in its order. */
const WIRE_FIELDS = Object.keys(Transaction.shape) as TransactionField[];

type ByKindShape = {
  [F in ByKind as KeptName<F>]: (typeof KEPT_AS)[KindOf<F> & keyof typeof KEPT_AS];
};
const byKindShape = keptByKind(WIRE_FIELDS, KIND_OF) as ByKindShape;

/**
 * A stored transaction record, as the mock holds it (dates as `Date`) and keeps it (dates as
 * ISO 8601 text). An optional field (one whose key may be absent) is kept as NULL.
 */
export const StoredTransaction = z.object({ ...writtenShape, ...byKindShape });
/** A stored transaction record. */
export type StoredTransaction = z.output<typeof StoredTransaction>;

/**
 * The version that added each field kept by its kind: its line in `src/schemas/record-kinds.ts`
 * gives it (`['refundedAt', 'date', 3]`), and a line without one does not compile here (the
 * error names the field).
 */
const BY_KIND_SINCE: { readonly [F in ByKind]: number } = FIELD_SINCE;

/**
 * The fields the record gained after the kept database's schema 2 (nullable ones: older rows hold
 * NULL), under their kept names, each with the schema version that adds its column:
 * `src/sandbox/state/migrations.ts` makes one step of each version, in order. A field of the wire
 * record takes its version from its line of kinds; a field only the mock keeps (one written out
 * above) would be given its version here.
 */
export const RECORD_FIELDS_SINCE: { readonly [F in keyof StoredTransaction]?: number } = Object.fromEntries(
  Object.entries(BY_KIND_SINCE).map(([field, version]) => [
    keptName(field, KIND_OF[field as ByKind]),
    version,
  ]),
);

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

/** The fields kept by their kind, all null: a new record has none of them yet. */
const NONE_BY_KIND = Object.fromEntries(Object.keys(byKindShape).map((field) => [field, null])) as {
  readonly [F in keyof ByKindShape]: null;
};

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
    ...NONE_BY_KIND,
  };
}

/** What the answer makes of a kept value of field `F`, by its kind (as it is, for a kind not here). */
type WireByKind<F extends TransactionField> =
  KindOf<F> extends 'date' | 'amount'
    ? (KindOf<F> extends 'date' ? string : number) | (null extends Kept<F> ? null : never)
    : KindOf<F> extends 'tracking'
      ? Partial<NonNullable<Kept<F>>>
      : Kept<F>;
type Kept<F extends TransactionField> = StoredTransaction[KeptName<F> & keyof StoredTransaction];

/** How the answer reads a field of kind `kind` that is not computed: from its kept value. */
export function readByKind(field: string, kind: FieldKind): (record: Readonly<StoredTransaction>) => unknown {
  const kept = keptName(field, kind) as keyof StoredTransaction;
  switch (kind) {
    case 'date':
      return (record) => iso(record[kept] as Date | null);
    case 'amount':
      return (record) => (record[kept] === null ? null : fromCents(record[kept] as number));
    case 'tracking':
      return (record) => ({ ...(record[kept] as object | undefined) });
    default:
      return (record) => record[kept];
  }
}

/** How the answer reads each field; the compiler checks each against the wire schema. */
const READERS = {
  ...(Object.fromEntries(
    WIRE_FIELDS.filter((field) => !(field in COMPUTED)).map((field) => [
      field,
      readByKind(field, KIND_OF[field]),
    ]),
  ) as {
    readonly [F in Exclude<TransactionField, keyof typeof COMPUTED>]: (
      record: Readonly<StoredTransaction>,
    ) => WireByKind<F>;
  }),
  ...COMPUTED,
} satisfies { readonly [F in TransactionField]: (record: Readonly<StoredTransaction>) => Transaction[F] };

/**
 * The record as the service answers it: the 25 fields of the interface document plus `id`, in
 * the schema's order.
 */
export function toWireTransaction(record: Readonly<StoredTransaction>): Transaction {
  const wire: Record<string, unknown> = {};
  for (const field of WIRE_FIELDS) wire[field] = READERS[field](record);
  return wire as Transaction;
}
