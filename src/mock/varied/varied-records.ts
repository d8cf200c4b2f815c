/**
 * Records of the varied answers: a transaction, a balance or a webhook subscription written as
 * another service could write it. The identity (`transactionId`, the legacy `id`'s value, a
 * subscription's `id`) and every money value survive each change.
 */
import { TRANSACTION_MONEY_FIELDS } from '../../endpoints.js';
import { KIND_OF, type TransactionField } from '../../schemas/record-kinds.js';
import { Transaction } from '../../schemas/transaction.js';
import type { SeededRandom } from './seeded-random.js';
import {
  DATE_FRACTIONS,
  DATE_OFFSETS,
  type DateForm,
  dateIn,
  MONEY_FORMS,
  type MoneyForm,
  moneyIn,
} from './value-forms.js';

/** A JSON object of an answer. */
export type WireRecord = Record<string, unknown>;

/**
 * What the varied mode changed in one field of a record: its value's form (`money`, `date`,
 * `legacy-id`), null written where null means none (`null`), an unknown field added (`extra`), a
 * field left out (`dropped`), the gateway's approval fields added or the reference's removed
 * (`gateway`). `from` is undefined where the field was absent, `to` where it is now absent.
 */
export interface FieldChange {
  field: string;
  kind: 'money' | 'date' | 'legacy-id' | 'null' | 'extra' | 'dropped' | 'gateway';
  from?: unknown;
  to?: unknown;
}

/** Told of each change the varied mode makes to a record (nothing when a form leaves a value as it was). */
export type NoteChange = (change: FieldChange) => void;
const ignore: NoteChange = () => undefined;

/** Unknown fields a service may add to any record (a Laravel soft-delete column, an owner, …). */
const EXTRA_FIELDS: readonly WireRecord[] = [
  { deletedAt: null },
  { userId: 1 },
  { metadata: {} },
  { sandbox: true },
];

/** How one answer is written, chosen once per answer, as one serializer writes a whole answer. */
export interface RecordStyle {
  money: MoneyForm;
  legacyIdAsString: boolean;
  dates: DateForm;
  /** Write null where null is what the field means for the record (see {@link NULL_MEANS_NONE}). */
  nulls: boolean;
  /** An unknown field added to every record, if any. */
  extra: WireRecord | undefined;
}

/** Draws the style of one answer. */
export function drawRecordStyle(random: SeededRandom): RecordStyle {
  return {
    money: random.pick(MONEY_FORMS),
    legacyIdAsString: random.coin(),
    dates: { offset: random.pick(DATE_OFFSETS), fraction: random.pick(DATE_FRACTIONS) },
    nulls: random.coin(),
    extra: random.coin() ? random.pick(EXTRA_FIELDS) : undefined,
  };
}

/** Statuses after which money has moved (a PIX end-to-end id, a receipt, a transaction date exist). */
const MONEY_MOVED = new Set(['COMPLETED', 'REVERSED', 'CHARGEBACK']);
type Rule = (record: WireRecord) => boolean;
const notCharge: Rule = (record) => record.type !== 'CASHIN';
const charge: Rule = (record) => record.type === 'CASHIN';
const beforeMoney: Rule = (record) => !MONEY_MOVED.has(String(record.status));

/**
 * The nullable fields, and when null is what they mean for a record: a payout has no payer,
 * product or pixCode; a charge has no destination key (the real gateway also writes its
 * `pixKeyType` as null); empty attribution data is none (the real gateway writes null); an
 * infraction was not the merchant's request, so has no `externalId`; before money moves there is
 * no end-to-end id, receipt, transaction date or payment. A field the mock itself leaves null
 * where it means none (a date set by a ledger rule) needs no line.
 */
const NULL_MEANS_NONE: { readonly [Field in TransactionField]?: Rule } = {
  description: notCharge,
  productName: notCharge,
  clientName: notCharge,
  clientEmail: notCharge,
  clientPhone: notCharge,
  clientCpf: notCharge,
  pixCode: notCharge,
  pixKey: charge,
  pixKeyType: charge,
  trackingParameters: (record) => {
    const tracking = record.trackingParameters;
    return typeof tracking === 'object' && tracking !== null && Object.keys(tracking).length === 0;
  },
  externalId: (record) => record.type === 'INFRACTION',
  endToEndId: beforeMoney,
  receiptUrl: beforeMoney,
  transactionDate: beforeMoney,
  paidAt: (record) => notCharge(record) || beforeMoney(record),
};

