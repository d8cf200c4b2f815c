/**
 * Receiving webhooks in Fastify. Fastify parses JSON bodies itself, and the signature covers the
 * exact raw bytes, so the webhook route lives in a scope of its own (a registered plugin) whose
 * application/json parser keeps the raw Buffer; the rest of the app keeps Fastify's JSON parser.
 * The route's bodyLimit is the receiver's maxBodyBytes: a larger body is Fastify's own 413, before
 * the receiver runs. reply.hijack() leaves the answer to the receiver, which writes it to reply.raw.
 * Run: npx tsx examples/webhook-fastify.ts
 */
import Fastify from 'fastify';
import { createNodeWebhookHandler } from 'pix-payments/webhooks';
import { makeDeliveries, subscribe } from './receive.js';
import { connect } from './setup.js';

const maxBodyBytes = 1_048_576; // the receiver's default (1 MiB)
const connection = await connect();
let handle: ReturnType<typeof createNodeWebhookHandler> | undefined;

const app = Fastify();
await app.register(async (webhooks) => {
  webhooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  webhooks.post('/webhooks/pix', { bodyLimit: maxBodyBytes }, async (request, reply) => {
    if (handle === undefined) return reply.code(503).send();
    reply.hijack();
    // request.raw is the node:http request (its stream already read); body is the raw Buffer.
    await handle(Object.assign(request.raw, { body: request.body }), reply.raw);
  });
});
// Elsewhere in the same app, JSON is parsed as usual.
app.post('/orders', async (request) => ({ parsed: request.body }));

const url = await app.listen({ port: 0, host: '127.0.0.1' });
try {
  const secret = await subscribe(connection, `${url}/webhooks/pix`);
  handle = createNodeWebhookHandler({
    secret,
    maxBodyBytes,
    onEvent: (event) => console.log(`fastify received ${event.event}`),
  });
  await makeDeliveries(connection);

  const order = await fetch(`${url}/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sku: 'book', quantity: 2 }),
  });
  console.log(`/orders answered ${order.status} ${JSON.stringify(await order.json())}`);
  const oversized = await fetch(`${url}/webhooks/pix`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: 'x'.repeat(maxBodyBytes + 1),
  });
  console.log(`a webhook body over maxBodyBytes: ${oversized.status}`);
} finally {
  await app.close();
  await connection.close();
}
