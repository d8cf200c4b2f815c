import { describe, expect, it } from 'vitest';
import { AmountError } from '../../src/pix/money.js';
import { ReportRecordError, summarize } from '../../src/reports/index.js';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../../src/schemas/enums.js';
import { charge } from './records.js';

describe('summarize', () => {
  it('counts 0.1 + 0.2 as exactly 30 cents', async () => {
    const { rows } = await summarize([
      charge({ amount: 0.1, feeAmount: 0, finalAmount: 0.1 }),
      charge({ amount: 0.2, feeAmount: 0, finalAmount: 0.2 }),
    ]);
    expect(rows).toEqual([
      { type: 'CASHIN', status: 'COMPLETED', count: 2, grossCents: 30, feeCents: 0, netCents: 30 },
    ]);
  });

  it('gives one row per type and status present, known values in their documented order, unknown ones after', async () => {
    const records = [
      ['REFUND', 'COMPLETED'],
      ['CASHOUT', 'FAILED'],
      ['CASHIN', 'ON_HOLD'],
      ['CASHIN', 'COMPLETED'],
      ['CASHOUT', 'PENDING'],
      ['ADJUSTMENT', 'PENDING'],
      ['CASHIN', 'PENDING'],
      ['CASHIN', 'COMPLETED'],
      ['INFRACTION', 'CHARGEBACK'],
      ['CASHIN', 'EXPIRED'],
    ].map(([type = '', status = '']) => charge({ type, status }));
    const { rows } = await summarize(records);
    expect(rows.map((row) => `${row.type} ${row.status} ${row.count}`)).toEqual([
      'CASHIN PENDING 1',
      'CASHIN COMPLETED 2',
      'CASHIN EXPIRED 1',
      'CASHIN ON_HOLD 1',
      'CASHOUT PENDING 1',
      'CASHOUT FAILED 1',
      'INFRACTION CHARGEBACK 1',
      'ADJUSTMENT PENDING 1',
      'REFUND COMPLETED 1',
    ]);
  });

  it('resolves to no rows for no records', async () => {
    expect(await summarize([])).toEqual({ rows: [] });
  });

  it('reads a paginated list the way client.transactions.list() yields it (async iterable)', async () => {
    const pages = [[charge()], [charge({ status: 'PENDING' }), charge()]];
    const list = {
      async *[Symbol.asyncIterator]() {
        for (const page of pages) yield* page;
      },
    };
    const { rows } = await summarize(list);
    expect(rows.map((row) => [row.status, row.count, row.grossCents])).toEqual([
      ['PENDING', 1, 1990],
      ['COMPLETED', 2, 3980],
    ]);
  });

  describe('a record it cannot count', () => {
    it('rejects a fee with a third decimal, naming the record, its transactionId and the field', async () => {
      const bad = charge({ transactionId: '11111111-2222-4333-8444-555555555555', feeAmount: 0.001 });
      const error = await summarize([charge(), bad]).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ReportRecordError);
      expect(error).toMatchObject({
        index: 1,
        transactionId: '11111111-2222-4333-8444-555555555555',
        field: 'feeAmount',
        value: 0.001,
      });
      expect((error as Error).message).toBe(
        'record 1 (transactionId 11111111-2222-4333-8444-555555555555): feeAmount cannot be counted in cents: amount must have at most two decimals, got 0.001',
      );
      expect((error as Error).cause).toBeInstanceOf(AmountError);
    });

    it('rejects money sent as a string, saying it is a string', async () => {
      const bad = { ...charge(), amount: '19.90' } as unknown as ReturnType<typeof charge>;
      await expect(summarize([bad])).rejects.toThrow(
        /^record 0 \(transactionId [0-9a-f-]{36}\): amount must be a number of reais such as 19\.9, got the string "19\.90"$/,
      );
    });

    it.each([
      ['NaN', Number.NaN],
      ['Infinity', Number.POSITIVE_INFINITY],
      ['null', null],
      ['undefined', undefined],
    ])('rejects finalAmount %s', async (_, value) => {
      const bad = { ...charge(), finalAmount: value } as unknown as ReturnType<typeof charge>;
      await expect(summarize([bad])).rejects.toMatchObject({
        name: 'ReportRecordError',
        field: 'finalAmount',
      });
    });

    it('names the legacy id when the record has no transactionId', async () => {
      await expect(summarize([charge({ transactionId: null, id: 7, amount: 1e13 })])).rejects.toThrow(
        'record 0 (id 7, no transactionId): amount cannot be counted in cents',
      );
    });

    it('rejects a record without a type or status', async () => {
      const noType = { ...charge(), type: undefined } as unknown as ReturnType<typeof charge>;
      await expect(summarize([noType])).rejects.toMatchObject({ field: 'type', index: 0 });
      await expect(summarize([charge({ status: '' })])).rejects.toThrow('status must be a non-empty string');
    });

    it('rejects an item that is not an object', async () => {
      await expect(summarize([charge(), null] as never)).rejects.toThrow(
        new ReportRecordError('record 1: is not an object: got null', {
          index: 1,
          transactionId: undefined,
          field: undefined,
          value: null,
        }),
      );
    });
  });

  it('rejects a sum that cents cannot hold exactly', async () => {
    // Each is just under the 1e13 reais toCents takes; ten pass 2^53 cents.
    const huge = charge({ amount: 9_999_999_999_999.99, feeAmount: 0, finalAmount: 0 });
    await expect(summarize(Array.from({ length: 10 }, () => huge))).rejects.toThrow(
      'the sum of amount of CASHIN COMPLETED is too large to count in cents exactly',
    );
  });

  it.each([
    ['a string', 'CASHIN'],
    ['null', null],
    ['a plain object', { length: 1 }],
  ])('rejects %s in place of records with a TypeError', async (_, records) => {
    await expect(summarize(records as never)).rejects.toThrow(
      /^summarize takes an iterable or async iterable of records/,
    );
  });
});

describe('summarize row order', () => {
  it('follows the schema: every type in TRANSACTION_TYPES order, every status in TRANSACTION_STATUSES order', async () => {
    const pairs = TRANSACTION_TYPES.flatMap((type) =>
      TRANSACTION_STATUSES.map((status) => ({ type, status })),
    );
    const { rows } = await summarize([...pairs].reverse().map((pair) => charge(pair)));
    expect(rows.map(({ type, status }) => ({ type, status }))).toEqual(pairs);
  });
});