/** The record's date-time fields (kind `date`), in the record's order. */
const TRANSACTION_DATES = Object.keys(Transaction.shape).filter(
  (field) => KIND_OF[field as TransactionField] === 'date',
);

/** Money and date-time fields rewritten in the answer's forms; a copy with the extra field, if any. */
function written(
  record: WireRecord,
  style: RecordStyle,
  money: string[],
  dates: string[],
  note: NoteChange,
): WireRecord {
  const out: WireRecord = { ...record };
  const change = (field: string, kind: FieldChange['kind'], to: unknown) => {
    if (to !== out[field]) note({ field, kind, from: out[field], to });
    out[field] = to;
  };
  for (const field of money) {
    const value = out[field];
    if (typeof value === 'number') change(field, 'money', moneyIn(style.money, value));
  }
  for (const field of dates) {
    const value = out[field];
    if (typeof value === 'string') change(field, 'date', dateIn(style.dates, value));
  }
  if (style.extra === undefined) return out;
  for (const [field, value] of Object.entries(style.extra))
    if (!(field in out)) note({ field, kind: 'extra', to: value });
  return { ...out, ...style.extra };
}

/** A transaction record written in the answer's style. */
export function varyTransaction(
  record: WireRecord,
  style: RecordStyle,
  note: NoteChange = ignore,
): WireRecord {
  const out = { ...record };
  if (style.nulls) {
    for (const [field, nullMeansNone] of Object.entries(NULL_MEANS_NONE)) {
      if (field in out && nullMeansNone(record)) {
        if (out[field] !== null) note({ field, kind: 'null', from: out[field], to: null });
        out[field] = null;
      }
    }
  }
  if (style.legacyIdAsString && typeof out.id === 'number') {
    note({ field: 'id', kind: 'legacy-id', from: out.id, to: String(out.id) });
    out.id = String(out.id);
  }
  return written(out, style, [...TRANSACTION_MONEY_FIELDS], TRANSACTION_DATES, note);
}

/** The balance written in the answer's style. */
export function varyBalance(balance: WireRecord, style: RecordStyle, note: NoteChange = ignore): WireRecord {
  return written(balance, style, ['available', 'pending'], ['updatedAt'], note);
}

/** A webhook subscription written in the answer's style (its signing secret kept). */
export function varySubscription(
  subscription: WireRecord,
  style: RecordStyle,
  note: NoteChange = ignore,
): WireRecord {
  return written(subscription, style, [], ['createdAt', 'updatedAt'], note);
}

/** What create-transaction documents, and what is never dropped: identity and money. */
const ALWAYS_SHOWN = new Set(['transactionId', 'status', 'pixCode', 'id', ...TRANSACTION_MONEY_FIELDS]);

/**
 * The create-transaction answer documents only `transactionId`, `status` and `pixCode`: every
 * other field but identity and money stays only where `keep` says so.
 */
export function withoutNotShown(
  record: WireRecord,
  keep: () => boolean,
  note: NoteChange = ignore,
): WireRecord {
  const out: WireRecord = {};
  for (const [field, value] of Object.entries(record)) {
    if (ALWAYS_SHOWN.has(field) || keep()) out[field] = value;
    else note({ field, kind: 'dropped', from: value });
  }
  return out;
}

/**
 * The record the real gateway's approve-cashout answers: no `status`, `type`, `origin` or
 * `pixKeyType`, and its own `gatewayId`, `balanceImpact` and `settlementMode`.
 */
export function asGatewayApproval(
  record: WireRecord,
  random: SeededRandom,
  note: NoteChange = ignore,
): WireRecord {
  const out: WireRecord = { ...record };
  for (const field of ['status', 'type', 'origin', 'pixKeyType']) {
    if (field in out) note({ field, kind: 'gateway', from: out[field] });
    delete out[field];
  }
  const added = { gatewayId: `gw_${random.hex(24)}`, balanceImpact: true, settlementMode: 'INSTANT' };
  for (const [field, to] of Object.entries(added)) note({ field, kind: 'gateway', from: out[field], to });
  return { ...out, ...added };
}
