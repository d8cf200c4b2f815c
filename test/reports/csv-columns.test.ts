/**
 * The CSV columns are read off the kinds of the record's fields (src/schemas/record-kinds.ts):
 * their order, `trackingParameters` as the five UTM keys, and which cells are money.
 */
import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { cellReader } from '../../src/reports/csv-columns.js';
import { CSV_COLUMNS, type CsvColumn } from '../../src/reports/index.js';
import { KIND_OF, TRANSACTION_FIELD_KINDS, type TransactionField } from '../../src/schemas/record-kinds.js';
import { TRACKING_PARAMETER_KEYS } from '../../src/schemas/tracking.js';

describe('CSV_COLUMNS', () => {
  it('keeps its public type: the columns, in order, as a readonly tuple', () => {
    expectTypeOf(CSV_COLUMNS).toEqualTypeOf<
      readonly [
        'transactionId',
        'id',
        'type',
        'status',
        'amount',
        'feeAmount',
        'finalAmount',
        'createdAt',
        'updatedAt',
        'transactionDate',
        'paidAt',
        'externalId',
        'endToEndId',
        'description',
        'productName',
        'clientName',
        'clientEmail',
        'clientPhone',
        'clientCpf',
        'pixKeyType',
        'pixKey',
        'source',
        'origin',
        'receiptUrl',
        'pixCode',
        'utm_source',
        'utm_medium',
        'utm_campaign',
        'utm_content',
        'utm_term',
      ]
    >();
    expect(Object.isFrozen(CSV_COLUMNS)).toBe(true);
  });

  it('is each field of the kinds table in its order, trackingParameters as the five UTM keys', () => {
    const at = CSV_COLUMNS.indexOf('utm_source');
    const keys = TRACKING_PARAMETER_KEYS.length;
    expect([...CSV_COLUMNS.slice(0, at), ...CSV_COLUMNS.slice(at + keys)]).toEqual(
      TRANSACTION_FIELD_KINDS.filter(([, kind]) => kind !== 'tracking').map(([field]) => field),
    );
    expect(CSV_COLUMNS.slice(at, at + keys)).toEqual([...TRACKING_PARAMETER_KEYS]);
  });

  it('writes a cell as money (two decimals) exactly when its field is of kind amount', () => {
    const fields = CSV_COLUMNS.filter((column) => !column.startsWith('utm_'));
    fc.assert(
      fc.property(
        fc.constantFrom(...fields),
        fc.integer({ min: 0, max: 1e9 }).filter((cents) => cents % 100 !== 0 || cents === 0),
        (column: CsvColumn, cents) => {
          const cell = cellReader(column)({ [column]: cents / 100 }, 0);
          const money = KIND_OF[column as TransactionField] === 'amount';
          expect(cell, column).toBe(money ? (cents / 100).toFixed(2) : String(cents / 100));
        },
      ),
    );
  });
});
