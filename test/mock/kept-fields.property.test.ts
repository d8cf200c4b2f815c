/**
 * The kept record and its wire form, read off the kinds of the record's fields
 * (src/schemas/record-kinds.ts): a field the wire record gains is kept by its kind (a column, its
 * DDL and its migration step), and the answer reads every field back from the kept record.
 */
import { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  keptByKind,
  newRecordDefaults,
  RECORD_FIELDS_SINCE,
  readByKind,
  StoredTransaction,
  toWireTransaction,
} from '../../src/mock/domain/records.js';
import { fromCents, toCents } from '../../src/pix/money.js';
import { fieldSteps } from '../../src/sandbox/state/migrations.js';
import { createTableSql, tableOf } from '../../src/sandbox/state/schema-columns.js';
import { TABLES } from '../../src/sandbox/state/state-schema.js';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../../src/schemas/enums.js';
import { IsoDateTime } from '../../src/schemas/formats.js';
import { Money } from '../../src/schemas/money.js';
import { type FieldKind, KIND_OF, type TransactionField } from '../../src/schemas/record-kinds.js';
import { Transaction } from '../../src/schemas/transaction.js';

const WIRE = Object.keys(Transaction.shape);

/** Fields a later version of the record might add, one of each kind that is kept by its kind. */
const ADDED = {
  addedAt: 'date',
  addedAmount: 'amount',
  addedNote: 'text',
  addedChannel: 'enum',
} as const;
const KINDS: Record<string, FieldKind> = { ...KIND_OF, ...ADDED };

describe('a field the wire record gains', () => {
  const today = keptByKind(WIRE, KIND_OF);
  const added = Object.fromEntries(
    Object.entries(keptByKind([...WIRE, ...Object.keys(ADDED)], KINDS)).filter(
      ([field]) => !(field in today),
    ),
  );
  const table = tableOf('records', z.object({ ...StoredTransaction.shape, ...added }), {
    key: 'id',
    unique: ['transactionId'],
  });

  it('is kept by its kind (money in cents), after the columns of today, which it leaves as they are', () => {
    // Those the wire record has already: kept fields, each with the version that added it.
    for (const [field, schema] of Object.entries(today)) {
      expect(StoredTransaction.shape[field as keyof typeof StoredTransaction.shape]).toBe(schema);
      expect(RECORD_FIELDS_SINCE[field as keyof typeof RECORD_FIELDS_SINCE], field).toBeGreaterThan(2);
    }
    expect(Object.keys(added)).toEqual(['addedAt', 'addedAmountCents', 'addedNote', 'addedChannel']);
    expect(table.fields).toEqual([...TABLES.records.fields, ...Object.keys(added)]);
    expect(Object.keys(added).map((field) => table.columns[field])).toEqual([
      'added_at TEXT',
      'added_amount_cents INTEGER CHECK (added_amount_cents >= 0)',
      'added_note TEXT',
      'added_channel TEXT',
    ]);
  });

  it('is a column the step of its version adds to a database of today, NULL in the rows it had', () => {
    const db = new DatabaseSync(':memory:');
    db.exec(createTableSql(TABLES.records));
    const since = Object.fromEntries(Object.keys(added).map((field) => [field, 3]));
    for (const step of fieldSteps(table, since, 3)) step.run(db, []);
    const columns = db
      .prepare('SELECT name, type, "notnull" AS required FROM pragma_table_info(?)')
      .all('records');
    expect(columns.slice(-4)).toEqual([
      { name: 'added_at', type: 'TEXT', required: 0 },
      { name: 'added_amount_cents', type: 'INTEGER', required: 0 },
      { name: 'added_note', type: 'TEXT', required: 0 },
      { name: 'added_channel', type: 'TEXT', required: 0 },
    ]);
    db.close();
  });

  it('is read from a kept row strictly, as the kept record’s other fields are', () => {
    const schema = z.object(added);
    const row = {
      addedAt: '2026-11-21T10:05:00.000Z',
      addedAmountCents: 150,
      addedNote: 'x',
      addedChannel: 'PIX',
    };
    expect(z.parse(schema, row)).toEqual({ ...row, addedAt: new Date(row.addedAt) });
    const none = { addedAt: null, addedAmountCents: null, addedNote: null, addedChannel: null };
    expect(z.parse(schema, none)).toEqual(none);
    expect(z.safeParse(schema, { ...row, addedAt: '2026-11-21T10:05:00Z' }).success).toBe(false);
    expect(z.safeParse(schema, { ...row, addedAmountCents: 1.5 }).success).toBe(false);
  });

  it('of a kind without a kept form of its own (an id, attribution) needs its line in the kept schema', () => {
    for (const kind of ['id', 'legacy-id', 'tracking'] as const) {
      expect(() => keptByKind([...WIRE, 'otherId'], { ...KIND_OF, otherId: kind })).toThrow(
        `otherId: a field of kind ${kind} is kept by a line of its own`,
      );
    }
  });
});

