/**
 * Receiving webhooks with Hono (or any Fetch API framework: Bun.serve, Deno.serve, Workers):
 * createWebhookHandler takes the Request and answers a Response.
 * Run: npx tsx examples/webhook-hono.ts
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createWebhookHandler, type WebhookEvent } from 'pix-payments/webhooks';
import { makeDeliveries, subscribe } from './receive.js';
import { connect } from './setup.js';

const connection = await connect();
let handler: ((request: Request) => Promise<Response>) | undefined;
const app = new Hono();
app.post('/webhooks/pix', (c) => (handler ? handler(c.req.raw) : c.text('not ready', 503)));

const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
  const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
});
try {
  const { port } = server.address() as { port: number };
  const secret = await subscribe(connection, `http://127.0.0.1:${port}/webhooks/pix`);
  handler = createWebhookHandler({
    secret,
    onEvent: (event: WebhookEvent) => console.log(`hono received ${event.event}`),
  });
  await makeDeliveries(connection);
} finally {
  server.close();
  await connection.close();
}
