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
  it('claims a key once, atomically, with an expiry; release forgets it', async () => {
    const { store: client, close } = await clients[kind]();
    try {
      const store = new RedisDedupeStore(client, { prefix: `test:${kind}:${Date.now()}:` });
      const claims = await Promise.all(Array.from({ length: 20 }, () => store.claim('evt', 60)));
      expect(claims.filter((claim) => claim === 'first')).toHaveLength(1);
      await store.release('evt');
      expect(await store.claim('evt', 60)).toBe('first');
    } finally {
      await close();
    }
  });

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
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      expect(handled).toHaveLength(1);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

it('refuses an object that is not a Redis client', () => {
  expect(() => new RedisDedupeStore({} as never)).toThrow(/ioredis client.*node-redis client/);
});
