import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { safeParseWith } from '../../src/schemas/parse.js';
import { isPlainlyValid } from '../../src/schemas/plain-validator.js';
import { Transaction } from '../../src/schemas/transaction.js';
import { WebhookEventBody } from '../../src/schemas/webhook-event.js';
import { chargeRecord, transactionRecord } from './fixtures.js';

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
/** Mostly a valid value, sometimes anything: so both branches are reached. */
const mostly = <T>(valid: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: valid, weight: 12 }, { arbitrary: anyValue, weight: 1 });
const anyValue = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
);
const guidish = fc.oneof(
  { arbitrary: fc.uuid(), weight: 8 },
  fc.uuid().map((u) => u.toUpperCase()),
  fc.string(),
  fc.constant('0b8f7e36-3e59-4d44-9f0c-6a3f1f0c2b1'),
);
const timestamp = fc.oneof(
  {
    arbitrary: fc
      .date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true })
      .map((d) => d.toISOString()),
    weight: 6,
  },
  fc.date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true }).map((d) => d.toISOString()),
  fc.constantFrom(
    '2026-11-21T10:00:00Z',
    '2026-11-21T10:00:00+03:00',
    '2026-02-29T10:00:00Z',
    '2026-11-21 10:00:00',
    '2026-11-21',
  ),
  fc.string(),
);
const tracking = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 4 },
  fc.record(
    { utm_source: maybe(fc.oneof(fc.string(), fc.constant(null), fc.integer())), other: maybe(anyValue) },
    { requiredKeys: [] },
  ),
  anyValue,
);
const body = fc.record(
  {
    event: mostly(fc.constantFrom('transaction.completed', 'cashout.failed', 'x.new', '')),
    timestamp: mostly(timestamp),
    data: mostly(
      fc.record(
        {
          id: fc.oneof(
            { arbitrary: fc.integer(), weight: 8 },
            fc.double(),
            fc.constant(2 ** 53),
            fc.string(),
          ),
          referenceId: mostly(guidish),
          status: mostly(fc.constantFrom('COMPLETED', 'NEW_STATUS')),
          type: mostly(fc.constantFrom('CASHIN', 'CASHOUT')),
          trackingParameters: tracking,
          transactionId: mostly(guidish),
          amount: mostly(fc.double()),
          extra: anyValue,
        },
        { requiredKeys: ['id', 'referenceId', 'status', 'type'] },
      ),
    ),
  },
  { requiredKeys: ['event', 'timestamp', 'data'] },
);

/** The property: whatever the fast path accepts, zod accepts and returns unchanged. */
function agreesWithZod(schema: z.ZodMiniType, arbitrary: fc.Arbitrary<unknown>, minAccepted: number) {
  let accepted = 0;
  fc.assert(
    fc.property(arbitrary, (input) => {
      // JSON round trip: the fast path only ever sees what JSON.parse makes.
      const json = JSON.parse(JSON.stringify(input) ?? 'null');
      if (!isPlainlyValid(schema, json)) return;
      accepted += 1;
      const outcome = safeParseWith(schema, json);
      expect(outcome.success).toBe(true);
      expect(outcome.success && outcome.data).toEqual(json);
    }),
    { numRuns: 4000 },
  );
  // The generator reaches the accepting branch often enough for the property to mean something.
  expect(accepted).toBeGreaterThan(minAccepted);
}

const recordArb = fc
  .record(
    {
      base: fc.constantFrom(transactionRecord, chargeRecord),
      drop: fc.subarray(Object.keys(transactionRecord), { maxLength: 2 }),
      change: fc.dictionary(
        fc.constantFrom(...Object.keys(transactionRecord), 'extra'),
        mostly(fc.oneof(timestamp, guidish, fc.double())),
      ),
      changeSome: fc.boolean(),
    },
    { requiredKeys: ['base', 'drop', 'change', 'changeSome'] },
  )
  .map(({ base, drop, change, changeSome }) => {
    const record: Record<string, unknown> = { ...base, ...(changeSome ? change : {}) };
    if (changeSome) for (const key of drop) delete record[key];
    return record;
  });

describe('the fast path of parsing (isPlainlyValid)', () => {
  it('for webhook bodies, accepts only what the schema accepts, and zod gives the same value', () => {
    agreesWithZod(WebhookEventBody, body, 20);
  });

  it('for transaction records, likewise', () => {
    agreesWithZod(Transaction, recordArb, 100);
  });

  it('leaves a missing field with a default, an unknown key of a strict or plain object, and unsupported schemas to zod', () => {
    const { receiptUrl: _, ...missing } = transactionRecord;
    expect(isPlainlyValid(Transaction, transactionRecord)).toBe(true);
    expect(isPlainlyValid(Transaction, missing)).toBe(false);
    expect(isPlainlyValid(z.strictObject({ a: z.string() }), { a: 'x', b: 1 })).toBe(false);
    expect(isPlainlyValid(z.object({ a: z.string() }), { a: 'x', b: 1 })).toBe(false);
    expect(isPlainlyValid(z.looseObject({ a: z.string() }), { a: 'x', b: 1 })).toBe(true);
    expect(isPlainlyValid(z.string().check(z.minLength(3)), 'x')).toBe(false);
    expect(isPlainlyValid(z.email(), 'a@b.co')).toBe(false);
    expect(
      isPlainlyValid(
        z.pipe(
          z.string(),
          z.transform((v) => v.length),
        ),
        'x',
      ),
    ).toBe(false);
    expect(isPlainlyValid(z.union([z.string(), z.pipe(z.number(), z.transform(String))]), 'x')).toBe(false);
  });

  it('for regex, length and number checks, agrees with zod on any input', () => {
    const schema = z.strictObject({
      id: z.string().check(z.regex(/^[1-9]\d*$/)),
      count: z.optional(z.int().check(z.gte(1), z.lt(1000))),
      name: z.optional(z.string().check(z.minLength(2), z.maxLength(4))),
      tags: z.optional(z.array(z.enum(['a', 'b'])).check(z.maxLength(2))),
    });
    const input = fc.record(
      {
        id: fc.oneof(fc.stringMatching(/^\d{1,3}$/), fc.integer(), fc.string()),
        count: fc.oneof(fc.integer({ min: -5, max: 1005 }), fc.double(), fc.string()),
        name: fc.string({ maxLength: 6 }),
        tags: fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 3 }),
      },
      { requiredKeys: ['id'] },
    );
    agreesWithZod(schema, input, 100);
  });
});
