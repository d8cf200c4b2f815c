/**
 * Receiving webhooks in Express. The route takes the raw body (express.raw, not express.json):
 * the signature covers the exact bytes. express.raw's limit is the receiver's maxBodyBytes (1 MiB):
 * a larger body is Express's own 413, before the receiver runs.
 * Run: npx tsx examples/webhook-express.ts
 */
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createNodeWebhookHandler } from 'pix-payments/webhooks';
import { makeDeliveries, subscribe } from './receive.js';
import { connect } from './setup.js';

const connection = await connect();
const app = express();
let handle: ReturnType<typeof createNodeWebhookHandler> | undefined;
app.post('/webhooks/pix', express.raw({ type: 'application/json', limit: '1mb' }), (req, res) => {
  if (handle === undefined) res.status(503).end();
  else void handle(req, res);
});
const server = app.listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
try {
  const secret = await subscribe(
    connection,
    `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/pix`,
  );
  handle = createNodeWebhookHandler({
    secret,
    onEvent: (event) => console.log(`express received ${event.event}`),
  });
  await makeDeliveries(connection);
} finally {
  server.close();
  await connection.close();
}
