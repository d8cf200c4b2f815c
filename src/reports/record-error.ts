/** The error of a record that cannot be reported. */

/** Where a {@link ReportRecordError} was found. */
export interface ReportRecordErrorDetails {
  /** The record's position in the input, from 0. */
  index: number;
  /** The record's `transactionId`, when it has one as a string. */
  transactionId: string | undefined;
  /** The field at fault (`'feeAmount'`), or `undefined` when the record itself is not an object. */
  field: string | undefined;
  /** The value found in that field (or the record, when it is not an object). */
  value: unknown;
}

/**
 * Thrown when a record cannot be counted or written: it is not an object, its `type` or
 * `status` is not a non-empty string, or a money field is not a finite number with at most two
 * decimals. Reports never skip or round such a record: a reconciliation that silently drops one
 * is wrong without saying so. Filter the records first to leave some out on purpose.
 *
 * @example
 * try {
 *   await summarize(records);
 * } catch (error) {
 *   if (error instanceof ReportRecordError) console.error(error.transactionId, error.field, error.value);
 *   throw error;
 * }
 */
export class ReportRecordError extends Error implements ReportRecordErrorDetails {
  override name = 'ReportRecordError';
  readonly index: number;
  readonly transactionId: string | undefined;
  readonly field: string | undefined;
  readonly value: unknown;

  /** `message` is the whole message; `options.cause` the error underneath (an `AmountError`). */
  constructor(message: string, details: ReportRecordErrorDetails, options?: { cause: unknown }) {
    super(message, options);
    this.index = details.index;
    this.transactionId = details.transactionId;
    this.field = details.field;
    this.value = details.value;
  }
}
