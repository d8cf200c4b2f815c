import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PaymentsClient, ValidationError } from '../../src/index.js';
import type { DeliveryAttempt } from '../../src/mock/index.js';
import { WEBHOOK_EVENT_NAMES } from '../../src/schemas/event-names.js';
import { safeParseWith } from '../../src/schemas/parse.js';
import { CreatedWebhookSubscription, WebhookSubscription } from '../../src/schemas/webhook-subscription.js';
import { CPF, caller, useMock } from './harness.js';
import { useReceivers } from './receiver.js';

const { mock, api } = useMock({
  merchants: [{ id: 'shop' }, { id: 'rival' }],
  webhookRetryDelaysMs: [20, 20, 20, 20, 20],
});
const receiver = useReceivers();

async function user(merchantId?: string) {
  return caller(mock.baseUrl, await mock.issueUserToken(merchantId));
}

async function subscribe(url: string, events: string[]) {
  const reply = await (await user())('POST', '/v1/user/webhooks', { url, events, description: 'test' });
  expect(reply.status).toBe(201);
  return reply.body as { id: string; secret: string };
}

describe('/v1/user/webhooks*', () => {
  it('lists the event names', async () => {
    const reply = await (await user())('GET', '/v1/user/webhooks/events');
    expect(reply.status).toBe(200);
    expect(reply.body.data).toHaveLength(WEBHOOK_EVENT_NAMES.length);
    expect(reply.body.data[0]).toEqual({ name: 'transaction.created', description: expect.any(String) });
  });

  it('creates (with the secret, once), lists, reads, updates and deletes a subscription', async () => {
    const call = await user();
    const created = await call('POST', '/v1/user/webhooks', {
      url: 'https://merchant.example/hook',
      events: ['transaction.completed'],
    });
    expect(created.status).toBe(201);
    expect(safeParseWith(CreatedWebhookSubscription, created.body).success).toBe(true);
    expect(created.body).toMatchObject({
      status: 'ACTIVE',
      description: null,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9]{32}$/),
    });
    const { id } = created.body;
    const read = await call('GET', `/v1/user/webhooks/${id}`);
    expect(safeParseWith(WebhookSubscription, read.body).success).toBe(true);
    expect(read.body.secret).toBeUndefined();
    expect((await call('GET', '/v1/user/webhooks')).body.data.map((s: { id: string }) => s.id)).toEqual([id]);
    const patched = await call('PATCH', `/v1/user/webhooks/${id}`, {
      events: ['cashout.failed'],
      status: 'INACTIVE',
      description: 'ops',
    });
    expect(patched.body).toMatchObject({
      events: ['cashout.failed'],
      status: 'INACTIVE',
      description: 'ops',
    });
    expect((await call('DELETE', `/v1/user/webhooks/${id}`)).status).toBe(204);
    expect((await call('GET', `/v1/user/webhooks/${id}`)).status).toBe(404);
  });

  it('validates url and events with 422', async () => {
    const call = await user();
    const reply = await call('POST', '/v1/user/webhooks', { url: 'ftp://x', events: ['transaction.paid'] });
    expect(reply.status).toBe(422);
    expect(Object.keys(reply.body.errors).sort()).toEqual(['events[0]', 'url']);
    const { id } = await subscribe('https://merchant.example/hook', ['transaction.completed']);
    expect((await call('PATCH', `/v1/user/webhooks/${id}`, {})).status).toBe(422);
  });

  it('refuses a URL over 2,048 characters (422 naming url and the rule) on create and update', async () => {
    const call = await user();
    const long = `https://merchant.example/${'a'.repeat(100_000)}`;
    const created = await call('POST', '/v1/user/webhooks', { url: long, events: ['transaction.completed'] });
    expect([created.status, created.body.code, Object.keys(created.body.errors)]).toEqual([
      422,
      'VALIDATION_ERROR',
      ['url'],
    ]);
    expect(created.body.message).toMatch(/^url: must have at most 2048 characters/);
    expect(created.body.message.length).toBeLessThan(300);
    expect((await call('GET', '/v1/user/webhooks')).body.data).toEqual([]);
    const longest = `https://merchant.example/${'a'.repeat(2048 - 25)}`;
    const { id } = await subscribe(longest, ['transaction.completed']);
    const patched = await call('PATCH', `/v1/user/webhooks/${id}`, { url: `${longest}a` });
    expect([patched.status, Object.keys(patched.body.errors)]).toEqual([422, ['url']]);
    expect(mock.state.subscriptions()[0]?.url).toBe(longest);
  });

  it('the client refuses a URL over 2,048 characters before sending, naming url and the rule', async () => {
    const client = new PaymentsClient({
      secretKey: mock.secretKey,
      baseUrl: mock.baseUrl,
      userToken: () => mock.issueUserToken(),
      logLevel: 'off',
      maxRetries: 0,
    });
    const url = `https://merchant.example/${'a'.repeat(2048)}`;
    const refusal = client.webhooks.create({ url, events: ['transaction.completed'] });
    await expect(refusal).rejects.toThrow(ValidationError);
    await expect(refusal).rejects.toThrow(/url: must have at most 2048 characters/);
    expect(mock.state.subscriptions()).toEqual([]);
  });

  it('needs a valid, unexpired user JWT: a secret key, a forged or an expired token is a 401', async () => {
    const forged = `${(await mock.issueUserToken()).slice(0, -4)}AAAA`;
    const expired = await mock.issueUserToken(undefined, -10);
    for (const credential of [mock.secretKey, forged, expired, undefined]) {
      const reply = await caller(mock.baseUrl, credential)('GET', '/v1/user/webhooks');
      expect([reply.status, reply.body.code]).toEqual([401, 'UNAUTHENTICATED']);
    }
  });

  it("keeps merchants apart: another merchant's subscription is a 403", async () => {
    const { id } = await subscribe('https://merchant.example/hook', ['transaction.completed']);
    const rival = await user('rival');
    expect((await rival('GET', '/v1/user/webhooks')).body.data).toEqual([]);
    expect((await rival('GET', `/v1/user/webhooks/${id}`)).status).toBe(403);
    expect((await rival('DELETE', `/v1/user/webhooks/${id}`)).status).toBe(403);
  });
});

