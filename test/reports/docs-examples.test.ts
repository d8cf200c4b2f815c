/**
 * The examples of pix-payments/reports in docs/helpers.md, run as written against the mock server, from a
 * project that installed the built package (Node >= 22.12, for the mock and type stripping).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentsClient } from '../../src/index.js';
import { type MockServer, startMockServer } from '../../src/mock-entry.js';
import { makeConsumer, ROOT, runAsync } from '../package/consumer.js';
import { parseCsv } from './csv.js';

/** The ```ts blocks of the docs/helpers.md section "Reports (`pix-payments/reports`)". */
function docsExamples(): string[] {
  const guide = readFileSync(join(ROOT, 'docs/helpers.md'), 'utf8');
  const section = guide.split(/^## /m).find((part) => part.startsWith('Reports (`pix-payments/reports`)'));
  if (section === undefined)
    throw new Error('docs/helpers.md has no "Reports (`pix-payments/reports`)" section');
  return [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] as string);
}

let server: MockServer;
let env: Record<string, string>;

beforeAll(async () => {
  server = await startMockServer();
  env = { PIX_PAYMENTS_SECRET_KEY: server.service.secretKey, PIX_PAYMENTS_BASE_URL: server.url };
  const client = new PaymentsClient({ secretKey: env.PIX_PAYMENTS_SECRET_KEY, baseUrl: server.url });
  const charges = [];
  for (const description of [
    'Pedido 1, "Pão de Açúcar"',
    '=HYPERLINK("http://evil.example")',
    'Pedido 3\nentrega',
  ]) {
    charges.push(await client.transactions.create({ amount: 19.9, description }));
  }
  for (const charge of charges.slice(0, 2)) server.service.simulate.payCharge(charge.transactionId as string);
  await client.cashouts.create({ amount: 150, pixKey: 'ana@example.com', pixKeyType: 'EMAIL' });
});
afterAll(() => server?.close());

describe('the docs examples of pix-payments/reports', () => {
  it('has two, one per function', () => {
    expect(docsExamples()).toHaveLength(2);
  });

  it('summarize prints one line per type and status, money with two decimals', async () => {
    const [example] = docsExamples();
    const dir = makeConsumer({ 'summarize.mts': example as string });
    const out = await runAsync(process.execPath, ['summarize.mts'], dir, env);
    expect(out.trim().split('\n')).toEqual([
      'CASHIN PENDING 1 19.90 19.90',
      'CASHIN COMPLETED 2 39.80 39.80',
      expect.stringMatching(/^CASHOUT (PENDING|PROCESSING|COMPLETED) 1 150\.00 145\.00$/),
    ]);
  });

  it('toCsv writes transactions.csv, which reads back to the records', async () => {
    const [, example] = docsExamples();
    const dir = makeConsumer({ 'export.mts': example as string });
    await runAsync(process.execPath, ['export.mts'], dir, env);
    const [header, ...rows] = parseCsv(readFileSync(join(dir, 'transactions.csv'), 'utf8'));
    expect(header).toEqual([
      'transactionId',
      'type',
      'status',
      'amount',
      'feeAmount',
      'finalAmount',
      'description',
      'utm_campaign',
    ]);
    // Sorted as strings: the defused description's leading ' sorts before the others.
    expect(rows.map((row) => row.slice(1, 7)).sort()).toEqual([
      ['CASHIN', 'COMPLETED', '19.90', '0.00', '19.90', `'=HYPERLINK("http://evil.example")`],
      ['CASHIN', 'COMPLETED', '19.90', '0.00', '19.90', 'Pedido 1, "Pão de Açúcar"'],
      ['CASHIN', 'PENDING', '19.90', '0.00', '19.90', 'Pedido 3\nentrega'],
      ['CASHOUT', expect.any(String), '150.00', '5.00', '145.00', ''],
    ]);
  });
});
