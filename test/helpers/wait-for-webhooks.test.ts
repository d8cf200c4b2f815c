/** End to end: the mock's real signed deliveries, a receiver publishing to a hub, and a wait it wakes. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createNodeWebhookHandler, PaymentsClient, WebhookHub } from '../../src/index.js';
import { type MockServer, startMockServer } from '../../src/mock-entry.js';

let mock: MockServer;
const hub = new WebhookHub();
let handler: ReturnType<typeof createNodeWebhookHandler> | undefined;
const receiver = createServer((req, res) => void handler?.(req, res));

beforeAll(async () => {
  mock = await startMockServer();
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  receiver.close();
  await mock.close();
});

it('a charge paid while waiting: the webhook ends the wait before its next poll', async () => {
  const client = new PaymentsClient({
    secretKey: mock.service.secretKey,
    baseUrl: mock.url,
    userToken: () => mock.service.issueUserToken(),
    logLevel: 'off',
  });
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/pix`;
  const { secret } = await client.webhooks.create({ url, events: ['transaction.completed'] });
  handler = createNodeWebhookHandler({ secret, onEvent: () => {}, hub });
  const charge = await client.transactions.create({ amount: 19.9 });
  const started = performance.now();
  const wait = client.transactions.waitFor(charge.transactionId, { hub, until: ['COMPLETED'] });
  setTimeout(() => mock.service.simulate.payCharge(charge.transactionId), 100);
  await expect(wait).resolves.toMatchObject({ status: 'COMPLETED' });
  // The first poll is at once, the next would be 1 s later: the webhook came first.
  expect(performance.now() - started).toBeLessThan(900);
});
