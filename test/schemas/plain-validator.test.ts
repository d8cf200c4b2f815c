import { readdirSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import * as answers from '../../src/resources/list-answer.js';
import * as domain from '../../src/schemas/index.js';
import { buildPlainCheck, isPlainlyValid } from '../../src/schemas/plain-validator.js';
import { chargeRecord, transactionRecord } from './fixtures.js';
import { mutated, viaJsonText } from './json-mutations.js';
import { constructs } from './zod-constructs.js';
import { samplesOf } from './zod-samples.js';

const isSchema = (value: unknown): value is z.ZodMiniType =>
  (value as { _zod?: { traits?: Set<string> } } | null)?._zod?.traits?.has('$ZodType') === true;

/**
 * Every schema the domain exports (its index, then each of its modules) and the client's answer
 * schemas, found at run time: a schema added later is covered without a change here.
 */
async function exportedSchemas(): Promise<Map<z.ZodMiniType, string>> {
  const folder = new URL('../../src/schemas/', import.meta.url);
  const modules: [string, Record<string, unknown>][] = [
    ['schemas', domain],
    ['list-answer', answers],
  ];
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.ts')))
    modules.push([file, await import(new URL(file, folder).href)]);
  const found = new Map<z.ZodMiniType, string>();
  for (const [module, names] of modules)
    for (const [name, value] of Object.entries(names))
      if (isSchema(value) && !found.has(value)) found.set(value, `${module}: ${name}`);
  return found;
}

const meta = { current_page: 1, per_page: 15, total: 2, last_page: 1, from: 1, to: 2 };
/** The valid fixtures, and the answers and webhook bodies made of them. */
const fixtures = fc.constantFrom<unknown>(
  transactionRecord,
  chargeRecord,
  { data: [transactionRecord, chargeRecord], meta },
  {
    event: 'transaction.completed',
    timestamp: chargeRecord.createdAt,
    data: { ...chargeRecord, referenceId: chargeRecord.externalId },
  },
  {
    event: 'webhook.revalidate',
    timestamp: chargeRecord.updatedAt,
    data: { webhookId: chargeRecord.externalId },
  },
);

/** Any JSON; the schema's own samples; and those or the fixtures, damaged. */
const valuesFor = (schema: z.ZodMiniType) =>
  fc.oneof(
    { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
    { arbitrary: samplesOf(schema), weight: 3 },
    { arbitrary: mutated(fc.oneof(samplesOf(schema), fixtures)), weight: 4 },
  );

/** The property: whatever `accepts` takes (of fresh JSON), zod accepts and returns unchanged. */
function agreement(schema: z.ZodMiniType, accepts: (value: unknown) => boolean, seen = { accepted: 0 }) {
  return fc.property(valuesFor(schema), (input) => {
    const json = viaJsonText(input);
    if (!accepts(json)) return true;
    seen.accepted += 1;
    const outcome = z.safeParse(schema, json);
    return outcome.success && isDeepStrictEqual(outcome.data, json);
  });
}

const exported = await exportedSchemas();
const schemas: [string, z.ZodMiniType][] = [
  ...[...exported].map(([schema, name]): [string, z.ZodMiniType] => [name, schema]),
  ...Object.entries(constructs).map(([name, schema]): [string, z.ZodMiniType] => [
    `construct: ${name}`,
    schema,
  ]),
];

describe('the fast path of parsing (isPlainlyValid) agrees with zod', () => {
  it('runs over every exported schema, the answer schemas among them', () => {
    expect(exported.size).toBeGreaterThan(30);
    for (const schema of [domain.Transaction, domain.WebhookEventBody, answers.ListAnswer])
      expect(exported.has(schema)).toBe(true);
  });

  it.each(schemas)('%s: what it accepts, zod accepts and returns unchanged', (_, schema) => {
    const seen = { accepted: 0 };
    fc.assert(
      agreement(schema, (v) => isPlainlyValid(schema, v), seen),
      { numRuns: 1500 },
    );
    // Where the fast path applies, the values reach its accepting branch often enough to mean something.
    if (buildPlainCheck(schema) !== undefined) expect(seen.accepted).toBeGreaterThan(10);
  });

  it('applies to the webhook bodies and the records, whose speed depends on it', () => {
    for (const schema of [domain.WebhookEventBody, domain.Transaction, answers.ListAnswer])
      expect(buildPlainCheck(schema)).toBeDefined();
  });
});

type Def = { type: string; checks?: unknown[]; innerType?: Schema; element?: Schema; shape?: Shape };
type Schema = z.ZodMiniType;
type Shape = Record<string, Schema>;

const defOf = (schema: Schema) => schema._zod.def as unknown as Def;
const cloned = (schema: Schema, changes: Partial<Def> & { catchall?: Schema }) =>
  (schema as unknown as { clone(def: unknown): Schema }).clone({ ...schema._zod.def, ...changes });
const mapShape = (shape: Shape, map: (field: Schema) => Schema) =>
  Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, map(field)]));

/** `schema` with `plant` applied at every level, inner schemas first. */
function planted(schema: Schema, plant: (schema: Schema) => Schema): Schema {
  const { innerType, element, shape } = defOf(schema);
  const children: Partial<Def> = {};
  if (innerType !== undefined) children.innerType = planted(innerType, plant);
  if (element !== undefined) children.element = planted(element, plant);
  if (shape !== undefined) children.shape = mapShape(shape, (field) => planted(field, plant));
  return plant(Object.keys(children).length > 0 ? cloned(schema, children) : schema);
}

/** Ways the fast path could misread a schema: each is built from a copy of the schema, so altered. */
const plantedBugs: Record<string, (schema: Schema) => Schema> = {
  'skips the checks': (s) => (defOf(s).checks?.length ? cloned(s, { checks: [] }) : s),
  'keeps the unknown keys of every object': (s) =>
    defOf(s).type === 'object' ? cloned(s, { catchall: z.unknown() }) : s,
  'takes any string for an enum': (s) => (defOf(s).type === 'enum' ? z.string() : s),
  'lets a required field go missing': (s) =>
    defOf(s).type === 'object'
      ? cloned(s, { shape: mapShape(defOf(s).shape ?? {}, (f) => z.optional(f)) })
      : s,
  'does not see a default': (s) =>
    defOf(s).type === 'default' ? z.optional(defOf(s).innerType as Schema) : s,
};

describe('the property fails for a fast path with a planted bug', () => {
  it.each(Object.entries(plantedBugs))('one that %s', (_, plant) => {
    const caught = schemas.filter(([, schema]) => {
      const check = buildPlainCheck(planted(schema, plant));
      return check !== undefined && fc.check(agreement(schema, check), { numRuns: 300 }).failed;
    });
    expect(caught.length).toBeGreaterThan(0);
  });
});
