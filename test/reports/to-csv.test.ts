import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, ReportRecordError, toCsv } from '../../src/reports/index.js';
import { TRACKING_PARAMETER_KEYS } from '../../src/schemas/tracking.js';
import { Transaction } from '../../src/schemas/transaction.js';
import { collect, counted, parseCsv } from './csv.js';
import { charge } from './records.js';

const csvOf = async (...args: Parameters<typeof toCsv>) => (await collect(toCsv(...args))).join('');

describe('toCsv', () => {
  it('writes a header of the default columns first, then one CRLF-ended line per record', async () => {
    const lines = await collect(toCsv([charge(), charge({ status: 'PENDING' })]));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(`${CSV_COLUMNS.join(',')}\r\n`);
    expect(lines[0]).toMatch(/^transactionId,id,type,status,amount,feeAmount,finalAmount,createdAt,/);
  });

  it('has a default column for every documented field, trackingParameters as its five utm_* keys', () => {
    const fields = Object.keys(Transaction.shape).filter((field) => field !== 'trackingParameters');
    expect([...CSV_COLUMNS].sort()).toEqual([...fields, ...TRACKING_PARAMETER_KEYS].sort());
  });

  it('writes money with two decimals, a negative one as a plain number, and null as an empty cell', async () => {
    const csv = await csvOf([charge({ amount: 19.9, feeAmount: 5, finalAmount: -5, productName: null })], {
      columns: ['amount', 'feeAmount', 'finalAmount', 'productName', 'id'],
    });
    expect(csv).toBe('amount,feeAmount,finalAmount,productName,id\r\n19.90,5.00,-5.00,,42\r\n');
  });

  it('quotes a field holding a comma, a quote, CR or LF, doubling the quotes', async () => {
    const description = 'Caneca "Pão de Açúcar", 2 un.\r\nentrega\rrápida\n💸';
    const csv = await csvOf([charge({ description })], { columns: ['status', 'description'] });
    expect(csv).toBe(
      `status,description\r\nCOMPLETED,"Caneca ""Pão de Açúcar"", 2 un.\r\nentrega\rrápida\n💸"\r\n`,
    );
    expect(parseCsv(csv)).toEqual([
      ['status', 'description'],
      ['COMPLETED', description],
    ]);
  });

  it('writes the picked columns in the order given, flattening trackingParameters', async () => {
    const csv = await csvOf(
      [charge({ trackingParameters: { utm_campaign: 'black-friday', utm_term: null } })],
      {
        columns: ['utm_campaign', 'utm_term', 'utm_source', 'transactionId'],
      },
    );
    expect(parseCsv(csv)).toEqual([
      ['utm_campaign', 'utm_term', 'utm_source', 'transactionId'],
      ['black-friday', '', '', '9d3b2c1a-5e6f-4a7b-8c9d-0e1f2a3b4c5d'],
    ]);
  });

  describe('formula escaping (CSV injection)', () => {
    it.each([
      [
        '=HYPERLINK("http://evil.example","pague aqui")',
        `"'=HYPERLINK(""http://evil.example"",""pague aqui"")"`,
      ],
      ['+cmd|/C calc!A0', "'+cmd|/C calc!A0"],
      ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
      ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
      ['\t=1+1', "'\t=1+1"],
      ['-5.00', '-5.00'],
      ['+5511999999999', '+5511999999999'],
      ['Pedido =1234', 'Pedido =1234'],
    ])('writes the description %j as %s', async (description, cell) => {
      expect(await csvOf([charge({ description })], { columns: ['description'] })).toBe(
        `description\r\n${cell}\r\n`,
      );
    });

    it('writes text as it is with escapeFormulae: false', async () => {
      const csv = await csvOf([charge({ description: '=1+1' })], {
        columns: ['description'],
        escapeFormulae: false,
      });
      expect(csv).toBe('description\r\n=1+1\r\n');
    });
  });

  describe('streaming', () => {
    it('reads one record per line it yields, so an endless list can be cut at any line', async () => {
      const { source, state } = counted((i) => charge({ id: i }));
      const lines = toCsv(source, { columns: ['id'] });
      const seen: string[] = [];
      for await (const line of lines) {
        seen.push(line);
        expect(state.pulled).toBe(seen.length - 1);
        if (seen.length === 4) break;
      }
      expect(seen).toEqual(['id\r\n', '0\r\n', '1\r\n', '2\r\n']);
      expect(state.closed).toBe(true);
    });

    it('reads nothing until the first line is asked for', () => {
      const { source, state } = counted(() => charge());
      toCsv(source);
      expect(state.pulled).toBe(0);
    });
  });

  describe('errors', () => {
    it.each([
      [{ columns: ['transactionId', 'amout'] }, 'unknown column "amout": columns are transactionId, id,'],
      [{ columns: ['trackingParameters'] }, 'unknown column "trackingParameters"'],
      [{ columns: ['id', 'id'] }, 'column "id" is listed twice'],
      [{ columns: [] }, 'columns must be a non-empty array'],
      [{ columns: 'id' }, 'columns must be a non-empty array'],
      [{ escapeFormulae: 'no' }, 'escapeFormulae must be a boolean, got string'],
      [null, 'toCsv options must be an object, got null'],
    ])('throws a TypeError at call time for options %j', (options, message) => {
      expect(() => toCsv([charge()], options as never)).toThrow(TypeError);
      expect(() => toCsv([charge()], options as never)).toThrow(message);
    });

    it('throws a TypeError at call time when records are not iterable', () => {
      expect(() => toCsv('CASHIN' as never)).toThrow(/^toCsv takes an iterable or async iterable of records/);
      expect(() => toCsv(undefined as never)).toThrow(TypeError);
    });

    it('names the record and field of money it cannot write, after yielding the lines before it', async () => {
      const bad = charge({ transactionId: '11111111-2222-4333-8444-555555555555', amount: 10.005 });
      const lines: string[] = [];
      const error = await (async () => {
        for await (const line of toCsv([charge(), bad], { columns: ['amount'] })) lines.push(line);
      })().catch((e: unknown) => e);
      expect(lines).toEqual(['amount\r\n', '19.90\r\n']);
      expect(error).toBeInstanceOf(ReportRecordError);
      expect(error).toMatchObject({
        index: 1,
        field: 'amount',
        transactionId: bad.transactionId,
        value: 10.005,
      });
    });

    it('does not read money it does not write', async () => {
      const odd = { ...charge(), amount: 'n/a' } as unknown as ReturnType<typeof charge>;
      expect(await csvOf([odd], { columns: ['transactionId'] })).toBe(
        'transactionId\r\n9d3b2c1a-5e6f-4a7b-8c9d-0e1f2a3b4c5d\r\n',
      );
    });

    it('rejects an unknown column at compile time too', () => {
      // @ts-expect-error 'amout' is not a column
      expect(() => toCsv([], { columns: ['amout'] })).toThrow(TypeError);
    });
  });
});
