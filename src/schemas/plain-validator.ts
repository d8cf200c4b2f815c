/**
 * Pinned to zod 4.6 (package.json: `"zod": "~4.6.7"`, patch releases only). This file reads zod's
 * internal definitions (`_zod.def`, `_zod.traits`, `_zod.values`) and re-states the rules it finds
 * there, so it is only as right as its reading of one zod minor: zod changes those rules between
 * minors (4.6 measures a string's length in code points, not UTF-16 units). A schema built by
 * another minor is declined, and test/schemas/plain-validator.test.ts holds the fast path equal to
 * zod over every exported schema. To move to a new minor: change the range and TESTED_ZOD, run it.
 *
 * A fast path for parsing: a predicate, derived from a zod schema's own definition, that says
 * "this value is plainly valid and zod would return it unchanged". It covers the subset of zod
 * the response schemas use (objects, strings with patterns and lengths, numbers, booleans,
 * nullable, optional, arrays, enums). It only ever accepts: anything it does not accept, including
 * a missing field with a default, goes to zod, which stays the source of truth and writes every
 * error message. Anything outside the subset (unions, refinements, transforms) declines the whole
 * schema. The accepted value is returned as it is, so it must be freshly parsed JSON.
 *
 * Why: validating a 26-field record costs zod about as much as the rest of the client's own work
 * per request (see bench/client.bench.ts).
 */
import type * as z from 'zod/mini';

type Check = (value: unknown) => boolean;

/** The zod minor whose rules this file re-states; see the note above. */
export const TESTED_ZOD = { major: 4, minor: 6 } as const;

/** The string formats whose pattern is the whole rule, with the zod class that guarantees it. */
const PATTERN_FORMATS = new Map([
  ['guid', '$ZodGUID'],
  ['uuid', '$ZodUUID'],
  ['datetime', '$ZodISODateTime'],
  ['date', '$ZodISODate'],
]);

/** What the fast path reads of a schema's definition. @internal Shared with its tests. */
export interface SchemaDef {
  type: string;
  checks?: Part[];
  coerce?: boolean;
  format?: string;
  pattern?: RegExp;
  innerType?: z.ZodMiniType;
  element?: z.ZodMiniType;
  shape?: Record<string, z.ZodMiniType>;
  catchall?: z.ZodMiniType;
}

/** A schema or a check, as zod's internals see it. */
interface Part {
  _zod: { def: unknown; traits: Set<string>; values?: unknown; optin?: string; version?: Version };
}
type Version = { major: number; minor: number };

