/**
 * The lease-then-record rules of `WebhookDedupeStore`, one suite run against every store the
 * package ships: memory, Redis (ioredis and node-redis) and PostgreSQL, on real servers
 * (REDIS_URL and DATABASE_URL, else started here) and on the real clock, with short leases.
 */
import { Redis as IoRedis } from 'ioredis';
import pg from 'pg';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type IoRedisLike,
  MemoryDedupeStore,
  type NodeRedisLike,
  PostgresDedupeStore,
  RedisDedupeStore,
  type WebhookDedupeStore,
} from '../../src/webhooks/index.js';
import { postgresServer } from '../support/postgres.js';
import { redisServer } from '../support/redis.js';

const servers: { stop(): void }[] = [];
const closers: (() => Promise<unknown>)[] = [];
let redisUrl = '';
let databaseUrl = '';

beforeAll(async () => {
  const [redis, postgres] = await Promise.all([redisServer(), postgresServer()]);
  servers.push(redis, postgres);
  redisUrl = redis.url;
  databaseUrl = postgres.url;
}, 60_000);
afterAll(async () => {
  await Promise.allSettled(closers.map((close) => close()));
  for (const server of servers) server.stop();
});

let run = 0;
/** A fresh store of each kind, sharing nothing with the stores of other tests. */
const stores: Record<string, () => Promise<WebhookDedupeStore>> = {
  memory: async () => new MemoryDedupeStore(),
  'Redis (ioredis)': async () => {
    const client = new IoRedis(redisUrl, { maxRetriesPerRequest: 1 });
    closers.push(() => client.quit());
    return new RedisDedupeStore(client as unknown as IoRedisLike, {
      prefix: `lease:${Date.now()}:${run++}:`,
    });
  },
  'Redis (node-redis)': async () => {
    const client = createClient({ url: redisUrl });
    await client.connect();
    closers.push(() => client.quit());
    return new RedisDedupeStore(client as unknown as NodeRedisLike, {
      prefix: `lease:${Date.now()}:${run++}:`,
    });
  },
  PostgreSQL: async () => {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
    closers.push(() => pool.end());
    return new PostgresDedupeStore(pool, { table: `lease_rules_${process.pid}_${run++}` });
  },
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(Object.keys(stores))('the lease rules, on the %s store', (kind) => {
  const store = () => (stores[kind] as () => Promise<WebhookDedupeStore>)();

  it('leases a free key to exactly one of many concurrent claimants; the others find it in progress', async () => {
    const s = await store();
    const claims = await Promise.all(Array.from({ length: 20 }, (_, i) => s.claim('evt', `t${i}`, 60)));
    expect(claims.filter((claim) => claim === 'claimed')).toHaveLength(1);
    expect(claims.filter((claim) => claim === 'in-progress')).toHaveLength(19);
  });

  it('renews, completes and releases only by the lease holder token', async () => {
    const s = await store();
    expect(await s.claim('a', 'holder', 60)).toBe('claimed');
    expect(await s.renew('a', 'other', 60)).toBe(false);
    await s.release('a', 'other');
    expect(await s.claim('a', 'other', 60)).toBe('in-progress');
    expect(await s.renew('a', 'holder', 60)).toBe(true);
    await s.release('a', 'holder');
    expect(await s.claim('a', 'other', 60)).toBe('claimed');
    expect(await s.complete('a', 'other', 60)).toBe(true);
    expect(await s.claim('a', 'third', 60)).toBe('handled');
  });

  it('a release after complete leaves the event handled', async () => {
    const s = await store();
    expect(await s.claim('a', 'holder', 60)).toBe('claimed');
    expect(await s.complete('a', 'holder', 60)).toBe(true);
    await s.release('a', 'holder');
    expect(await s.claim('a', 'next', 60)).toBe('handled');
  });

  it('a renewal keeps the lease past its first term', async () => {
    const s = await store();
    expect(await s.claim('a', 'holder', 0.4)).toBe('claimed');
    await sleep(250);
    expect(await s.renew('a', 'holder', 0.4)).toBe(true);
    await sleep(250);
    expect(await s.claim('a', 'other', 60)).toBe('in-progress');
  });

  it('frees a key whose lease lapsed; the lapsed holder can no longer renew or release it', async () => {
    const s = await store();
    expect(await s.claim('a', 'dead', 0.2)).toBe('claimed');
    await sleep(300);
    expect(await s.renew('a', 'dead', 60)).toBe(false);
    expect(await s.claim('a', 'next', 60)).toBe('claimed');
    await s.release('a', 'dead');
    expect(await s.claim('a', 'third', 60)).toBe('in-progress');
  });

  it('a late complete still records the event, and says the lease was lost', async () => {
    const s = await store();
    expect(await s.claim('a', 'dead', 0.2)).toBe('claimed');
    await sleep(300);
    expect(await s.claim('a', 'next', 60)).toBe('claimed');
    expect(await s.complete('a', 'dead', 60)).toBe(false);
    expect(await s.claim('a', 'third', 60)).toBe('handled');
    expect(await s.renew('a', 'next', 60)).toBe(false);
  });

  it('answers handled for the record TTL, then leases the key again', async () => {
    const s = await store();
    expect(await s.claim('a', 'first', 60)).toBe('claimed');
    expect(await s.complete('a', 'first', 0.3)).toBe(true);
    expect(await s.claim('a', 'second', 60)).toBe('handled');
    await sleep(400);
    expect(await s.claim('a', 'second', 60)).toBe('claimed');
  });

  it('keeps keys apart', async () => {
    const s = await store();
    expect(await s.claim('a', 't', 60)).toBe('claimed');
    expect(await s.claim('b', 't', 60)).toBe('claimed');
    expect(await s.complete('a', 't', 60)).toBe(true);
    expect(await s.claim('b', 'u', 60)).toBe('in-progress');
  });
});
