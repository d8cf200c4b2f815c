/**
 * Receiving webhooks with plain node:http: the handler reads the raw body itself.
 * Run: npx tsx examples/webhook-node-http.ts
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createNodeWebhookHandler } from 'pix-payments/webhooks';
import { makeDeliveries, subscribe } from './receive.js';
import { connect } from './setup.js';

const connection = await connect();
let handle: ReturnType<typeof createNodeWebhookHandler> | undefined;
const server = createServer((req, res) => (handle ? void handle(req, res) : res.writeHead(503).end()));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
try {
  const secret = await subscribe(connection, `http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  handle = createNodeWebhookHandler({
    secret,
    onEvent: (event) => console.log(`node:http received ${event.event}`),
  });
  await makeDeliveries(connection);
} finally {
  server.close();
  await connection.close();
}
