/** summarize adds up exactly: its rows equal sums of whole cents made record by record. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type RecordSource, type SummaryRow, summarize } from '../../src/reports/index.js';
import type { Transaction } from '../../src/schemas/index.js';
import { centedRecord, fromAsyncGenerator, fromGenerator } from './records.js';

type Drawn = { record: { type: string; status: string }; gross: number; fee: number; net: number };

/** The oracle: one entry per type and status, summed from the integers the amounts came from. */
function expectedRows(drawn: readonly Drawn[]): Map<string, Omit<SummaryRow, 'type' | 'status'>> {
  const rows = new Map<string, Omit<SummaryRow, 'type' | 'status'>>();
  for (const { record, gross, fee, net } of drawn) {
    const key = `${record.type}/${record.status}`;
    const row = rows.get(key) ?? { count: 0, grossCents: 0, feeCents: 0, netCents: 0 };
    rows.set(key, {
      count: row.count + 1,
      grossCents: row.grossCents + gross,
      feeCents: row.feeCents + fee,
      netCents: row.netCents + net,
    });
  }
  return rows;
}

const sources: Record<string, (records: readonly Transaction[]) => RecordSource<Transaction>> = {
  array: (records) => records,
  'sync generator': fromGenerator,
  'async generator': fromAsyncGenerator,
};

describe('summarize (properties)', () => {
  for (const [name, from] of Object.entries(sources)) {
    it(`sums equal record-by-record sums in cents, from an ${name}`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(centedRecord, { maxLength: 60 }), async (drawn) => {
          const { rows } = await summarize(from(drawn.map((d) => d.record)));
          const expected = expectedRows(drawn);
          expect(rows).toHaveLength(expected.size);
          for (const { type, status, ...sums } of rows) {
            expect(sums).toEqual(expected.get(`${type}/${status}`));
            for (const value of Object.values(sums)) expect(Number.isSafeInteger(value)).toBe(true);
          }
        }),
        { numRuns: name === 'async generator' ? 40 : 150 },
      );
    });
  }

  it('gives the same rows in the same order whatever the order of the records', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .array(centedRecord, { maxLength: 40 })
          .chain((drawn) =>
            fc.tuple(fc.constant(drawn), fc.shuffledSubarray(drawn, { minLength: drawn.length })),
          ),
        async ([drawn, shuffled]) => {
          const first = await summarize(drawn.map((d) => d.record));
          const second = await summarize(shuffled.map((d) => d.record));
          expect(second).toEqual(first);
        },
      ),
    );
  });
});
