import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PaymentsClient } from '../src/index.js';

const body = JSON.stringify({
  id: 7,
  transactionId: '9d3b2c1a-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  status: 'COMPLETED',
  type: 'CASHOUT',
  source: 'api',
  origin: 'API',
  amount: 100,
  feeAmount: 5,
  finalAmount: 95,
  trackingParameters: {},
  pixKeyType: 'CPF',
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  transactionDate: '2026-11-21T10:00:00.000Z',
});
const server = createServer((_q, r) => {
  r.writeHead(200, { 'content-type': 'application/json' });
  r.end(body);
});
await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const client = new PaymentsClient({ secretKey: `sk_live_prod_${'a'.repeat(32)}`, baseUrl: base });
const mode = process.argv[2];
const t0 = performance.now();
for (let i = 0; i < 5000; i++) {
  if (mode === 'raw') await (await fetch(`${base}/v1/integrations/cashout/7`)).json();
  else await client.cashouts.retrieve(7);
}
console.log(mode, (((performance.now() - t0) / 5000) * 1000).toFixed(0), 'µs/req');
server.close();
