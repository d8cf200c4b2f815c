/** The columns a CSV export can have, and how each reads its cell from a record. */
import { formatCents } from '../pix/money.js';
import {
  type ColumnsOf,
  FIELD_SINCE,
  fieldsOfKind,
  TRANSACTION_FIELD_KINDS,
} from '../schemas/record-kinds.js';
import { TRACKING_PARAMETER_KEYS } from '../schemas/tracking-keys.js';
import { centsAt } from './record-fields.js';

/**
 * Every column {@link toCsv} can write, in its default order: identity, type and status, money,
 * dates, the references to reconcile with (the merchant's `externalId`, the PIX `endToEndId`),
 * what was sold, the payer, the key, where the record came from, and attribution; then the fields
 * added later (`refundedAmount`), so that a CSV read by column position keeps its columns. Together
 * they are every documented field of the record, with `trackingParameters` flattened into one
 * column per UTM key (`utm_source` … `utm_term`) so that a spreadsheet can filter on it; keys
 * beyond those five are not written.
 */
// Read off the kinds of the record's fields (src/schemas/record-kinds.ts), in its order.
export const CSV_COLUMNS = Object.freeze(
  TRANSACTION_FIELD_KINDS.flatMap(([field, kind]) =>
    kind === 'tracking' ? TRACKING_PARAMETER_KEYS : [field],
  ),
) as Readonly<ColumnsOf<typeof TRANSACTION_FIELD_KINDS>>;

/** A column of a CSV export: a field of the record, or a UTM key of its `trackingParameters`. */
export type CsvColumn = (typeof CSV_COLUMNS)[number];

const MONEY_COLUMNS: ReadonlySet<string> = new Set(fieldsOfKind('amount'));

/** Reads the text of one cell, before CSV quoting. */
export type CellReader = (record: Record<string, unknown>, index: number) => string;

/**
 * The reader of a column's cells, chosen once per export: money as a decimal with two places
 * (`"19.90"`), `null` or a missing field as an empty cell, other values as they are.
 */
export function cellReader(column: CsvColumn): CellReader {
  if (MONEY_COLUMNS.has(column)) {
    // A field added later is null, or absent, until set: an empty cell then.
    const unset = column in FIELD_SINCE;
    return (record, index) =>
      unset && record[column] == null ? '' : formatCents(centsAt(record, column, index));
  }
  if (column.startsWith('utm_')) {
    return (record) => {
      const parameters = record.trackingParameters;
      return typeof parameters === 'object' && parameters !== null
        ? plainText((parameters as Record<string, unknown>)[column])
        : '';
    };
  }
  return (record) => plainText(record[column]);
}

function plainText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
