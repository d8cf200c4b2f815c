/** Totals per record type and status, in integer cents, for reconciliation. */
import { AmountError } from '../pix/money.js';
import type {
  OpenTransactionStatus,
  OpenTransactionType,
  TransactionStatus,
  TransactionType,
} from '../schemas/enums.js';
import type { Transaction } from '../schemas/transaction.js';
import { centsAt, labelAt, recordAt } from './record-fields.js';
import { assertRecordSource, type RecordSource } from './record-source.js';

// Row order, as ranks rather than the schema's arrays so that this entry does not load zod;
// `satisfies` fails to compile the day the schema gains a type or a status.
const TYPE_RANK = new Map(
  Object.entries({ CASHIN: 0, CASHOUT: 1, INFRACTION: 2 } satisfies Record<TransactionType, number>),
);
const STATUS_RANK = new Map(
  Object.entries({
    PENDING: 0,
    PROCESSING: 1,
    COMPLETED: 2,
    FAILED: 3,
    REVERSED: 4,
    CANCELLED: 5,
    CHARGEBACK: 6,
  } satisfies Record<TransactionStatus, number>),
);

/** The fields {@link summarize} reads; a full `Transaction` has them all. */
export type SummarizableRecord = Pick<
  Transaction,
  'id' | 'transactionId' | 'type' | 'status' | 'amount' | 'feeAmount' | 'finalAmount'
>;

/** The totals of the records of one type and status. */
export interface SummaryRow {
  /** CASHIN, CASHOUT, INFRACTION, or a type the service added since. */
  type: OpenTransactionType;
  /** The status shared by the records of this row. */
  status: OpenTransactionStatus;
  /** How many records. */
  count: number;
  /** The sum of their `amount`, in cents. */
  grossCents: number;
  /** The sum of their `feeAmount`, in cents. */
  feeCents: number;
  /** The sum of their `finalAmount`, in cents (as the service reported it, not recomputed). */
  netCents: number;
}

/** What {@link summarize} resolves to. */
export interface Summary {
  /**
   * One row per type and status present, in a fixed order: types as CASHIN, CASHOUT,
   * INFRACTION, then unknown types; within a type, statuses as PENDING, PROCESSING, COMPLETED,
   * FAILED, REVERSED, CANCELLED, CHARGEBACK, then unknown statuses. Unknown values are ordered
   * by their UTF-16 code units. The order does not depend on the order of the records.
   */
  rows: SummaryRow[];
}

/**
 * Adds up records per type and status, exactly: every amount is read as integer cents
 * (`toCents`), so `0.1 + 0.2` counts as 30 cents, never 30.000000000000004. Reads the records
 * one at a time, so a list of any length takes constant memory.
 *
 * @param records Any iterable or async iterable of records, such as `client.transactions.list()`.
 * @returns One row per type and status present (see {@link Summary.rows} for the order).
 * @throws {TypeError} when `records` is not iterable.
 * @throws {ReportRecordError} for a record that is not an object, whose `type` or `status` is not
 *   a non-empty string, or whose `amount`, `feeAmount` or `finalAmount` is not a finite number
 *   with at most two decimals; the message names the record's position, its `transactionId` and
 *   the field. No record is skipped or rounded.
 * @throws {AmountError} when a sum passes `Number.MAX_SAFE_INTEGER` cents (about 90 trillion reais).
 * @example
 * const { rows } = await summarize(client.transactions.list({ dateFrom: '2026-11-01', dateTo: '2026-11-30' }));
 * for (const row of rows) console.log(row.type, row.status, row.count, formatCents(row.netCents));
 */
export async function summarize(records: RecordSource<SummarizableRecord>): Promise<Summary> {
  assertRecordSource(records, 'summarize');
  const rows = new Map<string, SummaryRow>();
  let index = 0;
  for await (const item of records) {
    const record = recordAt(item, index);
    const type = labelAt(record, 'type', index);
    const status = labelAt(record, 'status', index);
    const gross = centsAt(record, 'amount', index);
    const fee = centsAt(record, 'feeAmount', index);
    const net = centsAt(record, 'finalAmount', index);
    const key = JSON.stringify([type, status]);
    let row = rows.get(key);
    if (row === undefined) {
      row = { type, status, count: 0, grossCents: 0, feeCents: 0, netCents: 0 };
      rows.set(key, row);
    }
    row.count += 1;
    row.grossCents = exactSum(row.grossCents, gross, row, 'amount');
    row.feeCents = exactSum(row.feeCents, fee, row, 'feeAmount');
    row.netCents = exactSum(row.netCents, net, row, 'finalAmount');
    index += 1;
  }
  const byType = inOrder(TYPE_RANK);
  const byStatus = inOrder(STATUS_RANK);
  return { rows: [...rows.values()].sort((a, b) => byType(a.type, b.type) || byStatus(a.status, b.status)) };
}

function exactSum(sum: number, cents: number, row: SummaryRow, field: string): number {
  const total = sum + cents;
  if (!Number.isSafeInteger(total)) {
    throw new AmountError(
      `the sum of ${field} of ${row.type} ${row.status} is too large to count in cents exactly`,
    );
  }
  return total;
}

/** Known values by rank, then unknown ones by code units (locale-independent). */
function inOrder(ranks: ReadonlyMap<string, number>): (a: string, b: string) => number {
  const rank = (value: string) => ranks.get(value) ?? ranks.size;
  return (a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0);
}
