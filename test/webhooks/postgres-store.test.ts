/**
 * PostgresDedupeStore against a real PostgreSQL (DATABASE_URL, else started here): one statement
 * per call, the table made on first use (12 receivers starting at once included) or by the app,
 * quoting, deleteExpired, errors as the Redis store's, and completeWithin in the app's transaction.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedWebhook,
  createWebhookHandler,
  PostgresDedupeStore,
  type PostgresQueryable,
  postgresDedupeTableSql,
  WebhookLeaseLostError,
} from '../../src/webhooks/index.js';
import { postgresServer } from '../support/postgres.js';
import { SECRET, transactionEvent } from './fixtures.js';

let server: { url: string; stop(): void };
let pool: pg.Pool;
let n = 0;
const table = (name: string) => `pg_store_${name}_${process.pid}_${n++}`;

beforeAll(async () => {
  server = await postgresServer();
  pool = new pg.Pool({ connectionString: server.url, max: 30 });
}, 60_000);
afterAll(async () => {
  await pool?.end();
  server?.stop();
});

/** The pool, counting the statements sent through it. */
function counted(): { pool: PostgresQueryable; sent: string[] } {
  const sent: string[] = [];
  return {
    sent,
    pool: {
      query: (text: string, values?: unknown[]) => {
        sent.push(text);
        return pool.query(text, values);
      },
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PostgresDedupeStore', () => {
  it('claims in one statement whatever the outcome; renew, complete and release are one each', async () => {
    const { pool: spy, sent } = counted();
    const store = new PostgresDedupeStore(spy, { table: table('count') });
    expect(await store.claim('a', 't1', 60)).toBe('claimed');
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatch(/^CREATE TABLE IF NOT EXISTS/);
    sent.length = 0;
    expect(await store.claim('a', 't2', 60)).toBe('in-progress');
    expect(await store.renew('a', 't1', 60)).toBe(true);
    expect(await store.complete('a', 't1', 60)).toBe(true);
    expect(await store.claim('a', 't3', 60)).toBe('handled');
    await store.release('a', 't1');
    expect(sent).toHaveLength(5);
    expect(sent.every((text) => !text.includes('now()'))).toBe(true);
    expect(sent[0]).toContain('clock_timestamp()');
  });

  it('compares expiry with the database clock, not the receiver clock', async () => {
    const store = new PostgresDedupeStore(pool, { table: table('clock') });
    const realNow = Date.now;
    Date.now = () => realNow() + 3_600_000;
    try {
      expect(await store.claim('a', 't1', 60)).toBe('claimed');
      expect(await store.claim('a', 't2', 60)).toBe('in-progress');
    } finally {
      Date.now = realNow;
    }
  });

  it('12 stores starting at once create the table once and all work', async () => {
    const name = table('race');
    const pools = Array.from({ length: 12 }, () => new pg.Pool({ connectionString: server.url, max: 1 }));
    try {
      const stores = pools.map((own) => new PostgresDedupeStore(own, { table: name }));
      const claims = await Promise.all(stores.map((store, i) => store.claim('evt', `t${i}`, 60)));
      expect(claims.filter((claim) => claim === 'claimed')).toHaveLength(1);
      expect(claims.filter((claim) => claim === 'in-progress')).toHaveLength(11);
    } finally {
      await Promise.all(pools.map((own) => own.end()));
    }
  });

  it('with createTable: false, uses the table the app made from postgresDedupeTableSql', async () => {
    const name = table('own');
    const store = new PostgresDedupeStore(pool, { table: name, createTable: false });
    await expect(store.claim('a', 't', 60)).rejects.toMatchObject({ code: '42P01' });
    await pool.query(postgresDedupeTableSql(name));
    expect(await store.claim('a', 't', 60)).toBe('claimed');
    expect(postgresDedupeTableSql()).toContain('"pix_payments_webhook_events"');
  });

  it('quotes each part of the table name: schema.name, mixed case, quotes and spaces', async () => {
    await pool.query('CREATE SCHEMA IF NOT EXISTS "Hooks schema"');
    const name = `Hooks schema.Events "${n++}" ${process.pid}`;
    const store = new PostgresDedupeStore(pool, { table: name });
    expect(await store.claim('a', 't', 60)).toBe('claimed');
    const { rows } = await pool.query(
      'SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = $1 AND table_name = $2',
      ['Hooks schema', name.slice('Hooks schema.'.length)],
    );
    expect(rows[0].n).toBe(1);
    expect(postgresDedupeTableSql('a"b')).toContain('"a""b"');
    const evil = table('x"; DROP TABLE y; --');
    expect(await new PostgresDedupeStore(pool, { table: evil }).claim('a', 't', 60)).toBe('claimed');
  });

  it('refuses a table name of more than two parts, an empty part or a part over 63 bytes', () => {
    for (const bad of ['a.b.c', '.a', 'a.', '', 'é'.repeat(32), `s.${'x'.repeat(64)}`])
      expect(() => new PostgresDedupeStore(pool, { table: bad })).toThrow(RangeError);
    expect(() => new PostgresDedupeStore(pool, { table: 'x'.repeat(63) })).not.toThrow();
    expect(() => postgresDedupeTableSql('a.b.c')).toThrow(RangeError);
  });

  it('refuses unknown options as the other stores do, and a pool without query', () => {
    expect(() => new PostgresDedupeStore(pool, { tabel: 'x' } as never)).toThrow(
      new TypeError('Unknown option tabel of PostgresDedupeStore; did you mean table?'),
    );
    expect(() => new PostgresDedupeStore(pool, { createTable: 'yes' } as never)).toThrow(TypeError);
    expect(() => new PostgresDedupeStore({} as never)).toThrow(/query\(text, values\)/);
  });

  it('deleteExpired removes expired records and lapsed leases, and answers how many', async () => {
    const store = new PostgresDedupeStore(pool, { table: table('expired') });
    expect(await store.deleteExpired()).toBe(0);
    await store.claim('lapsed', 't', 0.1);
    await store.claim('old', 't', 60);
    await store.complete('old', 't', 0.1);
    await store.claim('live', 't', 60);
    await store.claim('kept', 't', 60);
    await store.complete('kept', 't', 60);
    await sleep(200);
    expect(await store.deleteExpired()).toBe(2);
    expect(await store.claim('old', 'u', 60)).toBe('claimed');
    expect(await store.claim('live', 'u', 60)).toBe('in-progress');
    expect(await store.claim('kept', 'u', 60)).toBe('handled');
    // A lapsed holder completing after its row was deleted still records the event.
    expect(await store.complete('lapsed', 't', 60)).toBe(false);
    expect(await store.claim('lapsed', 'u', 60)).toBe('handled');
  });

  it('a store error is reported as the Redis store errors are: 500, through onError, redacted', async () => {
    const reports: unknown[] = [];
    const failing = { query: () => Promise.reject(new Error(`connection refused for ${SECRET}`)) };
    const receiver = createWebhookHandler({
      secret: SECRET,
      store: new PostgresDedupeStore(failing),
      onEvent: () => {},
      onError: (error) => reports.push(error),
    });
    const { body, headers } = await createSignedWebhook(transactionEvent(), SECRET);
    const answer = await receiver(new Request('http://r/webhook', { method: 'POST', body, headers }));
    expect(answer.status).toBe(500);
    expect(reports).toHaveLength(1);
    expect((reports[0] as Error).message).toMatch(
      /^the de-duplication store failed to claim transaction\.\S+ \(answered 500/,
    );
    expect((reports[0] as Error).message).not.toContain(SECRET);
  });
});

describe('PostgresDedupeStore.completeWithin, in the app transaction', () => {
  async function setUp() {
    const store = new PostgresDedupeStore(pool, { table: table('within') });
    const client = await pool.connect();
    return { store, client, done: () => client.release() };
  }

  it('records the event with the app write; the receiver complete and renew then count it as theirs', async () => {
    const { store, client, done } = await setUp();
    try {
      expect(await store.claim('e', 'mine', 60)).toBe('claimed');
      await client.query('BEGIN');
      await store.completeWithin(client, 'e', 'mine');
      // Another attempt waits on the row until the app commits, then finds the event handled.
      const other = store.claim('e', 'other', 60);
      await sleep(100);
      await client.query('COMMIT');
      expect(await other).toBe('handled');
      expect(await store.renew('e', 'mine', 60)).toBe(true);
      await store.release('e', 'mine');
      expect(await store.complete('e', 'mine', 60)).toBe(true);
      expect(await store.claim('e', 'third', 60)).toBe('handled');
    } finally {
      done();
    }
  });

  it('a rollback leaves the lease as it was: the event is handled again later', async () => {
    const { store, client, done } = await setUp();
    try {
      expect(await store.claim('e', 'mine', 60)).toBe('claimed');
      await client.query('BEGIN');
      await store.completeWithin(client, 'e', 'mine');
      await client.query('ROLLBACK');
      expect(await store.claim('e', 'other', 60)).toBe('in-progress');
      await store.release('e', 'mine');
      expect(await store.claim('e', 'other', 60)).toBe('claimed');
    } finally {
      done();
    }
  });

  it('throws WebhookLeaseLostError when the lease lapsed or was taken, so the app write rolls back', async () => {
    const { store, client, done } = await setUp();
    try {
      await store.claim('lapsed', 'mine', 0.1);
      await store.claim('taken', 'mine', 0.1);
      await sleep(200);
      await store.claim('taken', 'other', 60);
      for (const [key, reason] of [
        ['lapsed', 'lapsed'],
        ['taken', 'taken'],
      ] as const) {
        await client.query('BEGIN');
        const error = await store.completeWithin(client, key, 'mine').catch((caught: unknown) => caught);
        await client.query('ROLLBACK');
        expect(error).toBeInstanceOf(WebhookLeaseLostError);
        expect(error).toMatchObject({ eventKey: key, reason });
      }
      expect(await store.claim('taken', 'third', 60)).toBe('in-progress');
    } finally {
      done();
    }
  });

  it('judges the lease by clock_timestamp(), not by now() (the transaction start)', async () => {
    const { store, client, done } = await setUp();
    try {
      expect(await store.claim('e', 'mine', 0.3)).toBe('claimed');
      await client.query('BEGIN');
      await client.query('SELECT 1');
      await sleep(400);
      await expect(store.completeWithin(client, 'e', 'mine')).rejects.toMatchObject({ reason: 'lapsed' });
      await client.query('ROLLBACK');
    } finally {
      done();
    }
  });

  it('a renewal waiting on the app row lock is not a lost lease, even past the lease term', async () => {
    const { store, client, done } = await setUp();
    try {
      expect(await store.claim('e', 'mine', 0.3)).toBe('claimed');
      await client.query('BEGIN');
      await store.completeWithin(client, 'e', 'mine');
      await sleep(400);
      const renewal = store.renew('e', 'mine', 0.3);
      await sleep(100);
      await client.query('COMMIT');
      expect(await renewal).toBe(true);
      expect(await store.complete('e', 'mine', 60)).toBe(true);
    } finally {
      done();
    }
  });
});
