/** A streaming CSV export of records (RFC 4180). */
import type { Transaction } from '../schemas/transaction.js';
import { CSV_COLUMNS, type CsvColumn, cellReader } from './csv-columns.js';
import { csvField } from './csv-field.js';
import { recordAt } from './record-fields.js';
import { assertRecordSource, type RecordSource } from './record-source.js';

/** Options of {@link toCsv}. */
export interface ToCsvOptions {
  /**
   * The columns to write, in this order (each at most once).
   * @default CSV_COLUMNS
   * @example
   * { columns: ['transactionId', 'status', 'amount', 'description', 'utm_campaign'] }
   */
  columns?: readonly CsvColumn[];
  /**
   * Defuse spreadsheet formulas: a cell that starts with `=`, `+`, `-`, `@`, a tab or CR gets a
   * leading `'`, so Excel, LibreOffice or Google Sheets show it as text instead of running it
   * (descriptions and names are typed by payers). A signed number (`-5.00`, `+5511999999999`)
   * is left as is, and money columns never change. Turn it off when a program, not a person,
   * reads the file and needs every value byte for byte.
   * @default true
   */
  escapeFormulae?: boolean;
}

const KNOWN: ReadonlySet<string> = new Set(CSV_COLUMNS);

function checkedColumns(options: unknown): readonly CsvColumn[] {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(`toCsv options must be an object, got ${options === null ? 'null' : typeof options}`);
  }
  const { columns, escapeFormulae } = options as ToCsvOptions;
  if (escapeFormulae !== undefined && typeof escapeFormulae !== 'boolean') {
    throw new TypeError(`escapeFormulae must be a boolean, got ${typeof escapeFormulae}`);
  }
  if (columns === undefined) return CSV_COLUMNS;
  if (!Array.isArray(columns) || columns.length === 0) {
    throw new TypeError('columns must be a non-empty array of column names (see CSV_COLUMNS)');
  }
  const seen = new Set<string>();
  for (const column of columns as unknown[]) {
    if (typeof column !== 'string' || !KNOWN.has(column)) {
      throw new TypeError(
        `unknown column ${JSON.stringify(column)}: columns are ${CSV_COLUMNS.join(', ')} (trackingParameters is written as its utm_* keys)`,
      );
    }
    if (seen.has(column)) throw new TypeError(`column ${JSON.stringify(column)} is listed twice`);
    seen.add(column);
  }
  // A copy: changing the caller's array during the export must not change its columns.
  return [...columns];
}

/**
 * Writes records as CSV (RFC 4180): a header line of column names, then one line per record,
 * each ending in CRLF; a field holding a comma, a double quote, CR or LF is quoted, with quotes
 * doubled. Money is written with two decimals (`19.90`), a `null` as an empty cell, and dates as
 * the service sent them (ISO 8601).
 *
 * Streams: each record is read, written and yielded before the next is read, so memory stays
 * flat however many records pass (a record's line may itself hold quoted line breaks). Pipe it
 * to a file or an HTTP answer; for Excel, write a UTF-8 BOM (`'\uFEFF'`) first so accents show.
 *
 * @param records Any iterable or async iterable of records, such as `client.transactions.list()`.
 * @returns The lines, header first, each with its CRLF.
 * @throws {TypeError} at once when `records` is not iterable or an option is wrong (an unknown or
 *   repeated column, an empty `columns`).
 * @throws {ReportRecordError} while iterating, for a record that is not an object or whose money
 *   (`amount`, `feeAmount`, `finalAmount`, when written) is not a finite number with at most two
 *   decimals; the lines before it have been yielded.
 * @example
 * import { createWriteStream } from 'node:fs';
 * import { Readable } from 'node:stream';
 * import { pipeline } from 'node:stream/promises';
 *
 * await pipeline(Readable.from(toCsv(client.transactions.list())), createWriteStream('transactions.csv'));
 */
export function toCsv(records: RecordSource<Transaction>, options: ToCsvOptions = {}): AsyncIterable<string> {
  assertRecordSource(records, 'toCsv');
  const columns = checkedColumns(options);
  return csvLines(records, columns, options.escapeFormulae ?? true);
}

async function* csvLines(
  records: RecordSource<unknown>,
  columns: readonly CsvColumn[],
  escapeFormulae: boolean,
): AsyncGenerator<string> {
  yield `${columns.join(',')}\r\n`;
  const readers = columns.map(cellReader);
  let index = 0;
  for await (const item of records) {
    const record = recordAt(item, index);
    let line = '';
    for (const [at, read] of readers.entries()) {
      line += `${at === 0 ? '' : ','}${csvField(read(record, index), escapeFormulae)}`;
    }
    yield `${line}\r\n`;
    index += 1;
  }
}
