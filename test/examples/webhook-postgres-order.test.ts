/**
 * examples/webhook-postgres-order.ts against a real PostgreSQL: it runs as written, and an order is
 * marked paid exactly once per charge when its receiver is killed with SIGKILL after the app's
 * write and before the commit (nothing was done: the retry does it all once the lease lapses), or
 * after the commit and before the answer (the retry is a duplicate).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDERS_SQL } from '../../examples/webhook-postgres-order.js';
import { createSignedWebhook } from '../../src/webhooks/index.js';
import { runAsync } from '../package/consumer.js';
import { postgresServer } from '../support/postgres.js';
import { SECRET, transactionEvent } from '../webhooks/fixtures.js';

const ROOT = resolve(import.meta.dirname, '../..');
let server: { url: string; stop(): void };
let pool: pg.Pool;
const children: ChildProcess[] = [];

beforeAll(async () => {
  server = await postgresServer();
  pool = new pg.Pool({ connectionString: server.url });
  await pool.query(ORDERS_SQL);
}, 60_000);
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await pool?.end();
  server?.stop();
});

/** A receiver process of the example; `lines` waits for `count` printed lines starting with `prefix`. */
async function receiver(killAt = '') {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/examples/order-receiver.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: server.url, SECRET, KILL_AT: killAt },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const printed: string[] = [];
  const waiting = new Set<() => void>();
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    printed.push(line);
    for (const wake of waiting) wake();
  });
  const lines = (prefix: string, count = 1) =>
    new Promise<string[]>((done) => {
      const check = () => {
        const found = printed.filter((line) => line.startsWith(prefix));
        if (found.length < count) return;
        waiting.delete(check);
        done(found);
      };
      waiting.add(check);
      check();
    });
  const port = Number((await lines('ready'))[0]?.split(' ')[1]);
  const post = (delivery: { body: string; headers: Record<string, string> }) =>
    fetch(`http://127.0.0.1:${port}/webhooks/pix`, { method: 'POST', ...delivery });
  const kill = () =>
    new Promise<void>((done) => {
      child.once('exit', () => done());
      child.kill('SIGKILL');
    });
  return { lines, post, kill };
}

/** Three orders waiting for payment, and the signed delivery that pays each. */
async function ordersAndPayments() {
  const ids = Array.from({ length: 3 }, () => crypto.randomUUID());
  for (const id of ids) await pool.query('INSERT INTO example_orders (id) VALUES ($1)', [id]);
  const deliveries = await Promise.all(
    ids.map((referenceId, i) =>
      createSignedWebhook(transactionEvent('transaction.completed', { id: 900 + i, referenceId }), SECRET),
    ),
  );
  return { ids, deliveries };
}

const timesPaid = async (ids: string[]) =>
  (await pool.query('SELECT times_paid FROM example_orders WHERE id = ANY($1) ORDER BY id', [ids])).rows.map(
    (row) => row.times_paid,
  );

/** Sends `delivery` as the service retries: again on anything but 200. Resolves with the 200's body and the 409s. */
async function retryUntilTaken(post: (d: never) => Promise<Response>, delivery: unknown) {
  let refused = 0;
  for (;;) {
    const answer = await post(delivery as never);
    if (answer.status === 200) return { body: await answer.json(), refused };
    if (answer.status === 409) refused++;
    await answer.body?.cancel();
    await new Promise((done) => setTimeout(done, 200));
  }
}

describe('examples/webhook-postgres-order.ts', () => {
  it('runs as written: the order is paid once, the repeated delivery is a duplicate', async () => {
    const out = await runAsync(
      process.execPath,
      ['--import', 'tsx', 'examples/webhook-postgres-order.ts'],
      ROOT,
      { DATABASE_URL: server.url, PIX_PAYMENTS_BASE_URL: '' },
    );
    expect(out.trim().split('\n')).toEqual([
      'delivered again: 200 {"received":true,"duplicate":true}',
      'order: paid, paid 1 time(s)',
    ]);
  });

  it('a receiver killed before the commit: nothing is paid, and the retry pays once after the lease lapses', async () => {
    const { ids, deliveries } = await ordersAndPayments();
    const [dying, next] = await Promise.all([receiver('before-commit'), receiver()]);
    for (const delivery of deliveries) void dying.post(delivery).catch(() => {});
    await dying.lines('at before-commit', 3);
    await dying.kill();
    const killedAt = Date.now();
    expect(await timesPaid(ids)).toEqual([0, 0, 0]);
    const answers = await Promise.all(deliveries.map((delivery) => retryUntilTaken(next.post, delivery)));
    // The dead attempt's lease (2 s) held: the retries were told to come back, then handled.
    expect(answers.map((answer) => answer.body)).toEqual(Array(3).fill({ received: true }));
    expect(answers.every((answer) => answer.refused > 0)).toBe(true);
    expect(Date.now() - killedAt).toBeGreaterThan(1_000);
    expect(await timesPaid(ids)).toEqual([1, 1, 1]);
  });

  it('a receiver killed after the commit, before its answer: the retry is a duplicate, paid once', async () => {
    const { ids, deliveries } = await ordersAndPayments();
    const [dying, next] = await Promise.all([receiver('after-commit'), receiver()]);
    for (const delivery of deliveries) void dying.post(delivery).catch(() => {});
    await dying.lines('at after-commit', 3);
    await dying.kill();
    expect(await timesPaid(ids)).toEqual([1, 1, 1]);
    const answers = await Promise.all(deliveries.map((delivery) => retryUntilTaken(next.post, delivery)));
    expect(answers).toEqual(Array(3).fill({ body: { received: true, duplicate: true }, refused: 0 }));
    expect(await timesPaid(ids)).toEqual([1, 1, 1]);
  });
});
