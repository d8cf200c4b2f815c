/**
 * Shared by the webhook examples: subscribe a receiver URL at the (mock) service, make a charge
 * and pay it, so that real signed deliveries arrive, then wait for them.
 */
import type { Connection } from './setup.js';
import { payCharge } from './setup.js';

/** Subscribes `url` and returns the signing secret (shown only once, at creation). */
export async function subscribe(connection: Connection, url: string): Promise<string> {
  const { secret } = await connection.client.webhooks.create({
    url,
    events: ['transaction.created', 'transaction.completed'],
  });
  return secret;
}

/** Makes deliveries happen: a charge is created, then paid. Resolves when they were all sent. */
export async function makeDeliveries(connection: Connection): Promise<void> {
  const charge = await connection.client.transactions.create({ amount: 30 });
  if (connection.mock === undefined) throw new Error('the webhook examples drive payments through the mock');
  await payCharge(connection.mock, charge.transactionId);
  await connection.mock.service.settle();
}