describe('webhook delivery', () => {
  it('POSTs every status change, signed over the raw bytes, to a receiver built with the toolkit', async () => {
    let secret = '';
    const r = await receiver(() => secret);
    ({ secret } = await subscribe(r.url, ['transaction.created', 'transaction.completed']));
    const referenceId = crypto.randomUUID();
    const { body } = await api('POST', '/v1/integrations/create-transaction', {
      amount: 19.9,
      referenceId,
      tracking_parameters: { utm_source: 'google' },
    });
    mock.simulate.payCharge(body.transactionId);
    await mock.settle();
    expect(r.events.map((e) => e.event)).toEqual(['transaction.created', 'transaction.completed']);
    expect(r.events[1]?.data).toMatchObject({
      id: body.id,
      referenceId,
      status: 'COMPLETED',
      type: 'CASHIN',
      trackingParameters: { utm_source: 'google' },
    });
    for (const delivery of r.raw) {
      const expected = createHmac('sha256', secret).update(delivery.body).digest('hex');
      expect(delivery.headers['x-webhook-signature']).toBe(expected);
      expect(delivery.headers['x-webhook-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(delivery.headers['x-webhook-event']).toBe(JSON.parse(delivery.body.toString()).event);
    }
  });

  it('delivers an event only to the subscriptions that listen to it', async () => {
    let secret = '';
    const r = await receiver(() => secret);
    const other = await receiver(() => 'unused');
    ({ secret } = await subscribe(r.url, ['cashout.completed']));
    await subscribe(other.url, ['transaction.completed']);
    await api('POST', '/v1/integrations/create-cashout', { amount: 30, pixKey: CPF, pixKeyType: 'CPF' });
    await mock.settle();
    expect(r.events.map((e) => e.event)).toEqual(['cashout.completed']);
    expect(other.raw).toEqual([]);
  });

  it('retries a receiver that fails twice: the event arrives on the third attempt, same bytes and id', async () => {
    let secret = '';
    const r = await receiver(() => secret, 2);
    ({ secret } = await subscribe(r.url, ['transaction.created']));
    await api('POST', '/v1/integrations/create-transaction', { amount: 5 });
    await mock.settle();
    expect(r.raw).toHaveLength(3);
    expect(new Set(r.raw.map((d) => d.body.toString())).size).toBe(1);
    expect(new Set(r.raw.map((d) => d.headers['x-webhook-id'])).size).toBe(1);
    expect(r.events).toHaveLength(1);
    expect(mock.state.deliveries.map((d) => [d.attempt, d.status, d.ok])).toEqual([
      [1, 500, false],
      [2, 500, false],
      [3, 200, true],
    ]);
  });

  it('turns a subscription FAILING after 1 + 5 failed attempts', async () => {
    const r = await receiver(() => 'x', 99);
    const { id } = await subscribe(r.url, ['transaction.created']);
    await api('POST', '/v1/integrations/create-transaction', { amount: 5 });
    await mock.settle();
    expect(r.raw).toHaveLength(6);
    expect((await (await user())('GET', `/v1/user/webhooks/${id}`)).body.status).toBe('FAILING');
  });

  it('revalidate pings the URL with a signed webhook.revalidate and sets ACTIVE on 2xx, FAILING otherwise', async () => {
    let secret = '';
    const r = await receiver(() => secret);
    const created = await subscribe(r.url, ['transaction.created']);
    secret = created.secret;
    const call = await user();
    await call('PATCH', `/v1/user/webhooks/${created.id}`, { status: 'INACTIVE' });
    const ok = await call('POST', `/v1/user/webhooks/${created.id}/revalidate`);
    expect(ok.body.status).toBe('ACTIVE');
    expect(r.events).toEqual([
      { event: 'webhook.revalidate', timestamp: expect.any(String), data: { webhookId: created.id } },
    ]);
    await call('PATCH', `/v1/user/webhooks/${created.id}`, { url: 'http://127.0.0.1:9/nowhere' });
    expect((await call('POST', `/v1/user/webhooks/${created.id}/revalidate`)).body.status).toBe('FAILING');
  });
});

describe('resending a delivery (POST /__mock/deliveries/{deliveryId}/resend)', () => {
  /** A receiver subscribed to `transaction.created`, and the one delivery a new charge sent it. */
  async function deliveredOnce() {
    let secret = '';
    const r = await receiver(() => secret);
    const created = await subscribe(r.url, ['transaction.created']);
    secret = created.secret;
    await api('POST', '/v1/integrations/create-transaction', { amount: 5 });
    await mock.settle();
    return { r, secret, webhookId: created.id, first: mock.state.deliveries[0] as DeliveryAttempt };
  }

  it('sends the same bytes and X-Webhook-Id again, logged as the next attempt with headers, answer and timing', async () => {
    const { r, secret, first } = await deliveredOnce();
    expect(first).toMatchObject({
      attempt: 1,
      status: 200,
      ok: true,
      headers: { 'x-webhook-id': first.deliveryId },
    });
    expect(first.headers['x-webhook-signature']).toBe(
      createHmac('sha256', secret).update(first.body).digest('hex'),
    );
    expect(first.durationMs).toBeGreaterThanOrEqual(0);
    const reply = await caller(mock.baseUrl)('POST', `/__mock/deliveries/${first.deliveryId}/resend`);
    expect(reply.body).toMatchObject({ attempt: 2, resent: true, status: 200, ok: true, body: first.body });
    expect(r.raw.map((d) => [d.body.toString(), d.headers['x-webhook-id']])).toEqual([
      [first.body, first.deliveryId],
      [first.body, first.deliveryId],
    ]);
    // Both verified; the toolkit's receiver takes the second for the duplicate it is.
    expect(r.events).toHaveLength(1);
  });

  it('resends in-process with mock.deliveries.resend, with the same outcome as the HTTP route', async () => {
    const { r, first } = await deliveredOnce();
    const { deliveryId, body } = first;
    const inProcess = await mock.deliveries.resend(deliveryId);
    expect(inProcess).toMatchObject({ deliveryId, attempt: 2, resent: true, status: 200, ok: true, body });
    expect(mock.state.deliveries.at(-1)).toEqual(inProcess);
    const overHttp = (await caller(mock.baseUrl)('POST', `/__mock/deliveries/${deliveryId}/resend`)).body;
    const outcome = ({ attempt: _, durationMs: __, ...rest }: Partial<DeliveryAttempt>) => rest;
    expect(overHttp.attempt).toBe(3);
    expect(outcome(overHttp)).toEqual(outcome(inProcess));
    expect(r.raw.map((d) => d.headers['x-webhook-id'])).toEqual([deliveryId, deliveryId, deliveryId]);
  });

  it('resolves to the failed attempt, with its cause, when the receiver is down (in-process and HTTP alike)', async () => {
    const r = await receiver(() => 'whsec_unused');
    await subscribe(r.url, ['transaction.created']);
    await r.close();
    await api('POST', '/v1/integrations/create-transaction', { amount: 5 });
    await mock.settle();
    const deliveryId = mock.state.deliveries[0]?.deliveryId as string;
    const inProcess = await mock.deliveries.resend(deliveryId);
    expect(inProcess).toMatchObject({ attempt: 7, resent: true, ok: false, error: 'ECONNREFUSED' });
    expect(inProcess.status).toBeUndefined();
    const overHttp = (await caller(mock.baseUrl)('POST', `/__mock/deliveries/${deliveryId}/resend`)).body;
    expect(overHttp).toMatchObject({ attempt: 8, resent: true, ok: false, error: 'ECONNREFUSED' });
  });

  it('rejects an unknown id with a message naming it, as the HTTP route answers 404', async () => {
    const id = crypto.randomUUID();
    const message = `Delivery "${id}" not found: the log holds the newest 1,000 attempts`;
    await expect(mock.deliveries.resend(id)).rejects.toThrow(message);
    const reply = await caller(mock.baseUrl)('POST', `/__mock/deliveries/${id}/resend`);
    expect([reply.status, reply.body]).toEqual([404, { code: 'NOT_FOUND', message }]);
  });

  it('rejects the resend of a delivery whose subscription was deleted, naming both', async () => {
    const { webhookId, first } = await deliveredOnce();
    await (await user())('DELETE', `/v1/user/webhooks/${webhookId}`);
    await expect(mock.deliveries.resend(first.deliveryId)).rejects.toThrow(
      `Delivery "${first.deliveryId}" not found: its subscription ${webhookId} was deleted`,
    );
  });
});
