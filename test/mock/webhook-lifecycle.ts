/**
 * A full charge and payout lifecycle against a mock, in process or over HTTP, with a receiver
 * subscribed to every event: what a merchant's own end-to-end tests would see arrive.
 */
import { expect } from 'vitest';
import type { MockService } from '../../src/mock/index.js';
import { CPF, caller } from './harness.js';
import type { Receiver } from './receiver.js';

/** Every event the lifecycle below makes the mock send. */
export const LIFECYCLE_EVENTS = [
  'transaction.created',
  'transaction.completed',
  'transaction.reversed',
  'transaction.chargeback',
  'transaction.cancelled',
  'cashout.created',
  'cashout.processing',
  'cashout.completed',
  'cashout.failed',
  'cashout.reversed',
];

/** Attribution with a slash, non-ASCII and HTML characters, as campaign names carry them. */
export const TRACKING = { utm_source: 'news/letter', utm_campaign: 'verão <50%> & mais' };

/** A single resource as the mock answers it: bare, or in `{ data }` with `answers: 'varied'`. */
// biome-ignore lint/suspicious/noExplicitAny: the tests read the few fields they need.
const record = (body: any) => ('data' in body ? body.data : body);

/**
 * Subscribes `receiver` to every event, then: a charge paid and reversed, one paid and charged back,
 * one expired; a payout completed, one failed (fail@pix.test), one reversed (reverse@pix.test).
 * Resolves with the subscription's secret once every delivery has landed.
 */
export async function runLifecycle(
  service: MockService,
  baseUrl: string,
  receiver: (secret: () => string) => Promise<Receiver>,
): Promise<{ secret: string; receiver: Receiver }> {
  let secret = '';
  const r = await receiver(() => secret);
  const user = caller(baseUrl, await service.issueUserToken());
  const subscribed = await user('POST', '/v1/user/webhooks', { url: r.url, events: LIFECYCLE_EVENTS });
  expect(subscribed.status).toBe(201);
  secret = record(subscribed.body).secret;
  const api = caller(baseUrl, service.secretKey);
  const charge = async () => {
    const reply = await api('POST', '/v1/integrations/create-transaction', {
      amount: 19.9,
      referenceId: crypto.randomUUID(),
      tracking_parameters: TRACKING,
    });
    expect(reply.status).toBe(201);
    return record(reply.body).transactionId as string;
  };
  const [reversed, chargedBack, expired] = [await charge(), await charge(), await charge()];
  service.simulate.payCharge(reversed);
  service.simulate.reverseCharge(reversed);
  service.simulate.payCharge(chargedBack);
  service.simulate.chargebackCharge(chargedBack);
  service.simulate.expireCharge(expired);
  const payouts: [string, string][] = [
    [CPF, 'CPF'],
    ['fail@pix.test', 'EMAIL'],
    ['reverse@pix.test', 'EMAIL'],
  ];
  for (const [pixKey, pixKeyType] of payouts) {
    const reply = await api('POST', '/v1/integrations/create-cashout', { amount: 30, pixKey, pixKeyType });
    expect(reply.status).toBe(201);
  }
  await service.settle();
  const sent = r.raw.map((delivery) => JSON.parse(delivery.body.toString()).event);
  expect(new Set(sent)).toEqual(new Set(LIFECYCLE_EVENTS));
  return { secret, receiver: r };
}
