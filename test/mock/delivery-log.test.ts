/**
 * The delivery log keeps the newest MAX_KEPT_DELIVERY_ATTEMPTS attempts, in memory and in a state
 * file; the dashboard lists what is kept, and resending a dropped delivery is a clear 404.
 */
import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  type DeliveryAttempt,
  MAX_KEPT_DELIVERY_ATTEMPTS,
  SubscriptionStore,
} from '../../src/mock/domain/subscriptions.js';
import { buildMockService } from '../../src/mock/service.js';
import { runAction } from '../../src/sandbox/dashboard/actions.js';
import { deliveryLog } from '../../src/sandbox/dashboard/deliveries.js';

const attempt = (deliveryId: string, webhookId = 'w'): DeliveryAttempt => ({
  deliveryId,
  webhookId,
  merchantId: 'm',
  event: 'transaction.completed',
  url: 'http://127.0.0.1:9/hook',
  attempt: 1,
  at: '2026-01-01T00:00:00.000Z',
  status: 204,
  ok: true,
  durationMs: 1,
  headers: {},
  body: '{}',
});
const ids = (attempts: readonly DeliveryAttempt[]) => attempts.map((a) => a.deliveryId);
const numbered = (count: number) => Array.from({ length: count }, (_, i) => attempt(`d${i}`));

describe('the delivery log', () => {
  it('keeps the newest 1,000 attempts as attempts are logged, and in what it saves', () => {
    expect(MAX_KEPT_DELIVERY_ATTEMPTS).toBe(1_000);
    const store = new SubscriptionStore();
    for (const a of numbered(MAX_KEPT_DELIVERY_ATTEMPTS + 5)) store.log(a);
    expect(store.deliveries).toHaveLength(MAX_KEPT_DELIVERY_ATTEMPTS);
    expect(ids(store.deliveries).slice(0, 2)).toEqual(['d5', 'd6']);
    expect(ids(store.save().deliveries).at(-1)).toBe('d1004');
    expect(store.attemptsOf('d4')).toEqual([]);
  });

  it('keeps the newest 1,000 of a restored log', () => {
    const store = new SubscriptionStore();
    store.restore({ subscriptions: [], deliveries: numbered(MAX_KEPT_DELIVERY_ATTEMPTS + 3) });
    expect(store.deliveries).toHaveLength(MAX_KEPT_DELIVERY_ATTEMPTS);
    expect(store.deliveries[0]?.deliveryId).toBe('d3');
  });

  it('answers 404 to the resend of a dropped delivery (API and dashboard), and lists the kept ones', async () => {
    const { service, ctx } = buildMockService({ deliverWebhooks: false });
    const webhookId = crypto.randomUUID();
    ctx.subscriptions.add({
      id: webhookId,
      url: 'http://127.0.0.1:9/hook',
      events: ['transaction.completed'],
      status: 'ACTIVE',
      description: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      merchantId: service.merchants[0]?.id as string,
      secret: 'whsec_test',
    });
    for (let i = 0; i <= MAX_KEPT_DELIVERY_ATTEMPTS; i++) ctx.subscriptions.log(attempt(`d${i}`, webhookId));
    const resend = new Request(`${service.baseUrl}/__mock/deliveries/d0/resend`, { method: 'POST' });
    const reply = (await getResponse(service.handlers, resend)) as Response;
    const message = 'Delivery "d0" not found: the log holds the newest 1,000 attempts';
    expect([reply.status, (await reply.json()).message]).toEqual([404, message]);
    expect(await runAction(ctx, service.handlers, 'deliveries/d0/resend', new FormData())).toEqual({
      ok: false,
      text: `Refused: ${message}`,
    });
    const page = String(deliveryLog(ctx.subscriptions.deliveries, 'token', '/'));
    expect(page).toContain(`/dashboard/actions/deliveries/d${MAX_KEPT_DELIVERY_ATTEMPTS}/resend`);
    expect(page).not.toContain('/dashboard/actions/deliveries/d0/resend');
  });
});
