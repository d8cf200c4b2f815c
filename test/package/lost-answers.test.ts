/**
 * A cut-off chunked 2xx body, for real, on Node 20 and on the Node running the suite: Node 20's
 * fetch hands the part that arrived over without an error, newer Node throws `terminated`. Both
 * must be retried with the same idempotency key, and the payout made once.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutRecord } from '../client/scripted-fetch.js';
import { makeConsumer, NODE20, runAsync } from './consumer.js';

const keys: string[] = [];
const server = createServer(async (request: IncomingMessage, response) => {
  let text = '';
  for await (const chunk of request) text += chunk;
  keys.push(JSON.parse(text).idempotencyKey);
  const body = JSON.stringify(payoutRecord);
  response.writeHead(201, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' });
  if (keys.length % 2 === 1) {
    // The first attempt of each call: half the body, then the connection drops.
    response.write(body.slice(0, body.length / 2));
    setTimeout(() => response.socket?.destroy(), 20);
  } else response.end(body);
});
let url = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const script = `
  const client = new pkg.PaymentsClient({ secretKey: 'sk_live_prod_${'a'.repeat(32)}', baseUrl: process.env.URL, logLevel: 'off' });
  const payout = await client.cashouts.create({ amount: 100, pixKey: '52998224725', pixKeyType: 'CPF' });
  console.log(JSON.stringify({ version: process.version, transactionId: payout.transactionId }));
`;

describe('a 2xx body cut off on the way', () => {
  it.each([
    ['Node 20', NODE20],
    ['this Node', process.execPath],
  ])('is retried with the same idempotency key on %s', async (_, node) => {
    const dir = makeConsumer({ 'cut.mjs': `import * as pkg from 'pix-payments';\n${script}` });
    keys.length = 0;
    const out = JSON.parse(await runAsync(node, ['cut.mjs'], dir, { URL: url }));
    expect(out.transactionId).toBe(payoutRecord.transactionId);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    if (node === NODE20) expect(out.version).toMatch(/^v20\./);
  });
});
