/**
 * Create a charge and wait for the webhook that says it was paid (transaction.completed), with a
 * receiver built from the SDK's helpers.
 * Run: npx tsx examples/charge-and-wait-for-payment.ts
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createNodeWebhookHandler, type WebhookEvent } from 'pix-payments/webhooks';
import { connect, payCharge } from './setup.js';

const { client, mock, close } = await connect();
if (mock === undefined)
  throw new Error('this example drives the payment through the mock: unset PIX_PAYMENTS_BASE_URL');

// Where paid charges are announced; in your app, a queue or a database table.
let announcePaid: (event: WebhookEvent) => void = () => {};
const paid = new Promise<WebhookEvent>((resolve) => {
  announcePaid = resolve;
});

// The handler needs the subscription's secret, known once the subscription exists.
let handle: ReturnType<typeof createNodeWebhookHandler> | undefined;
const receiver = createServer((req, res) => {
  if (handle === undefined) res.writeHead(503).end();
  else void handle(req, res);
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/pix`;

try {
  const { secret } = await client.webhooks.create({
    url,
    events: ['transaction.created', 'transaction.completed'],
  });
  handle = createNodeWebhookHandler({
    secret,
    onEvent: (event) => {
      console.log(`webhook: ${event.event}`);
      if (event.event === 'transaction.completed') announcePaid(event);
    },
  });
  const charge = await client.transactions.create({
    amount: 19.9,
    trackingParameters: { utm_source: 'newsletter' },
  });
  console.log(`charge ${charge.transactionId} is ${charge.status}; waiting for the payer…`);

  await payCharge(mock, charge.transactionId); // the payer scans the QR code and pays
  const event = await paid;
  if (event.event === 'transaction.completed') {
    console.log(`paid: ${event.data.referenceId} (utm_source ${event.data.trackingParameters?.utm_source})`);
  }
  console.log(`status: ${(await client.transactions.retrieve(charge.transactionId)).status}`);
} finally {
  receiver.close();
  await close();
}
