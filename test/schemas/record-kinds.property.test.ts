/**
 * The kinds of the record's fields (src/schemas/record-kinds.ts) against the record's schema: one
 * kind per field, and each kind's values are what the field's schema takes, and only those.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  type FieldKind,
  fieldsOfKind,
  KIND_OF,
  TRANSACTION_FIELD_KINDS,
  type TransactionField,
} from '../../src/schemas/record-kinds.js';
import { Transaction } from '../../src/schemas/transaction.js';

const FIELDS = Object.keys(Transaction.shape) as TransactionField[];

const date = fc
  .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true })
  .map((value) => value.toISOString());

/** Values of each kind, as an answer carries them. */
const VALUES: Record<FieldKind, fc.Arbitrary<unknown>> = {
  'legacy-id': fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
  id: fc.uuid(),
  enum: fc.constantFrom('PENDING', 'CASHIN', 'API', 'EVP', 'A_VALUE_ADDED_LATER'),
  text: fc.string(),
  amount: fc.integer({ min: -1e12, max: 1e12 }).map((cents) => cents / 100),
  date,
  tracking: fc.record({ utm_source: fc.string(), utm_campaign: fc.string() }, { requiredKeys: [] }),
};

/** Values the field's schema must refuse, for the kinds whose schema is more than any string. */
const NOT_OF_KIND: Partial<Record<FieldKind, fc.Arbitrary<unknown>>> = {
  'legacy-id': fc.oneof(fc.string(), fc.double({ min: 0.1, max: 1e6, noInteger: true })),
  id: fc.oneof(fc.string({ maxLength: 35 }), date),
  text: fc.oneof(fc.integer(), fc.boolean()),
  amount: fc.oneof(
    date,
    fc.integer({ min: -1e12, max: 1e12 }).map((mills) => (mills * 10 + 1) / 1000),
  ),
  date: fc.oneof(
    fc.string().filter((text) => !/^\d/.test(text)),
    fc.uuid(),
    fc.integer(),
  ),
  tracking: fc.oneof(fc.string(), fc.integer()),
};

/** For every field of `fields` and value `values` draws for its kind: the field's schema takes it, or not. */
function expectParsed(
  fields: readonly TransactionField[],
  values: (kind: FieldKind) => fc.Arbitrary<unknown>,
  taken: boolean,
): void {
  fc.assert(
    fc.property(
      fc.constantFrom(...fields).chain((name) => fc.tuple(fc.constant(name), values(KIND_OF[name]))),
      ([name, value]) => {
        const parsed = z.safeParse(Transaction.shape[name], value).success;
        expect(parsed, `${name}: ${JSON.stringify(value)}`).toBe(taken);
      },
    ),
    { numRuns: 500 },
  );
}

describe('the kinds of the record’s fields', () => {
  it('give every field of the record one kind', () => {
    expect(TRANSACTION_FIELD_KINDS.map(([field]) => field).sort()).toEqual([...FIELDS].sort());
    expect(Object.keys(KIND_OF).sort()).toEqual([...FIELDS].sort());
  });

  it('list each field under its kind only, in the table’s order', () => {
    const kinds = Object.keys(VALUES) as FieldKind[];
    const order = TRANSACTION_FIELD_KINDS.map(([field]) => field);
    for (const kind of kinds) {
      const fields = fieldsOfKind(kind);
      expect(
        fields.every((field) => KIND_OF[field] === kind),
        kind,
      ).toBe(true);
      expect(
        [...fields].sort((a, b) => order.indexOf(a) - order.indexOf(b)),
        kind,
      ).toEqual(fields);
    }
    expect(kinds.flatMap((kind) => fieldsOfKind(kind)).sort()).toEqual([...FIELDS].sort());
  });

  it('say what each field’s schema takes: every value of its kind, and no value of another', () => {
    expectParsed(FIELDS, (kind) => VALUES[kind], true);
    expectParsed(
      FIELDS.filter((name) => NOT_OF_KIND[KIND_OF[name]] !== undefined),
      (kind) => NOT_OF_KIND[kind] as fc.Arbitrary<unknown>,
      false,
    );
  });
});
