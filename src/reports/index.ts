/**
 * `pix-payments/reports`: reconciliation over any list of records, such as
 * `client.transactions.list()`. {@link summarize} adds them up per type and status in exact
 * integer cents; {@link toCsv} streams them as RFC 4180 CSV. Both read one record at a time, so
 * memory stays flat however long the list. Stands on the domain only: no HTTP client is loaded.
 *
 * @example
 * import { summarize, toCsv } from 'pix-payments/reports';
 *
 * const { rows } = await summarize(client.transactions.list({ status: 'COMPLETED' }));
 * for await (const line of toCsv(client.cashouts.list())) process.stdout.write(line);
 *
 * @packageDocumentation
 */
export { CSV_COLUMNS, type CsvColumn } from './csv-columns.js';
export { ReportRecordError, type ReportRecordErrorDetails } from './record-error.js';
export type { RecordSource } from './record-source.js';
export { type SummarizableRecord, type Summary, type SummaryRow, summarize } from './summarize.js';
export { type ToCsvOptions, toCsv } from './to-csv.js';
