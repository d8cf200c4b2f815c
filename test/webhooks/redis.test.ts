/**
 * The Redis store against a real redis-server: `.ci/run` starts one and sets REDIS_URL; without
 * it, the test starts its own on a free loopback port (redis-server must be installed).
 */
import { Redis as IoRedis } from 'ioredis';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedWebhook,
  createWebhookHandler,
  type IoRedisLike,
  type NodeRedisLike,
  RedisDedupeStore,
  type WebhookEvent,
} from '../../src/webhooks/index.js';
import { redisServer } from '../support/redis.js';
import { SECRET, transactionEvent } from './fixtures.js';

let redisUrl = '';
let stopRedis = () => {};

beforeAll(async () => {
  const redis = await redisServer();
  redisUrl = redis.url;
  stopRedis = redis.stop;
});
afterAll(() => stopRedis());

const clients = {
  ioredis: async () => {
    const client = new IoRedis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await client.connect();
    return { store: client as unknown as IoRedisLike, close: () => client.quit().then(() => undefined) };
  },
  'node-redis': async () => {
    const client = createClient({ url: redisUrl });
    await client.connect();
    return { store: client as unknown as NodeRedisLike, close: () => client.quit().then(() => undefined) };
  },
};

describe.each(Object.keys(clients) as (keyof typeof clients)[])('RedisDedupeStore with %s', (kind) => {
  /** Runs `use` with a store of its own key prefix over a fresh client, closed after. */
  async function withStore(name: string, use: (store: RedisDedupeStore) => Promise<void>): Promise<void> {
    const { store: client, close } = await clients[kind]();
    try {
      await use(new RedisDedupeStore(client, { prefix: `test:${kind}:${name}:${Date.now()}:` }));
    } finally {
      await close();
    }
  }

  it('leases a free key to exactly one of many concurrent claimants', () =>
    withStore('claims', async (store) => {
      const claims = await Promise.all(Array.from({ length: 20 }, (_, i) => store.claim('evt', `t${i}`, 60)));
      expect(claims.filter((claim) => claim === 'claimed')).toHaveLength(1);
      expect(claims.filter((claim) => claim === 'in-progress')).toHaveLength(19);
    }));

  it('renews, completes and releases only by the lease holder token', () =>
    withStore('token', async (store) => {
      expect(await store.claim('a', 'holder', 60)).toBe('claimed');
      expect(await store.renew('a', 'other', 60)).toBe(false);
      await store.release('a', 'other');
      expect(await store.claim('a', 'other', 60)).toBe('in-progress');
      expect(await store.renew('a', 'holder', 60)).toBe(true);
      await store.release('a', 'holder');
      expect(await store.claim('a', 'other', 60)).toBe('claimed');
      expect(await store.complete('a', 'other', 60)).toBe(true);
      expect(await store.claim('a', 'third', 60)).toBe('handled');
      await store.release('a', 'other');
      expect(await store.claim('a', 'third', 60)).toBe('handled');
    }));

  it('frees a key whose lease lapsed; a late complete still records it and says the lease was lost', () =>
    withStore('lapse', async (store) => {
      expect(await store.claim('a', 'dead', 0.2)).toBe('claimed');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await store.renew('a', 'dead', 60)).toBe(false);
      expect(await store.claim('a', 'next', 60)).toBe('claimed');
      expect(await store.complete('a', 'dead', 60)).toBe(false);
      expect(await store.claim('a', 'third', 60)).toBe('handled');
    }));

  it('a blocked event loop lets the lease lapse: reported as a WebhookLeaseLostError, answer 200', () =>
    withStore('blocked', async (store) => {
      const reports: unknown[] = [];
      let runs = 0;
      const receiver = createWebhookHandler({
        secret: SECRET,
        store,
        processingTimeoutSeconds: 0.15,
        onEvent: async () => {
          runs++;
          await new Promise((resolve) => setTimeout(resolve, 20));
          const until = Date.now() + 400;
          while (Date.now() < until) {
            // the event loop is blocked: no renewal can run, Redis expires the lease
          }
        },
        onError: (error) => reports.push(error),
      });
      const { body, headers } = await createSignedWebhook(transactionEvent(), SECRET);
      const response = await receiver(new Request('http://r/webhook', { method: 'POST', body, headers }));
      expect(response.status).toBe(200);
      expect(runs).toBe(1);
      expect(reports).toHaveLength(1);
      expect(reports[0]).toMatchObject({ name: 'WebhookLeaseLostError', reason: 'lapsed' });
      expect((reports[0] as { blockedMs: number }).blockedMs).toBeGreaterThanOrEqual(250);
    }));

  it('lets two receivers sharing it handle a duplicate delivery once', async () => {
    const a = await clients[kind]();
    const b = await clients[kind]();
    try {
      const prefix = `test:shared:${kind}:${Date.now()}:`;
      const handled: WebhookEvent[] = [];
      const onEvent = (event: WebhookEvent) => void handled.push(event);
      const receiverA = createWebhookHandler({
        secret: SECRET,
        onEvent,
        store: new RedisDedupeStore(a.store, { prefix }),
      });
      const receiverB = createWebhookHandler({
        secret: SECRET,
        onEvent,
        store: new RedisDedupeStore(b.store, { prefix }),
      });
      const { body, headers } = await createSignedWebhook(transactionEvent(), SECRET);
      const deliver = (receiver: typeof receiverA) =>
        receiver(new Request('http://r/webhook', { method: 'POST', body, headers }));
      const answers = await Promise.all([
        deliver(receiverA),
        deliver(receiverB),
        deliver(receiverA),
        deliver(receiverB),
      ]);
      const bodies = await Promise.all(answers.map((answer) => answer.json()));
      expect(answers.every((answer) => answer.status === 200 || answer.status === 409)).toBe(true);
      expect(bodies.filter((body) => body.received === true && body.duplicate !== true)).toHaveLength(1);
      expect(handled).toHaveLength(1);
      const again = await deliver(receiverB);
      expect([again.status, await again.json()]).toEqual([200, { received: true, duplicate: true }]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

it('refuses an object that is not a Redis client', () => {
  expect(() => new RedisDedupeStore({} as never)).toThrow(/ioredis client.*node-redis client/);
});
