/**
 * Payouts that never pay twice: when a create call times out or the connection drops, call again
 * with the same idempotency key (every error carries it as `error.idempotencyKey`).
 * Run: npx tsx examples/payouts-with-idempotency.ts
 */
import { APIConnectionError } from 'pix-payments';
import { connect } from './setup.js';

const { client, mock, close } = await connect();
try {
  const before = await client.balance.retrieve();

  // Simulate the worst case: the service makes the payout, then the answer is lost (three times,
  // so that the client's own retries, which reuse the key, give up too).
  mock?.service.faults.inject({ route: 'create-cashout', kind: 'drop', after: true, times: 3 });

  const params = { amount: 250, pixKey: '529.982.247-25', pixKeyType: 'CPF' } as const;
  let payoutId: string | null;
  try {
    payoutId = (await client.cashouts.create(params)).transactionId;
  } catch (error) {
    if (!(error instanceof APIConnectionError)) throw error;
    console.log(`lost the answer (${error.message}); retrying with key ${error.idempotencyKey}`);
    // Same key: the service returns the payout it already made instead of making another.
    const again = await client.cashouts
      .create({ ...params, idempotencyKey: error.idempotencyKey })
      .withResponse();
    console.log(`retry answered ${again.status}: the same payout, not a new one`);
    payoutId = again.data.transactionId;
  }

  const after = await client.balance.retrieve();
  console.log(`payout ${payoutId}`);
  console.log(
    `balance went from ${before.available?.toFixed(2)} to ${after.available?.toFixed(2)}: debited once`,
  );
} finally {
  await close();
}