/** What the fast path reads of a check's definition. @internal Shared with its tests. */
export interface CheckDef {
  check: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  pattern?: RegExp;
  value?: unknown;
  inclusive?: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const internals = (schema: z.ZodMiniType) => schema._zod as unknown as Part['_zod'];
const defOf = (schema: z.ZodMiniType) => schema._zod.def as unknown as SchemaDef;

/** `pattern.test` as zod runs it: from the start, whatever a global or sticky flag left behind. */
const matches = (pattern: RegExp, value: string) => {
  pattern.lastIndex = 0;
  return pattern.test(value);
};

/** A string's length as zod 4.6 measures it: in code points (a lone surrogate counts as one). */
function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** One check of a schema as a predicate, or `undefined` when it is outside the subset. */
function ruleOf(check: Part): Check | undefined {
  const { traits } = check._zod;
  const { minimum = 0, maximum = 0, pattern, value, inclusive } = check._zod.def as CheckDef;
  switch ((check._zod.def as CheckDef).check) {
    case 'min_length':
      // A code point is one or two UTF-16 units: count them only when the units leave it open.
      if (!traits.has('$ZodCheckMinLength')) return undefined;
      return (v) => {
        const units = (v as string | unknown[]).length;
        return (
          units >= minimum && (units >= 2 * minimum || typeof v !== 'string' || codePoints(v) >= minimum)
        );
      };
    case 'max_length':
      if (!traits.has('$ZodCheckMaxLength')) return undefined;
      return (v) =>
        (v as string | unknown[]).length <= maximum || (typeof v === 'string' && codePoints(v) <= maximum);
    case 'string_format':
      // Only a plain regex: other formats (includes, URL, JWT…) have rules beyond their pattern.
      if (!traits.has('$ZodCheckRegex') || !(pattern instanceof RegExp)) return undefined;
      return (v) => matches(pattern, v as string);
    case 'greater_than':
      if (!traits.has('$ZodCheckGreaterThan') || typeof value !== 'number') return undefined;
      return inclusive ? (v) => (v as number) >= value : (v) => (v as number) > value;
    case 'less_than':
      if (!traits.has('$ZodCheckLessThan') || typeof value !== 'number') return undefined;
      return inclusive ? (v) => (v as number) <= value : (v) => (v as number) < value;
    default:
      return undefined;
  }
}

/** The schema's checks as predicates, or `undefined` when one is outside the subset. */
function checksOf(def: SchemaDef): Check[] | undefined {
  const checks: Check[] = [];
  for (const check of def.checks ?? []) {
    const rule = ruleOf(check);
    if (rule === undefined) return undefined;
    checks.push(rule);
  }
  return checks;
}

/**
 * Builds the predicate, or `undefined` when the schema uses something outside the subset or was
 * built by a zod minor other than the tested one.
 *
 * @internal Exported for the tests that hold it equal to zod.
 */
export function buildPlainCheck(schema: z.ZodMiniType): Check | undefined {
  const { version } = internals(schema);
  if (version?.major !== TESTED_ZOD.major || version.minor !== TESTED_ZOD.minor) return undefined;
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

function buildType(schema: z.ZodMiniType, def: SchemaDef): Check | undefined {
  if (def.coerce === true) return undefined;
  switch (def.type) {
    case 'string':
      return buildString(schema, def);
    case 'number':
      if (def.format === undefined) return (v) => typeof v === 'number' && Number.isFinite(v);
      return def.format === 'safeint' ? (v) => Number.isSafeInteger(v) : undefined;
    case 'boolean':
      return (v) => typeof v === 'boolean';
    case 'enum':
    case 'literal': {
      // The very set zod tests against (a TypeScript enum's reverse keys are left out of it). An
      // `undefined` among them would let a missing key pass, where zod requires the key.
      const { values } = internals(schema);
      return values instanceof Set && !values.has(undefined) ? (v) => values.has(v) : undefined;
    }
    case 'nullable': {
      const inner = buildPlainCheck(def.innerType as z.ZodMiniType);
      return inner && ((v) => v === null || inner(v));
    }
    case 'optional': {
      const innerType = def.innerType as z.ZodMiniType;
      const inner = buildPlainCheck(innerType);
      // Over a default (however deep), a missing value is filled in by zod: ask it.
      if (internals(innerType).optin === 'defaulted') return inner && ((v) => v !== undefined && inner(v));
      return inner && ((v) => v === undefined || inner(v));
    }
    case 'default': {
      // A present value is checked as usual; a missing one needs zod to fill the default.
      const inner = buildPlainCheck(def.innerType as z.ZodMiniType);
      return inner && ((v) => v !== undefined && inner(v));
    }
    case 'array': {
      const element = buildPlainCheck(def.element as z.ZodMiniType);
      return element && ((v) => Array.isArray(v) && v.every(element));
    }
    case 'object':
      return buildObject(def);
    default:
      return undefined;
  }
}

function buildString(schema: z.ZodMiniType, def: SchemaDef): Check | undefined {
  if (def.format === undefined) return (v) => typeof v === 'string';
  const pattern = def.pattern;
  const owner = PATTERN_FORMATS.get(def.format);
  if (owner === undefined || !internals(schema).traits.has(owner) || !(pattern instanceof RegExp))
    return undefined;
  return (v) => typeof v === 'string' && matches(pattern, v);
}

function buildObject(def: SchemaDef): Check | undefined {
  const shape = def.shape ?? {};
  // zod never copies a `__proto__` key to its output, and reads symbol keys JSON cannot carry.
  if (Object.hasOwn(shape, '__proto__') || Object.getOwnPropertySymbols(shape).length > 0) return undefined;
  // Parallel arrays and an index loop: this runs for every record a response carries.
  const keys: string[] = [];
  const checks: Check[] = [];
  for (const [key, field] of Object.entries(shape)) {
    const check = buildPlainCheck(field);
    if (check === undefined) return undefined;
    keys.push(key);
    checks.push(check);
  }
  // Loose objects keep unknown keys as they are (but for `__proto__`, which zod drops); strict ones
  // refuse them and plain ones drop them, so for those an unknown key means "ask zod".
  const keepsUnknown = def.catchall !== undefined && defOf(def.catchall).type === 'unknown';
  const known = new Set(keys);
  return (v) => {
    if (!isRecord(v)) return false;
    for (let i = 0; i < keys.length; i++) if (!(checks[i] as Check)(v[keys[i] as string])) return false;
    if (keepsUnknown) return !Object.hasOwn(v, '__proto__');
    for (const key in v) if (!known.has(key)) return false;
    return true;
  };
}

const cache = new WeakMap<z.ZodMiniType, Check | null>();

/**
 * True when `value` is plainly valid for `schema` and zod would return it unchanged, so it can be
 * used as the parsed value. False means only "ask zod". Use it on freshly parsed JSON only.
 */
export function isPlainlyValid(schema: z.ZodMiniType, value: unknown): boolean {
  let check = cache.get(schema);
  if (check === undefined) {
    check = buildPlainCheck(schema) ?? null;
    cache.set(schema, check);
  }
  return check?.(value) === true;
}
