/** A receiver's deliveries as OpenTelemetry spans, with the real SDK. */
import { inspect } from 'node:util';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { createSignedWebhook, createWebhookHandler, webhookEventKey } from '../../src/webhooks/index.js';
import { transactionEvent } from '../webhooks/fixtures.js';
import { parentOf, useOtel } from './otel.js';

const otel = useOtel();
const SECRET = `whsec_${'W3bh00k'.repeat(4)}`;

/** Delivers `body` and `headers` to `handler` inside the test's own active span, as a server's would be. */
async function deliver(
  handler: (request: Request) => Promise<Response>,
  delivery: { body: string; headers: Record<string, string> },
) {
  const request = new Request('http://merchant.test/pix-webhook', { method: 'POST', ...delivery });
  return otel.inSpan(() => handler(request));
}

describe('webhook deliveries', () => {
  it('delivered twice: a `handled` span then a `duplicate` one, each a child of the active span', async () => {
    otel.instrument();
    const handler = createWebhookHandler({ secret: SECRET, onEvent: () => {} });
    const delivery = await createSignedWebhook(transactionEvent(), SECRET);
    expect((await deliver(handler, delivery)).status).toBe(200);
    expect((await deliver(handler, delivery)).status).toBe(200);

    const spans = otel.spans();
    const webhooks = spans.filter((span) => span.name.startsWith('webhook'));
    expect(webhooks.map((span) => span.name)).toEqual([
      'webhook transaction.completed',
      'webhook transaction.completed',
    ]);
    expect(webhooks.map((span) => span.attributes['pix_payments.webhook.outcome'])).toEqual([
      'handled',
      'duplicate',
    ]);
    const tests = spans.filter((span) => span.name === 'test');
    webhooks.forEach((span, i) => {
      expect(span.kind).toBe(SpanKind.INTERNAL);
      expect(parentOf(span, spans)).toBe(tests[i]);
      expect(span.status.code).toBe(SpanStatusCode.UNSET);
    });
    const event = JSON.parse(delivery.body);
    expect(webhooks[0]?.attributes).toEqual({
      'pix_payments.webhook.event': 'transaction.completed',
      'pix_payments.webhook.event_key': webhookEventKey(event),
      'pix_payments.webhook.outcome': 'handled',
    });
  });

  it('a forged delivery: `webhook`, rejected, ERROR with its reason, and no secret anywhere', async () => {
    otel.instrument();
    const handler = createWebhookHandler({ secret: SECRET, onEvent: () => {}, onError: () => {} });
    const forged = await createSignedWebhook(transactionEvent(), `whsec_attacker_${'x'.repeat(20)}`);
    const signed = await createSignedWebhook(transactionEvent(), SECRET);
    expect((await deliver(handler, forged)).status).toBe(400);
    expect((await deliver(handler, signed)).status).toBe(200);

    const spans = otel.spans().filter((span) => span.name.startsWith('webhook'));
    expect(spans.map((span) => span.name)).toEqual(['webhook', 'webhook transaction.completed']);
    expect(spans[0]?.status).toEqual({ code: SpanStatusCode.ERROR, message: 'invalid signature' });
    expect(spans[0]?.attributes).toEqual({
      'pix_payments.webhook.outcome': 'rejected',
      'pix_payments.webhook.reason': 'invalid signature',
    });
    const printed = otel
      .spans()
      .map((span) => inspect(span, { depth: null }))
      .join('\n');
    expect(printed).toContain('transaction.completed');
    expect(printed).not.toContain(SECRET);
    expect(printed).not.toContain('W3bh00kW3bh00k');
    expect(printed).not.toContain(signed.headers['x-webhook-signature']);
  });

  it('a handler that throws: failed, ERROR', async () => {
    otel.instrument();
    const handler = createWebhookHandler({
      secret: SECRET,
      onEvent: () => {
        throw new Error('database down');
      },
      onError: () => {},
    });
    expect((await deliver(handler, await createSignedWebhook(transactionEvent(), SECRET))).status).toBe(500);
    const [span] = otel.spans().filter((s) => s.name.startsWith('webhook'));
    expect(span?.attributes['pix_payments.webhook.outcome']).toBe('failed');
    expect(span?.status.code).toBe(SpanStatusCode.ERROR);
  });
});
