/** toCsv writes RFC 4180 that a CSV library reads back to the same values. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, toCsv } from '../../src/reports/index.js';
import { collect, parseCsv } from './csv.js';
import { centedRecord, charge, fromAsyncGenerator, fromGenerator, payerText } from './records.js';

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
const money = (cents: number) => (cents < 0 ? '-' : '') + (Math.abs(cents) / 100).toFixed(2);

const exported = fc.array(
  fc.record({
    drawn: centedRecord,
    description: fc.option(payerText),
    clientName: payerText,
    campaign: fc.option(payerText),
  }),
  { maxLength: 25 },
);

describe('toCsv (properties)', () => {
  it('reads back to the same values: text byte for byte, money with two decimals, null as empty', async () => {
    await fc.assert(
      fc.asyncProperty(
        exported,
        fc.constantFrom('array', 'generator', 'async generator'),
        async (rows, from) => {
          const records = rows.map(({ drawn, description, clientName, campaign }) => ({
            ...drawn.record,
            description,
            clientName,
            trackingParameters: { utm_campaign: campaign },
          }));
          const source =
            from === 'array'
              ? records
              : from === 'generator'
                ? fromGenerator(records)
                : fromAsyncGenerator(records);
          const lines = await collect(toCsv(source, { escapeFormulae: false }));
          expect(lines).toHaveLength(records.length + 1);
          for (const line of lines) expect(line.endsWith('\r\n')).toBe(true);
          const [header, ...body] = parseCsv(lines.join(''));
          expect(header).toEqual([...CSV_COLUMNS]);
          expect(body).toHaveLength(rows.length);
          body.forEach((fields, i) => {
            const { drawn, description, clientName, campaign } = rows[i] as (typeof rows)[number];
            const cell = (column: string) => fields[header?.indexOf(column) ?? -1];
            expect(cell('description')).toBe(description ?? '');
            expect(cell('clientName')).toBe(clientName);
            expect(cell('utm_campaign')).toBe(campaign ?? '');
            expect(cell('amount')).toBe(money(drawn.gross));
            expect(cell('feeAmount')).toBe(money(drawn.fee));
            expect(cell('finalAmount')).toBe(money(drawn.net));
            expect(cell('id')).toBe(String(drawn.record.id));
            expect(cell('transactionId')).toBe(drawn.record.transactionId);
            expect(cell('productName')).toBe('');
          });
        },
      ),
      { numRuns: 150 },
    );
  });

  it('defuses every text a spreadsheet would run, and changes nothing else', async () => {
    await fc.assert(
      fc.asyncProperty(payerText, async (description) => {
        const records = [charge({ description })];
        const [, fields] = parseCsv((await collect(toCsv(records, { columns: ['description'] }))).join(''));
        const written = fields?.[0];
        const dangerous = FORMULA_START.test(description) && !PLAIN_NUMBER.test(description);
        expect(written).toBe(dangerous ? `'${description}` : description);
        expect(FORMULA_START.test(written ?? '') && !PLAIN_NUMBER.test(written ?? '')).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
