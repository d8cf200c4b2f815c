/**
 * Every answer shape the interface document allows, per endpoint: each nullable field null or
 * not, each "not shown" field present or absent, each date-time form, each envelope, money and
 * the legacy id as numbers or numeric strings. Lenient decoding never throws and keeps identity
 * and money exact.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { toCents } from '../../src/index.js';
import { KIND_OF, type TransactionField } from '../../src/schemas/record-kinds.js';
import { Transaction } from '../../src/schemas/transaction.js';
import { chargeRecord } from '../schemas/fixtures.js';
import { clientWith, json, payoutParams, payoutRecord } from './scripted-fetch.js';

// The record's fields by kind (src/schemas/record-kinds.ts), in the schema's order.
const FIELDS = Object.keys(Transaction.shape) as TransactionField[];
/** The text and date fields that take null. */
const NULLABLE = FIELDS.filter(
  (field) => ['text', 'date'].includes(KIND_OF[field]) && z.safeParse(Transaction.shape[field], null).success,
);
const DATES = FIELDS.filter((field) => KIND_OF[field] === 'date');
const MONEY = FIELDS.filter((field) => KIND_OF[field] === 'amount');
const silent = { debug() {}, info() {}, warn() {}, error() {} };

/** The same instant in the ISO 8601 forms a service may send. */
const dateForm = fc.constantFrom(
  '2026-11-21T10:00:00Z',
  '2026-11-21T10:00:00.000Z',
  '2026-11-21T10:00:00.123456Z',
  '2026-11-21T10:00:00',
  '2026-11-21T07:00:00-03:00',
  '2026-11-21T07:00:00-0300',
  '2026-11-21T10:00:00+00:00',
  '20261121T100000Z',
);
const moneyForm = (value: number | null) =>
  value === null ? fc.constant(null) : fc.constantFrom<unknown>(value, value.toFixed(2), String(value));

/** A record of the given base, varied as the document allows; `optional` fields may be absent. */
function variedRecord(base: Record<string, unknown>, optional: readonly string[] = []) {
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const field of NULLABLE) fields[field] = fc.constantFrom(base[field] ?? 'x', null);
  for (const field of DATES) fields[field] = fc.oneof(dateForm, fc.constant(null));
  for (const field of MONEY) fields[field] = moneyForm((base[field] ?? null) as number | null);
  fields.id = fc.constantFrom<unknown>(base.id, String(base.id));
  fields.trackingParameters = fc.constantFrom<unknown>(base.trackingParameters, {}, null);
  fields.pixKeyType = fc.constantFrom<unknown>(base.pixKeyType, null, 'NEW_TYPE');
  return fc
    .tuple(
      fc.record(fields),
      fc.subarray([...optional]),
      fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.jsonValue(), { maxKeys: 2 }),
    )
    .map(([values, absent, extra]) => {
      const record: Record<string, unknown> = { ...extra, ...base, ...values };
      for (const field of absent) delete record[field];
      return record;
    });
}

const one = (record: fc.Arbitrary<Record<string, unknown>>) =>
  fc
    .tuple(record, fc.boolean())
    .map(([value, wrapped]) => ({ record: value, body: wrapped ? { data: value } : value }));

const many = (record: fc.Arbitrary<Record<string, unknown>>) =>
  fc
    .tuple(fc.array(record, { minLength: 1, maxLength: 3 }), fc.constantFrom('meta', 'flat', 'bare', 'data'))
    .map(([records, envelope]) => {
      const meta = {
        current_page: 1,
        per_page: 15,
        total: records.length,
        last_page: 1,
        from: 1,
        to: records.length,
      };
      const body =
        envelope === 'bare'
          ? records
          : envelope === 'flat'
            ? { ...meta, data: records }
            : envelope === 'meta'
              ? { data: records, meta }
              : { data: records };
      return { records, body };
    });

function expectSame(got: Record<string, unknown>, sent: Record<string, unknown>) {
  expect(got.transactionId).toBe(sent.transactionId);
  for (const field of MONEY)
    if (sent[field] === null) expect(got[field], field).toBeNull();
    else if (field in sent) expect(toCents(got[field] as number)).toBe(toCents(Number(sent[field])));
}

const NOT_SHOWN_ON_CREATE = Object.keys(chargeRecord).filter(
  (field) => !['transactionId', 'status', 'pixCode'].includes(field),
);

describe('lenient decoding of every allowed answer', () => {
  it('create-transaction', async () => {
    await fc.assert(
      fc.asyncProperty(one(variedRecord(chargeRecord, NOT_SHOWN_ON_CREATE)), async ({ record, body }) => {
        record.pixCode = chargeRecord.pixCode;
        const { client } = clientWith([json(201, body)], { logger: silent });
        expectSame((await client.transactions.create({ amount: 19.9 })) as never, record);
      }),
      { numRuns: 60 },
    );
  });

  it.each([
    [
      'create-cashout',
      (c: ReturnType<typeof clientWith>['client']) => c.cashouts.create(payoutParams),
      ['_info'],
    ],
    ['cashout/{id}', (c: ReturnType<typeof clientWith>['client']) => c.cashouts.retrieve(7), []],
    ['approve-cashout', (c: ReturnType<typeof clientWith>['client']) => c.cashouts.approve({ id: 7 }), []],
    [
      'list-transactions?transactionId=',
      (c: ReturnType<typeof clientWith>['client']) => c.transactions.retrieve(payoutRecord.transactionId),
      [],
    ],
  ] as const)('%s', async (_, call, optional) => {
    await fc.assert(
      fc.asyncProperty(one(variedRecord(payoutRecord, optional)), async ({ record, body }) => {
        const { client } = clientWith([json(200, body)], { logger: silent });
        expectSame((await call(client)) as never, record);
      }),
      { numRuns: 60 },
    );
  });

  it.each([
    ['list-transactions', (c: ReturnType<typeof clientWith>['client']) => c.transactions.list()],
    ['cashout (list)', (c: ReturnType<typeof clientWith>['client']) => c.cashouts.list()],
  ])('%s', async (_, call) => {
    await fc.assert(
      fc.asyncProperty(many(variedRecord(payoutRecord)), async ({ records, body }) => {
        const { client } = clientWith([json(200, body)], { logger: silent });
        const page = await call(client);
        expect(page.data).toHaveLength(records.length);
        for (const [index, got] of page.data.entries()) {
          expectSame(got as never, records[index] as Record<string, unknown>);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('balance', async () => {
    const balance = fc.record({
      available: moneyForm(1234.5),
      pending: moneyForm(10),
      currency: fc.constantFrom<unknown>('BRL', null),
      updatedAt: dateForm,
    });
    await fc.assert(
      fc.asyncProperty(one(balance), async ({ record, body }) => {
        const { client } = clientWith([json(200, body)], { logger: silent });
        const got = await client.balance.retrieve();
        expect(toCents(got.available as number)).toBe(toCents(Number(record.available)));
        expect(toCents(got.pending as number)).toBe(toCents(Number(record.pending)));
      }),
      { numRuns: 40 },
    );
  });
});
