/**
 * The kind of each field of the transaction record (`Transaction`, ./transaction.ts): what the
 * field is, which says how everything beyond its schema treats it. The kept record, its wire
 * form, the CSV columns, the varied answers' dates and money, the OpenAPI examples and the tests'
 * oracles read it, so a new field is its schema, its line here (its kind and the version that
 * added it) and the rule that sets it; the compiler names what is missing.
 * Internal: not in ./index.ts, and not zod metadata (a global registry or `.meta()` would reach
 * applications' registries, `toJSONSchema` and the published types).
 */
import type { TRACKING_PARAMETER_KEYS } from './tracking-keys.js';
import type { Transaction } from './transaction.js';

/**
 * What a field is:
 * - `legacy-id`: the legacy integer id (some services write it as a numeric string);
 * - `id`: the record's UUID;
 * - `enum`: one of a list of values (open in answers);
 * - `text`: free text;
 * - `amount`: money in reais (kept as integer cents, `<field>Cents`; two decimals in a CSV cell);
 * - `date`: an ISO 8601 instant (kept as a `Date`; any date-time form in a varied answer);
 * - `tracking`: the attribution data (one CSV column per UTM key).
 */
export type FieldKind = 'legacy-id' | 'id' | 'enum' | 'text' | 'amount' | 'date' | 'tracking';

/** A field of the transaction record. */
export type TransactionField = keyof Transaction;

/**
 * The fields whose schema takes null and absence: a field added later is null until set (older
 * rows hold NULL) and absent from a service without it, so its schema must say both.
 */
type MayBeUnset = {
  [F in TransactionField]-?: undefined extends Transaction[F]
    ? null extends Transaction[F]
      ? F
      : never
    : never;
}[TransactionField];

/**
 * A field's line: the field and its kind, and, for a field added after the kept database's
 * schema 2, the version that added it (`src/sandbox/state/migrations.ts` adds its column at that
 * version; the mock's record asks for it at compile time). Such a field must take null and
 * absence ({@link MayBeUnset}): the answers' decoder and the CSV read it so ({@link FIELD_SINCE}).
 */
type Line = readonly [TransactionField, FieldKind] | readonly [MayBeUnset, FieldKind, number];
type Table = readonly Line[];

/** The fields of the record `table` does not name. */
type Unnamed<T extends Table> = Exclude<TransactionField, T[number][0]>;

/** A field `table` names twice, if any. */
type Repeated<T, Seen = never> = T extends readonly [
  readonly [infer F, FieldKind, ...unknown[]],
  ...infer Rest,
]
  ? F extends Seen
    ? F
    : Repeated<Rest, Seen | F>
  : never;

/**
 * The table as written, when it gives every field of the record one kind; otherwise a compile
 * error naming the field without a kind, or the one named twice.
 */
const everyFieldOnce = <const T extends Table>(
  table: T &
    ([Unnamed<T>] extends [never] ? unknown : { readonly [F in Unnamed<T>]: 'needs its kind' }) &
    ([Repeated<T>] extends [never] ? unknown : { readonly [F in Repeated<T>]: 'has one kind only' }),
): T => table;

/**
 * Each field of the record with its kind, in the CSV export's column order (`CSV_COLUMNS`):
 * identity, type and status, money, dates, the references to reconcile with, what was sold, the
 * payer, the key, where the record came from, and attribution; then the fields added later, in
 * the order they were added (a CSV read by column position keeps its columns).
 */
export const TRANSACTION_FIELD_KINDS = everyFieldOnce([
  ['transactionId', 'id'],
  ['id', 'legacy-id'],
  ['type', 'enum'],
  ['status', 'enum'],
  ['amount', 'amount'],
  ['feeAmount', 'amount'],
  ['finalAmount', 'amount'],
  ['createdAt', 'date'],
  ['updatedAt', 'date'],
  ['transactionDate', 'date'],
  ['paidAt', 'date'],
  ['externalId', 'text'],
  ['endToEndId', 'text'],
  ['description', 'text'],
  ['productName', 'text'],
  ['clientName', 'text'],
  ['clientEmail', 'text'],
  ['clientPhone', 'text'],
  ['clientCpf', 'text'],
  ['pixKeyType', 'enum'],
  ['pixKey', 'text'],
  ['source', 'text'],
  ['origin', 'enum'],
  ['receiptUrl', 'text'],
  ['pixCode', 'text'],
  ['trackingParameters', 'tracking'],
]);

/** The kind of field `F` (any kind while the table does not give it one yet). */
export type KindOf<F extends TransactionField> = F extends TransactionField
  ? Given<Extract<(typeof TRANSACTION_FIELD_KINDS)[number], readonly [F, FieldKind, ...unknown[]]>[1]>
  : never;
type Given<K> = [K] extends [never] ? FieldKind : K;

/** The kind of each field of the record. */
export const KIND_OF = /* @__PURE__ */ Object.fromEntries(
  TRANSACTION_FIELD_KINDS.map(([field, kind]) => [field, kind]),
) as {
  readonly [F in TransactionField]: KindOf<F>;
};

/** The fields of kind `K`. */
export type FieldOfKind<K extends FieldKind> = {
  [F in TransactionField]: KindOf<F> extends K ? F : never;
}[TransactionField];

/** The fields of kind `kind`, in the table's order. */
export const fieldsOfKind = <K extends FieldKind>(kind: K): FieldOfKind<K>[] =>
  TRANSACTION_FIELD_KINDS.filter(([, of]) => of === kind).map(([field]) => field as FieldOfKind<K>);

/** The CSV columns of a table of kinds: each field, `tracking` as the five UTM keys. */
export type ColumnsOf<T> = T extends readonly [readonly [infer F, infer K, ...unknown[]], ...infer Rest]
  ? [...(K extends 'tracking' ? typeof TRACKING_PARAMETER_KEYS : [F]), ...ColumnsOf<Rest>]
  : [];

/** The fields whose line gives the version that added them. */
export type VersionedField = Extract<
  (typeof TRANSACTION_FIELD_KINDS)[number],
  readonly [TransactionField, FieldKind, number]
>[0];

/**
 * The version that added each field whose line gives one (a field added after schema 2); such a
 * field is null, or absent, until set.
 */
export const FIELD_SINCE = /* @__PURE__ */ Object.fromEntries(
  (TRANSACTION_FIELD_KINDS as Table).flatMap((line) => (line.length === 3 ? [[line[0], line[2]]] : [])),
) as { readonly [F in VersionedField]: number };
