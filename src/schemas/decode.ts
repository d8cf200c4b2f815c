/**
 * Decoding the answers of a partly documented service ("Reading answers" in docs/client.md): money may
 * already have moved when an answer arrives, so answers are decoded, not policed. In order:
 * envelopes unwrapped, known representations normalised, then the schema checked. What no caller
 * can do without (identity, money that is not a number) is an essential issue; every other
 * mismatch is a plain issue that the caller decides about (lenient: report; strict: throw).
 * The value is decoded in place: it must be freshly parsed JSON.
 */
import * as z from 'zod/mini';
import { GUID_PATTERN } from './formats.js';
import { type FieldIssue, safeParseWith } from './parse.js';

/** How one kind of answer is read. */
export interface DecodeRules {
  /** `one`: a resource, bare or as `{ data }`; `many`: `{ data, meta }`, a flat paginator or a bare array. */
  envelope: 'one' | 'many';
  /** Identity fields of each record: at least one must be valid, or the record is unusable. */
  identity?: readonly ('transactionId' | 'id' | 'legacyId')[];
  /** Fields that are essential besides identity (the signing secret of a new subscription). */
  required?: readonly string[];
  /** Money fields of each record: numeric strings become numbers; present but not a number is essential. */
  money?: readonly string[];
  /** Money fields that are null until set (a field added later): null there is no money yet. */
  unsetMoney?: readonly string[];
}

/** The outcome of {@link decodeAnswer}: the data as received (normalised), and what did not match. */
export interface Decoded {
  data: unknown;
  /** Mismatches the caller may accept (reported in lenient mode). */
  issues: FieldIssue[];
  /** Mismatches no caller can accept: identity missing or corrupt, money not a number. */
  essential: FieldIssue[];
}

type Json = Record<string, unknown>;

const MONEY = /^-?\d+(?:\.\d+)?$/;
const DIGITS = /^\d{1,15}$/;
/** The pagination fields of Laravel's flat paginator, gathered into `meta`. */
const PAGINATOR_FIELDS = ['current_page', 'per_page', 'total', 'last_page', 'from', 'to'];

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A numeric string of money (plain decimal notation, any number of decimals) as its number;
 * anything else as it is. Its decimals are the schema's to judge (`Money`, `./money.ts`), as a
 * number's are: more than two is an issue, not a reason to throw.
 */
export function normaliseMoney(value: unknown): unknown {
  if (typeof value !== 'string' || !MONEY.test(value)) return value;
  const amount = Number(value);
  return Number.isFinite(amount) ? amount : value;
}

/** A legacy integer id sent as a string of digits, as its number; anything else as it is. */
export function normaliseId(value: unknown): unknown {
  return typeof value === 'string' && DIGITS.test(value) ? Number(value) : value;
}

/** Normalises one record in place: money fields and the legacy `id`. */
export function normaliseRecord(record: unknown, money: readonly string[] = []): void {
  if (!isObject(record)) return;
  for (const field of money) if (field in record) record[field] = normaliseMoney(record[field]);
  if ('id' in record) record.id = normaliseId(record.id);
}

/** The keys of an object schema's shape (zod's public `shape`); none for any other schema. */
function shapeKeys(schema: z.ZodMiniType): string[] {
  return schema instanceof z.ZodMiniObject ? Object.keys(schema.shape) : [];
}

/** `{ data: resource }` as the resource, unless the value already looks like the resource itself. */
function unwrapOne(json: unknown, schema: z.ZodMiniType): unknown {
  if (!isObject(json) || !isObject(json.data)) return json;
  const own = shapeKeys(schema).filter((key) => key !== 'data');
  return own.some((key) => key in json) ? json : json.data;
}

/** A bare array, `{ data }`, `{ data, meta }` or a flat paginator, as `{ data, meta? }`. */
function unwrapMany(json: unknown): unknown {
  if (Array.isArray(json)) return { data: json };
  if (isObject(json) && isObject(json.data) && Array.isArray(json.data.data)) json = json.data;
  if (!isObject(json) || !Array.isArray(json.data) || isObject(json.meta) || !('current_page' in json))
    return json;
  const meta: Json = {};
  for (const field of PAGINATOR_FIELDS) if (field in json) meta[field] = normaliseId(json[field]);
  return { ...json, meta };
}

function identityProblem(record: Json, identity: readonly string[]): boolean {
  return !identity.some((field) =>
    field === 'transactionId'
      ? typeof record.transactionId === 'string' && GUID_PATTERN.test(record.transactionId)
      : field === 'legacyId'
        ? Number.isSafeInteger(record.id) && (record.id as number) >= 1
        : typeof record.id === 'string' && GUID_PATTERN.test(record.id),
  );
}

function essentialIssues(record: unknown, rules: DecodeRules, prefix: string): FieldIssue[] {
  const at = (field: string) => (prefix === '' ? field : `${prefix}.${field}`);
  if (!isObject(record)) return [{ path: prefix, message: 'expected an object (a record)' }];
  const issues: FieldIssue[] = [];
  if (rules.identity !== undefined && identityProblem(record, rules.identity)) {
    const names = rules.identity.map((field) => (field === 'legacyId' ? 'id' : field));
    issues.push({
      path: at(names[0] as string),
      message: `missing or corrupt identity (${names.join(' or ')})`,
    });
  }
  for (const field of rules.required ?? [])
    if (typeof record[field] !== 'string' || record[field] === '')
      issues.push({ path: at(field), message: 'is required and missing' });
  for (const field of rules.money ?? [])
    if (
      field in record &&
      (typeof record[field] !== 'number' || !Number.isFinite(record[field])) &&
      !(record[field] === null && rules.unsetMoney?.includes(field))
    )
      issues.push({ path: at(field), message: 'money that is not a number' });
  return issues;
}

/** Decodes a freshly parsed JSON answer with its schema and rules. */
export function decodeAnswer(schema: z.ZodMiniType, json: unknown, rules: DecodeRules): Decoded {
  let data: unknown;
  const essential: FieldIssue[] = [];
  if (rules.envelope === 'one') {
    data = unwrapOne(json, schema);
    normaliseRecord(data, rules.money);
    essential.push(...essentialIssues(data, rules, ''));
  } else {
    data = unwrapMany(json);
    const items = isObject(data) && Array.isArray(data.data) ? data.data : undefined;
    if (items === undefined) essential.push({ path: 'data', message: 'expected a list of records' });
    items?.forEach((item, index) => {
      normaliseRecord(item, rules.money);
      essential.push(...essentialIssues(item, rules, `data[${index}]`));
    });
  }
  const outcome = safeParseWith(schema, data);
  if (outcome.success) return { data, issues: [], essential };
  const taken = new Set(essential.map((issue) => issue.path));
  return { data, issues: outcome.issues.filter((issue) => !taken.has(issue.path)), essential };
}
