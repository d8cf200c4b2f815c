/**
 * The shape of a JSON answer, as a parity run compares it: each field's path and its form (JSON
 * type and format: UUID, date-time with or without a zone, an amount and its decimals, an integer
 * id), never its value. Items of a list are read together: a path's forms are those of every
 * item. `null` says nothing of a form (a payout has no payer; a charge not yet paid has no
 * end-to-end id): a null field is present, and its form is its non-null items'.
 */
import { TRANSACTION_MONEY_FIELDS } from '../../endpoints.js';

/** The money fields of every answer: a record's, and the balance's. */
const MONEY_FIELDS = new Set([...TRANSACTION_MONEY_FIELDS, 'available', 'pending']);
/** Objects whose keys are the merchant's own (attribution data, metadata): their keys are values. */
const OPAQUE_FIELDS = new Set(['trackingParameters', 'tracking_parameters', 'metadata']);

const UUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DECIMAL = /^-?\d+(?:\.(\d+))?$/;
const INTEGER = /^-?\d+$/;

/** What one path holds: the forms of its non-null values, and whether it was ever null. */
export interface PathForms {
  forms: Set<string>;
  nullSeen: boolean;
}

/** Every path of an answer (`$` the body, `data[]` an item of `data`) and what it holds. */
export type Shape = Map<string, PathForms>;

/** The decimals an amount is written with: `3 decimals` is what matters, `≤2` is the rule. */
function decimalsOf(text: string): string {
  const decimals = DECIMAL.exec(text)?.[1]?.length ?? 0;
  return decimals <= 2 ? '≤2 decimals' : `${decimals} decimals`;
}

/** The form of a string: its format, never its value. */
function stringForm(value: string, field: string): string {
  if (MONEY_FIELDS.has(field) && DECIMAL.test(value)) {
    const decimals = DECIMAL.exec(value)?.[1]?.length ?? 0;
    return `amount as string (${decimals === 2 ? '2 decimals' : decimals > 2 ? `${decimals} decimals` : 'fewer than 2 decimals'})`;
  }
  if (UUID.test(value)) return 'UUID';
  const dateTime = DATE_TIME.exec(value);
  if (dateTime !== null) {
    const zone = dateTime[1];
    return zone === undefined
      ? 'date-time without zone'
      : zone === 'Z'
        ? 'date-time (Z)'
        : 'date-time with offset';
  }
  if (DATE.test(value)) return 'date';
  if (field === 'id' && INTEGER.test(value)) return 'integer id as string';
  return 'string';
}

/** The form of a value that is not an object or an array; undefined for null. */
function scalarForm(value: unknown, field: string): string | undefined {
  if (value === null) return undefined;
  if (typeof value === 'string') return stringForm(value, field);
  if (typeof value === 'number') {
    if (MONEY_FIELDS.has(field)) return `amount as number (${decimalsOf(String(value))})`;
    return Number.isInteger(value) ? 'integer' : 'number';
  }
  return typeof value;
}

/** The form of any value: `object`, `array` (empty or not: its length is a value), or its scalar form. */
export function formOf(value: unknown, field: string): string | undefined {
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'object' && value !== null) return 'object';
  return scalarForm(value, field);
}

function note(shape: Shape, path: string, form: string | undefined): void {
  let entry = shape.get(path);
  if (entry === undefined) {
    entry = { forms: new Set(), nullSeen: false };
    shape.set(path, entry);
  }
  if (form === undefined) entry.nullSeen = true;
  else entry.forms.add(form);
}

function walk(shape: Shape, path: string, field: string, value: unknown): void {
  note(shape, path, formOf(value, field));
  if (OPAQUE_FIELDS.has(field)) return;
  if (Array.isArray(value)) {
    for (const item of value) walk(shape, `${path}[]`, field, item);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value)) walk(shape, `${path}.${key}`, key, inner);
  }
}

/**
 * The shape of a JSON body: `$` is the body itself, `$.data[].amount` the amount of an item of
 * `data`.
 * @example shapeOf({ data: [{ amount: 1.5 }] }).get('$.data[].amount') // forms: amount as number (≤2 decimals)
 */
export function shapeOf(body: unknown): Shape {
  const shape: Shape = new Map();
  walk(shape, '$', '', body);
  return shape;
}
