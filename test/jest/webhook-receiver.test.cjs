// webhook-receiver.test.cjs: Jest (testEnvironment 'node'), as written, no transformer.
const { createServer } = require('node:http');
const express = require('express');
const {
  constructWebhookEvent,
  createNodeWebhookHandler,
  createSignedWebhook,
} = require('pix-payments/webhooks');

const secret = 'whsec_test';
const received = [];
const errors = [];
let server;
let url;

beforeAll(async () => {
  const app = express();
  // express.raw, not express.json: the receiver gets the signed bytes, as a Buffer.
  app.post(
    '/pix-webhook',
    express.raw({ type: 'application/json' }),
    createNodeWebhookHandler({
      secret,
      onEvent: (event) => received.push(event),
      onError: (error) => errors.push(error),
    }),
  );
  server = createServer(app);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${server.address().port}/pix-webhook`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

/** A delivery as the service sends it: the event, signed with `key`. */
function signed(key) {
  const data = {
    id: 1,
    referenceId: '0b8f3a52-6d3e-4c55-9d7a-2f1e8c4b7a10',
    status: 'COMPLETED',
    type: 'CASHIN',
  };
  return createSignedWebhook({ event: 'transaction.completed', data }, key);
}

/** POSTs a delivery to the app: its status and answer. */
async function post({ body, headers }) {
  const response = await fetch(url, { method: 'POST', body, headers });
  return { status: response.status, answer: await response.json() };
}

test('a signed delivery reaches onEvent once; the same delivery again is a duplicate', async () => {
  const delivery = await signed(secret);
  expect(await post(delivery)).toEqual({ status: 200, answer: { received: true } });
  expect(await post(delivery)).toEqual({ status: 200, answer: { received: true, duplicate: true } });
  expect(received.map((event) => event.event)).toEqual(['transaction.completed']);
  expect(errors).toEqual([]);
});

test('a delivery signed with another secret is refused and reported', async () => {
  const delivery = await signed('whsec_someone_else');
  expect(await post(delivery)).toEqual({
    status: 400,
    answer: { received: false, error: 'invalid signature' },
  });
  expect(errors.map((error) => error.name)).toEqual(['WebhookSignatureError']);
});

test('constructWebhookEvent takes the raw body as text, a Buffer, an ArrayBuffer or a DataView', async () => {
  const { body, headers } = await signed(secret);
  const bytes = Buffer.from(body);
  const copy = new Uint8Array(bytes).buffer;
  for (const raw of [body, bytes, copy, new DataView(copy)]) {
    const event = await constructWebhookEvent(raw, headers, secret);
    expect(event.data.referenceId).toBe('0b8f3a52-6d3e-4c55-9d7a-2f1e8c4b7a10');
  }
});
