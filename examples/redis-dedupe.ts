/**
 * De-duplicating webhooks across several receiver instances with Redis: two receivers (think two
 * machines) share one RedisDedupeStore, so a delivery that reaches both is handled once.
 * Needs a Redis server: REDIS_URL (default redis://127.0.0.1:6379).
 * Run: REDIS_URL=redis://127.0.0.1:6379 npx tsx examples/redis-dedupe.ts
 */
import { Redis } from 'ioredis';
import { createSignedWebhook, createWebhookHandler, RedisDedupeStore } from 'pix-payments/webhooks';

const SECRET = 'whsec_example_secret_for_this_demo_only';
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const store = new RedisDedupeStore(redis, { prefix: `example:${Date.now()}:` });

let handled = 0;
// Storing the event takes a moment, as a database write does: the copies arrive meanwhile.
const onEvent = async () => {
  await new Promise((resolve) => setTimeout(resolve, 100));
  handled += 1;
};
const machineA = createWebhookHandler({ secret: SECRET, onEvent, store });
const machineB = createWebhookHandler({ secret: SECRET, onEvent, store });

try {
  const delivery = await createSignedWebhook(
    {
      event: 'cashout.completed',
      data: { id: 7, referenceId: crypto.randomUUID(), status: 'COMPLETED', type: 'CASHOUT' },
    },
    SECRET,
  );
  const send = (handler: typeof machineA) =>
    handler(
      new Request('http://receiver/webhooks', {
        method: 'POST',
        body: delivery.body,
        headers: delivery.headers,
      }),
    );
  // Three copies at once: one is handled, the others are told it is in progress (409), so the
  // service sends them again later, when they are answered as duplicates.
  const answers = await Promise.all([send(machineA), send(machineB), send(machineA)]);
  console.log(
    `answers: ${answers
      .map((answer) => answer.status)
      .sort()
      .join(', ')}`,
  );
  const later = await send(machineB);
  console.log(`a later retry: ${later.status} ${JSON.stringify(await later.json())}`);
  console.log(`handled: ${handled} time(s)`);
} finally {
  redis.disconnect();
}
