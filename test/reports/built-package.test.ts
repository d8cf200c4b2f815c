/** pix-payments/reports as a merchant's project loads it: the built package, on Node 20. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeConsumer, NODE20, run } from '../package/consumer.js';

const script = `
  const records = [
    { transactionId: 'a', type: 'CASHIN', status: 'COMPLETED', amount: 0.1, feeAmount: 0, finalAmount: 0.1, description: 'Pão, "doce"' },
    { transactionId: 'b', type: 'CASHIN', status: 'COMPLETED', amount: 0.2, feeAmount: 0, finalAmount: 0.2, description: '=1+1' },
  ];
  const { rows } = await reports.summarize(records);
  let csv = '';
  for await (const line of reports.toCsv(records, { columns: ['transactionId', 'amount', 'description'] })) csv += line;
  let rejected = '';
  try { reports.toCsv(records, { columns: ['nope'] }); } catch (error) { rejected = error.name; }
  console.log(JSON.stringify({ version: process.version, rows, csv, rejected }));
`;

describe('the built pix-payments/reports', () => {
  it.each([
    ['ESM', 'esm.mjs', `import * as reports from 'pix-payments/reports';\n${script}`],
    ['CommonJS', 'cjs.cjs', `const reports = require('pix-payments/reports');\n(async () => {${script}})();`],
  ])('runs as %s under Node 20', (_, file, source) => {
    const out = JSON.parse(run(NODE20, [file], makeConsumer({ [file]: source })));
    expect(out).toEqual({
      version: expect.stringMatching(/^v20\./),
      rows: [{ type: 'CASHIN', status: 'COMPLETED', count: 2, grossCents: 30, feeCents: 0, netCents: 30 }],
      csv: 'transactionId,amount,description\r\na,0.10,"Pão, ""doce"""\r\nb,0.20,\'=1+1\r\n',
      rejected: 'TypeError',
    });
  });

  it('loads two small files: no dependency (not even zod), no HTTP client, no mock', () => {
    const dir = makeConsumer({
      'loaded.cjs': `require('pix-payments/reports');
        console.log(JSON.stringify(Object.keys(require.cache).filter((file) => file !== __filename)));`,
    });
    const loaded: string[] = JSON.parse(run(NODE20, ['loaded.cjs'], dir));
    expect(loaded[0]).toMatch(/\/dist\/reports\.cjs$/);
    expect(loaded.filter((file) => file.includes('node_modules'))).toEqual([]);
    for (const file of loaded) {
      expect(readFileSync(file, 'utf8'), file).not.toMatch(/HTTPError|PaymentsClient|msw|jwtVerify/);
    }
  });
});
