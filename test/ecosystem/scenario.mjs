/**
 * The smoke scenario every consumer runs, on its runtime: create a charge, pay it, read it back,
 * create a payout, then verify a signed webhook that the mock delivered. It receives the SDK as
 * the consumer loaded it (ESM import, CJS require, a Worker bundle) and the run's settings.
 */
export async function runScenario(sdk, webhooks, env) {
  const result = {
    runtime: runtimeName(),
    import: typeof sdk.PaymentsClient === 'function' && typeof webhooks.constructWebhookEvent === 'function',
  };
  const client = new sdk.PaymentsClient({ baseUrl: env.MOCK_URL, secretKey: env.SECRET_KEY, maxRetries: 0 });

  const charge = await client.transactions.create({
    amount: 12.34,
    trackingParameters: { utm_source: 'ecosystem' },
  });
  const paid = await fetch(`${env.MOCK_URL}/__mock/charges/${charge.transactionId}/pay`, { method: 'POST' });
  if (!paid.ok) throw new Error(`pay failed: ${paid.status}`);
  result.charge = (await client.transactions.retrieve(charge.transactionId)).status;

  const payout = await client.cashouts.create({ amount: 20, pixKey: 'ana@example.com', pixKeyType: 'EMAIL' });
  result.payout = `${payout.status} fee ${payout.feeAmount}`;

  let error;
  try {
    await client.cashouts.retrieve(999999);
  } catch (e) {
    error = e;
  }
  result.errors = error instanceof sdk.NotFoundError && error instanceof sdk.PaymentsError;

  let delivery;
  for (let i = 0; i < 40 && delivery === undefined; i++) {
    const answer = await fetch(`${env.COLLECTOR_URL}/deliveries/${charge.transactionId}`);
    if (answer.ok) delivery = await answer.json();
    else await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (delivery === undefined) throw new Error('no webhook delivery arrived');
  const event = await webhooks.constructWebhookEvent(delivery.body, delivery.headers, env.WEBHOOK_SECRET);
  const forged = await webhooks.verifyWebhookSignature(
    delivery.body.replace('COMPLETED', 'REVERSED'),
    delivery.headers['x-webhook-signature'],
    env.WEBHOOK_SECRET,
  );
  result.webhook =
    event.event === 'transaction.completed' &&
    event.data.transactionId === charge.transactionId &&
    forged === false;
  return result;
}

function runtimeName() {
  if (typeof globalThis.Deno !== 'undefined') return `deno ${globalThis.Deno.version.deno}`;
  if (typeof globalThis.Bun !== 'undefined') return `bun ${globalThis.Bun.version}`;
  if (typeof globalThis.navigator !== 'undefined' && globalThis.navigator.userAgent === 'Cloudflare-Workers')
    return 'workerd';
  return `node ${globalThis.process?.version}`;
}

/** The settings, from the environment of whatever runtime this is. */
export function settings() {
  if (typeof globalThis.Deno !== 'undefined') return globalThis.Deno.env.toObject();
  return globalThis.process.env;
}
