/**
 * The Redis store against a real redis-server: `.ci/run` starts one and sets REDIS_URL; without
 * it, the test starts its own on a free loopback port (redis-server must be installed).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
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
import { SECRET, transactionEvent } from './fixtures.js';

let redisUrl = process.env.REDIS_URL ?? '';
let server: ChildProcess | undefined;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

beforeAll(async () => {
  if (redisUrl !== '') return;
  const port = await freePort();
  server = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  await new Promise<void>((resolve, reject) => {
    server?.once('error', (error) =>
      reject(new Error(`redis-server could not start (apt-get install redis-server): ${error.message}`)),
    );
    setTimeout(resolve, 300);
  });
  redisUrl = `redis://127.0.0.1:${port}`;
});
afterAll(() => {
  server?.kill();
});

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
