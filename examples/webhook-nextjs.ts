/**
 * Receiving webhooks in a Next.js route handler (app/api/pix-webhook/route.ts). The whole route is
 * the first export below; the rest of this file calls it the way Next.js would, with deliveries
 * signed as the service signs them.
 * Run: npx tsx examples/webhook-nextjs.ts
 */
import { createSignedWebhook, createWebhookHandler } from 'pix-payments/webhooks';

const SECRET = process.env.PIX_WEBHOOK_SECRET ?? 'whsec_example_secret_for_this_demo_only';

// --- app/api/pix-webhook/route.ts -------------------------------------------------------------
export const POST = createWebhookHandler({
  secret: SECRET,
  onEvent: async (event, { eventKey }) => {
    // Store first, keyed by the event so a second run writes nothing (delivery is at-least-once):
    // INSERT INTO webhook_events (event_key, body) VALUES ($1, $2) ON CONFLICT (event_key) DO NOTHING.
    // Heavy work goes to a queue.
    console.log(`next.js route received ${event.event} (${eventKey})`);
  },
});
// -----------------------------------------------------------------------------------------------

const delivery = await createSignedWebhook(
  {
    event: 'transaction.completed',
    data: { id: 1, referenceId: crypto.randomUUID(), status: 'COMPLETED', type: 'CASHIN' },
  },
  SECRET,
);
const request = () =>
  new Request('http://localhost/api/pix-webhook', {
    method: 'POST',
    body: delivery.body,
    headers: delivery.headers,
  });
console.log(`first delivery: ${(await POST(request())).status}`);
console.log(`same delivery again: ${JSON.stringify(await (await POST(request())).json())}`);
const forged = new Request('http://localhost/api/pix-webhook', {
  method: 'POST',
  body: delivery.body.replace('COMPLETED', 'REVERSED'),
  headers: delivery.headers,
});
console.log(`forged delivery: ${(await POST(forged)).status}`);