const instant = fc.date({
  min: new Date('2000-01-01T00:00:00Z'),
  max: new Date('2999-12-31T23:59:59Z'),
  noInvalidDate: true,
});
/** Whole cents that answers carry exactly (below 1e13 reais). */
const cents = fc.integer({ min: 0, max: 1e15 - 1 });

describe('the answer reads a kept value by its kind', () => {
  it('a date: the same instant as ISO 8601 text, or null', () => {
    fc.assert(
      fc.property(fc.option(instant), (kept) => {
        const wire = readByKind('addedAt', 'date')({ addedAt: kept } as never);
        expect(z.safeParse(z.nullable(IsoDateTime), wire).success).toBe(true);
        expect(wire === null ? null : Date.parse(wire as string)).toBe(kept?.getTime() ?? null);
      }),
    );
  });

  it('an amount: its cents in reais, read back to the same cents, or null', () => {
    fc.assert(
      fc.property(fc.option(cents), (kept) => {
        const wire = readByKind('addedAmount', 'amount')({ addedAmountCents: kept } as never);
        expect(z.safeParse(z.nullable(Money), wire).success).toBe(true);
        expect(wire === null ? null : toCents(wire as number)).toBe(kept);
      }),
    );
  });

  it('text and enums as they are; attribution as a copy, {} for none', () => {
    fc.assert(
      fc.property(fc.option(fc.string()), (kept) => {
        expect(readByKind('addedNote', 'text')({ addedNote: kept } as never)).toBe(kept);
        expect(readByKind('addedChannel', 'enum')({ addedChannel: kept } as never)).toBe(kept);
      }),
    );
    const tracking = { utm_source: 'google' };
    const copy = readByKind('trackingParameters', 'tracking')({ trackingParameters: tracking } as never);
    expect(copy).toEqual(tracking);
    expect(copy).not.toBe(tracking);
    expect(readByKind('trackingParameters', 'tracking')({ trackingParameters: undefined } as never)).toEqual(
      {},
    );
  });
});

/** Kept records: a new one's defaults, with money, dates, status and some text drawn. */
const stored = fc
  .record({
    id: fc.integer({ min: 1, max: 1e9 }),
    createdAt: instant,
    later: fc.integer({ min: 0, max: 1e10 }),
    paidAt: fc.option(instant),
    amountCents: cents,
    fee: fc.double({ min: 0, max: 1, noNaN: true }),
    type: fc.constantFrom(...TRANSACTION_TYPES),
    status: fc.constantFrom(...TRANSACTION_STATUSES),
    description: fc.option(fc.string()),
    endToEndId: fc.option(fc.string()),
    trackingParameters: fc.option(fc.record({ utm_source: fc.string() }), { nil: undefined }),
  })
  .map(
    ({ id, createdAt, later, amountCents, fee, ...fields }): StoredTransaction => ({
      ...newRecordDefaults(id, 'merchant-1', createdAt),
      ...fields,
      externalId: `ref-${id}`,
      amountCents,
      feeCents: Math.floor(amountCents * fee),
      updatedAt: new Date(createdAt.getTime() + later),
    }),
  );

describe('toWireTransaction', () => {
  it('answers every field of the record, in its order, each read from the kept record', () => {
    fc.assert(
      fc.property(stored, (record) => {
        const wire = toWireTransaction(record) as Record<string, unknown>;
        expect(Object.keys(wire)).toEqual(WIRE);
        expect(z.safeParse(Transaction, wire).success).toBe(true);
        // The interface document's computed fields.
        expect(toCents(wire.amount as number)).toBe(record.amountCents);
        expect(toCents(wire.feeAmount as number)).toBe(record.feeCents);
        expect(toCents(wire.finalAmount as number)).toBe(record.amountCents - record.feeCents);
        expect(wire.transactionDate).toBe(record.createdAt.toISOString());
        // Every other field: its kept value, as its kind says.
        const kept = record as unknown as Record<string, unknown>;
        for (const field of WIRE.filter(
          (name) => !['amount', 'feeAmount', 'finalAmount', 'transactionDate'].includes(name),
        )) {
          const kind = KIND_OF[field as TransactionField];
          if (kind === 'date')
            expect(wire[field], field).toBe((kept[field] as Date | null)?.toISOString() ?? null);
          else if (kind === 'tracking') expect(wire[field], field).toEqual({ ...(kept[field] as object) });
          else if (kind === 'amount') {
            const cents = kept[`${field}Cents`] as number | null;
            expect(wire[field], field).toBe(cents === null ? null : fromCents(cents));
          } else expect(wire[field], field).toBe(kept[field]);
        }
      }),
    );
  });
});
