import ky from 'ky';
import * as z from 'zod/mini';
import { PaymentsClient, safeParseWith, Transaction } from '../src/index.js';

const rec = {
  id: 7,
  transactionId: '9d3b2c1a-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  status: 'COMPLETED',
  type: 'CASHOUT',
  source: 'api',
  origin: 'API',
  amount: 100,
  feeAmount: 5,
  finalAmount: 95,
  description: null,
  productName: null,
  trackingParameters: {},
  pixCode: null,
  pixKeyType: 'CPF',
  pixKey: '52998224725',
  clientName: null,
  clientEmail: null,
  clientPhone: null,
  clientCpf: null,
  externalId: 'x',
  endToEndId: null,
  receiptUrl: null,
  transactionDate: '2026-11-21T10:00:00.000Z',
  paidAt: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
};
const text = JSON.stringify(rec);
async function t(name: string, f: () => unknown, n = 20000) {
  for (let i = 0; i < 2000; i++) await f();
  const s = performance.now();
  for (let i = 0; i < n; i++) await f();
  console.log(name.padEnd(40), (((performance.now() - s) / n) * 1000).toFixed(1), 'µs');
}
await t('zod Transaction safeParse', () => safeParseWith(Transaction, rec));
await t('JSON.parse', () => JSON.parse(text));
const fakeFetch = async () =>
  new Response(text, { status: 200, headers: { 'content-type': 'application/json' } });
await t('fake fetch + text', async () => (await fakeFetch()).text());
const k = ky.create({ retry: 0, throwHttpErrors: false, fetch: fakeFetch });
await t('ky (timeout default) + text', async () =>
  (await k('https://x.test/v1/a', { headers: { a: 'b' } })).text(),
);
await t('ky timeout:false + text', async () =>
  (await k('https://x.test/v1/a', { headers: { a: 'b' }, timeout: false })).text(),
);
const client = new PaymentsClient({
  secretKey: `sk_live_prod_${'a'.repeat(32)}`,
  baseUrl: 'https://x.test',
  fetch: fakeFetch as typeof fetch,
});
await t('client.cashouts.retrieve', () => client.cashouts.retrieve(7));
await t('client.balance.retrieve (bad schema ok)', () => client.balance.retrieve().catch(() => 0));
