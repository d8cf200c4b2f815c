/** Reading a record's fields for a report: checked, never guessed. */
import { toCents } from '../pix/money.js';
import { ReportRecordError } from './record-error.js';

/** A ReportRecordError whose message names the record (index and transactionId) and the field. */
function recordError(
  problem: string,
  record: unknown,
  index: number,
  field: string | undefined,
  cause?: unknown,
): ReportRecordError {
  const fields = typeof record === 'object' && record !== null ? (record as Record<string, unknown>) : {};
  const transactionId = typeof fields.transactionId === 'string' ? fields.transactionId : undefined;
  const label =
    transactionId !== undefined
      ? ` (transactionId ${transactionId})`
      : typeof fields.id === 'number'
        ? ` (id ${fields.id}, no transactionId)`
        : '';
  const value = field === undefined ? record : fields[field];
  return new ReportRecordError(
    `record ${index}${label}: ${field === undefined ? '' : `${field} `}${problem}`,
    { index, transactionId, field, value },
    cause === undefined ? undefined : { cause },
  );
}

/** Describes a value for an error message, telling a string apart from the number it spells. */
function describe(value: unknown): string {
  return typeof value === 'string' ? `the string ${JSON.stringify(value)}` : String(value);
}

/** The record itself, once known to be an object. */
export function recordAt(record: unknown, index: number): Record<string, unknown> {
  if (typeof record !== 'object' || record === null) {
    throw recordError(`is not an object: got ${describe(record)}`, record, index, undefined);
  }
  return record as Record<string, unknown>;
}

/** A money field in integer cents; a ReportRecordError when it is not whole cents of a number. */
export function centsAt(record: Record<string, unknown>, field: string, index: number): number {
  const value = record[field];
  if (typeof value !== 'number') {
    throw recordError(`must be a number of reais such as 19.9, got ${describe(value)}`, record, index, field);
  }
  try {
    return toCents(value);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw recordError(`cannot be counted in cents: ${reason}`, record, index, field, error);
  }
}

/** A field that must be a non-empty string (a record's `type` or `status`). */
export function labelAt(record: Record<string, unknown>, field: string, index: number): string {
  const value = record[field];
  if (typeof value !== 'string' || value === '') {
    throw recordError(`must be a non-empty string, got ${describe(value)}`, record, index, field);
  }
  return value;
}
