/**
 * The shared de-duplication stores on one machine: claims per second of PostgresDedupeStore (a
 * `pg.Pool` of at most 64 connections) and of RedisDedupeStore (one ioredis connection), each
 * with 1 and 64 concurrent claim loops, and the latency of a claim (p50, p99) under 64 loops.
 * Every claim is of a new key (the 'claimed' outcome: an insert), as a receiver's first delivery
 * is. Rounds alternate between the stores. It reports; it sets no threshold.
 * Servers: DATABASE_URL and REDIS_URL, else started here (test/support). PostgreSQL's
 * max_connections must be at least 100 (the one started here has 200).
 * Run: node --import tsx bench/dedupe-postgres.bench.ts
 */
import { pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import {
  type IoRedisLike,
  PostgresDedupeStore,
  RedisDedupeStore,
  type WebhookDedupeStore,
} from '../src/webhooks/index.js';
import { postgresServer } from '../test/support/postgres.js';
import { redisServer } from '../test/support/redis.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = 2;
const TOKEN = 'c0ffee00-0000-4000-8000-000000000000';

interface Figures {
  claimsPerSecond: number;
  p50: number;
  p99: number;
}

/** `loops` claim loops for SECONDS: claims per second and each claim's latency (ms). */
async function measure(store: WebhookDedupeStore, loops: number, prefix: string): Promise<Figures> {
  const latencies: number[] = [];
  const until = performance.now() + SECONDS * 1000;
  let n = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: loops }, async () => {
      while (performance.now() < until) {
        const key = `${prefix}:${n++}`;
        const t0 = performance.now();
        await store.claim(key, TOKEN, 60);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { claimsPerSecond: latencies.length / elapsed, p50: at(0.5), p99: at(0.99) };
}

export async function benchDedupePostgres(): Promise<string> {
  const [postgres, redisServerRun] = await Promise.all([postgresServer(), redisServer()]);
  const pool = new pg.Pool({ connectionString: postgres.url, max: 64 });
  const redis = new Redis(redisServerRun.url);
  try {
    const { rows } = await pool.query('SHOW max_connections');
    const stores: Record<string, WebhookDedupeStore> = {
      PostgreSQL: new PostgresDedupeStore(pool, { table: `bench_dedupe_${Date.now()}` }),
      Redis: new RedisDedupeStore(redis as unknown as IoRedisLike, { prefix: `bench:${Date.now()}:` }),
    };
    // Warm up: the table, the pool's connections, the scripts.
    for (const [name, store] of Object.entries(stores))
      await measure(store, 64, `${name}:warm`).catch(() => {});
    const results: Record<string, Figures[]> = {};
    for (let round = 0; round < ROUNDS; round++)
      for (const loops of [1, 64])
        for (const [name, store] of Object.entries(stores)) {
          const key = `${name}, ${loops} loop${loops > 1 ? 's' : ''}`;
          const figures = await measure(store, loops, `${name}:${loops}:${round}`);
          results[key] = [...(results[key] ?? []), figures];
        }
    const best = (figures: Figures[]) =>
      figures.reduce((a, b) => (b.claimsPerSecond > a.claimsPerSecond ? b : a));
    const lines = [
      `PostgreSQL ${(await pool.query('SHOW server_version')).rows[0].server_version} (max_connections ${rows[0].max_connections}, pool max 64) and Redis on this machine; ${SECONDS} s per measure, best of ${ROUNDS} interleaved rounds. Every claim is of a new key.`,
      '',
      '| store, claim loops | claims/s | p50 (ms) | p99 (ms) |',
      '|---|---:|---:|---:|',
      ...Object.entries(results).map(([key, figures]) => {
        const { claimsPerSecond, p50, p99 } = best(figures);
        return `| ${key} | ${Math.round(claimsPerSecond).toLocaleString('en')} | ${p50.toFixed(2)} | ${p99.toFixed(2)} |`;
      }),
    ];
    const pg64 = best(results['PostgreSQL, 64 loops'] ?? []);
    const redis64 = best(results['Redis, 64 loops'] ?? []);
    lines.push(
      '',
      `With 64 loops PostgreSQL claims ${(pg64.claimsPerSecond / redis64.claimsPerSecond).toFixed(2)}× as many per second as Redis; a claim's p99 is ${pg64.p99.toFixed(1)} ms against ${redis64.p99.toFixed(1)} ms.`,
    );
    return lines.join('\n');
  } finally {
    await pool.end();
    redis.disconnect();
    postgres.stop();
    redisServerRun.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(await benchDedupePostgres());
