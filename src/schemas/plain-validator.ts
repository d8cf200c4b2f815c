/**
 * A fast path for parsing: a predicate, derived from a zod schema's own definition, that says
 * "this value is plainly valid and zod would return it unchanged". It covers the subset of zod
 * the response schemas use (objects, strings with pattern formats, numbers, nullable, optional,
 * arrays, enums). It only ever accepts: anything it does not accept, including a
 * missing field with a default, goes to zod, which stays the source of truth and writes every
 * error message. A property test holds the two in agreement.
 *
 * Why: validating a 26-field record costs zod about as much as the rest of the client's own work
 * per request (see bench/client.bench.ts).
 */
import type * as z from 'zod/mini';

type Check = (value: unknown) => boolean;

/** The string formats whose pattern is the whole rule. */
const PATTERN_FORMATS = new Set(['guid', 'uuid', 'datetime', 'date']);

interface Def {
  type: string;
  checks?: unknown[];
  format?: string;
  innerType?: z.ZodMiniType;
  element?: z.ZodMiniType;
  shape?: Record<string, z.ZodMiniType>;
  catchall?: z.ZodMiniType;
  entries?: Record<string, unknown>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function defOf(schema: z.ZodMiniType): Def {
  return schema._zod.def as unknown as Def;
}

type Sized = string | unknown[];

/** The schema's checks as predicates, or `undefined` when one is outside the subset. */
interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  pattern?: RegExp;
  value?: unknown;
  inclusive?: boolean;
}

/** One check of a schema as a predicate, or `undefined` when it is outside the subset. */
function ruleOf(rule: CheckDef): Check | undefined {
  const { minimum = 0, maximum = 0, pattern, value, inclusive } = rule;
  switch (rule.check) {
    case 'min_length':
      return (v) => (v as Sized).length >= minimum;
    case 'max_length':
      return (v) => (v as Sized).length <= maximum;
    case 'string_format':
      return pattern instanceof RegExp ? (v) => pattern.test(v as string) : undefined;
    case 'greater_than':
      if (typeof value !== 'number') return undefined;
      return inclusive ? (v) => (v as number) >= value : (v) => (v as number) > value;
    case 'less_than':
      if (typeof value !== 'number') return undefined;
      return inclusive ? (v) => (v as number) <= value : (v) => (v as number) < value;
    default:
      return undefined;
  }
}

/** The schema's checks as predicates, or `undefined` when one is outside the subset. */
function checksOf(def: Def): Check[] | undefined {
  const checks: Check[] = [];
  for (const check of def.checks ?? []) {
    const rule = ruleOf((check as { _zod: { def: CheckDef } })._zod.def);
    if (rule === undefined) return undefined;
    checks.push(rule);
  }
  return checks;
}

/** Builds the predicate, or `undefined` when the schema uses something outside the subset. */
function build(schema: z.ZodMiniType): Check | undefined {
  const def = defOf(schema);
  const checks = checksOf(def);
  if (checks === undefined || (checks.length > 0 && !['string', 'array', 'number'].includes(def.type)))
    return undefined;
  const check = buildType(schema, def);
  if (check === undefined || checks.length === 0) return check;
  return (v) => {
    if (!check(v)) return false;
    for (let i = 0; i < checks.length; i++) if (!(checks[i] as Check)(v)) return false;
    return true;
  };
}

function buildType(schema: z.ZodMiniType, def: Def): Check | undefined {
  switch (def.type) {
    case 'string': {
      if (def.format === undefined) return (v) => typeof v === 'string';
      const pattern = (schema._zod as { pattern?: RegExp }).pattern;
      if (!PATTERN_FORMATS.has(def.format) || pattern === undefined) return undefined;
      return (v) => typeof v === 'string' && pattern.test(v);
    }
    case 'number':
      if (def.format === undefined) return (v) => typeof v === 'number' && Number.isFinite(v);
      return def.format === 'safeint' ? (v) => Number.isSafeInteger(v) : undefined;
    case 'nullable': {
      const inner = build(def.innerType as z.ZodMiniType);
      return inner && ((v) => v === null || inner(v));
    }
    case 'optional': {
      const inner = build(def.innerType as z.ZodMiniType);
      return inner && ((v) => v === undefined || inner(v));
    }
    case 'default': {
      // A present value is checked as usual; a missing one needs zod to fill the default.
      const inner = build(def.innerType as z.ZodMiniType);
      return inner && ((v) => v !== undefined && inner(v));
    }
    case 'array': {
      const element = build(def.element as z.ZodMiniType);
      return element && ((v) => Array.isArray(v) && v.every(element));
    }
    case 'enum': {
      const values = new Set(Object.values(def.entries ?? {}));
      return (v) => values.has(v);
    }
    case 'object':
      return buildObject(def);
    default:
      return undefined;
  }
}

function buildObject(def: Def): Check | undefined {
  // Parallel arrays and an index loop: this runs for every record a response carries.
  const keys: string[] = [];
  const checks: Check[] = [];
  for (const [key, field] of Object.entries(def.shape ?? {})) {
    const check = build(field);
    if (check === undefined) return undefined;
    keys.push(key);
    checks.push(check);
  }
  // Loose objects keep unknown keys as they are; strict ones refuse them and plain ones drop them,
  // so for those an unknown key means "ask zod".
  const keepsUnknown = def.catchall !== undefined && defOf(def.catchall).type === 'unknown';
  const known = new Set(keys);
  return (v) => {
    if (!isRecord(v)) return false;
    for (let i = 0; i < keys.length; i++) if (!(checks[i] as Check)(v[keys[i] as string])) return false;
    if (!keepsUnknown) for (const key in v) if (!known.has(key)) return false;
    return true;
  };
}

const cache = new WeakMap<z.ZodMiniType, Check | null>();

/**
 * True when `value` is plainly valid for `schema` and zod would return it unchanged, so it can be
 * used as the parsed value. False means only "ask zod".
 */
export function isPlainlyValid(schema: z.ZodMiniType, value: unknown): boolean {
  let check = cache.get(schema);
  if (check === undefined) {
    check = build(schema) ?? null;
    cache.set(schema, check);
  }
  return check?.(value) === true;
}
