/**
 * Values shaped by a zod schema's definition, mostly valid and often at a boundary: the seeds that
 * the fast-path property then damages (./json-mutations.ts). Read from `_zod.def` on their own, not
 * through the fast path; zod judges every value either way.
 */
import fc from 'fast-check';
import type * as z from 'zod/mini';
import type { CheckDef, SchemaDef } from '../../src/schemas/plain-validator.js';

/** The parts of a definition the samples read beyond those the fast path reads. */
interface SampledDef extends SchemaDef {
  options?: z.ZodMiniType[];
  in?: z.ZodMiniType;
  entries?: Record<string, unknown>;
}

const anyJson = fc.jsonValue({ maxDepth: 2 });
/** Text of every kind: ASCII, any code point (astral ones are two UTF-16 units), graphemes. */
const anyText = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }));

function bound(checks: CheckDef[], kind: string, pick: (a: number, b: number) => number) {
  const values = checks.filter((c) => c.check === kind).map((c) => c.minimum ?? c.maximum ?? 0);
  return values.length === 0 ? undefined : values.reduce(pick);
}

function stringSamples(def: SampledDef, checks: CheckDef[]): fc.Arbitrary<string> {
  const pattern = [def.pattern, ...checks.map((c) => c.pattern)].find((p) => p instanceof RegExp);
  const min = bound(checks, 'min_length', Math.max) ?? 0;
  const max = bound(checks, 'max_length', Math.min) ?? min + 8;
  // Around each length bound, counted in code points: a string of emoji is twice as long in units.
  const near = (at: number) =>
    fc.string({ unit: 'binary', minLength: Math.max(0, at - 1), maxLength: at + 1 });
  const lengths = fc.oneof(anyText, near(min), near(max));
  if (pattern === undefined) return lengths;
  return fc.oneof({ arbitrary: fc.stringMatching(new RegExp(pattern.source)), weight: 3 }, lengths);
}

function numberSamples(def: SampledDef, checks: CheckDef[]): fc.Arbitrary<number> {
  const limits = checks
    .filter((c) => c.check === 'greater_than' || c.check === 'less_than')
    .map((c) => c.value)
    .filter((v): v is number => typeof v === 'number');
  const edges = limits.flatMap((v) => [v, v - 1, v + 1, v - 0.01, v + 0.01]);
  const integers = fc.integer({ min: -1000, max: 1_000_000 });
  const arbitraries: fc.Arbitrary<number>[] = [
    integers,
    fc.constantFrom(0, -0, 0.5, 2 ** 53, Number.MAX_SAFE_INTEGER, -1, 1e21, ...edges),
  ];
  if (def.format === undefined) arbitraries.push(fc.double({ noNaN: true, noDefaultInfinity: true }));
  return fc.oneof(...arbitraries);
}

function objectSamples(def: SampledDef): fc.Arbitrary<unknown> {
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  const requiredKeys: string[] = [];
  for (const [key, field] of Object.entries(def.shape ?? {})) {
    fields[key] = samplesOf(field);
    if (field._zod.optin === undefined) requiredKeys.push(key);
  }
  const record = fc.record(fields, { requiredKeys });
  if (def.catchall === undefined) return record;
  const extra = fc.dictionary(fc.string({ maxLength: 6 }), anyJson, { maxKeys: 2 });
  return fc.tuple(record, extra).map(([known, unknown]) => ({ ...unknown, ...known }));
}

function build(schema: z.ZodMiniType): fc.Arbitrary<unknown> {
  const def = schema._zod.def as unknown as SampledDef;
  const checks = (def.checks ?? []).map((c) => c._zod.def as CheckDef);
  const inner = () => samplesOf(def.innerType as z.ZodMiniType);
  switch (def.type) {
    case 'string':
      return stringSamples(def, checks);
    case 'number':
      return numberSamples(def, checks);
    case 'boolean':
      return fc.boolean();
    case 'enum':
    case 'literal': {
      // The values zod takes, and every name and value the declaration lists (a TypeScript enum's
      // reverse keys among them).
      const listed = Object.entries(def.entries ?? {}).flat();
      const values = [...((schema._zod as { values?: Set<unknown> }).values ?? []), ...listed];
      return values.length === 0 ? anyJson : fc.constantFrom(...values);
    }
    case 'nullable':
      return fc.oneof(fc.constant(null), inner());
    case 'optional':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return fc.option(inner(), { nil: undefined });
    case 'array': {
      const minLength = bound(checks, 'min_length', Math.max) ?? 0;
      const maxLength = bound(checks, 'max_length', Math.min) ?? minLength + 3;
      return fc.array(samplesOf(def.element as z.ZodMiniType), { minLength, maxLength: maxLength + 1 });
    }
    case 'object':
      return objectSamples(def);
    case 'union':
      return fc.oneof(...(def.options ?? []).map(samplesOf));
    case 'pipe':
      return samplesOf(def.in as z.ZodMiniType);
    default:
      return anyJson;
  }
}

const built = new WeakMap<z.ZodMiniType, fc.Arbitrary<unknown>>();

/** Values shaped by `schema`: mostly valid, often at a length, range or pattern boundary. */
export function samplesOf(schema: z.ZodMiniType): fc.Arbitrary<unknown> {
  let arbitrary = built.get(schema);
  if (arbitrary === undefined) {
    arbitrary = build(schema);
    built.set(schema, arbitrary);
  }
  return arbitrary;
}
