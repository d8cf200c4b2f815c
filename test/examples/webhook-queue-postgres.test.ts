/**
 * The pg-boss recipe (examples/webhook-queue-postgres.ts) against a real PostgreSQL, on Node 24
 * (pg-boss 12 needs Node 22.12+): the example runs as written, and a worker killed with SIGKILL
 * mid-job leaves the job to the next worker once the job expires (2 s here), which finishes it
 * once; a redelivered event is a duplicate, and its job id inserts no second job.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createQueueReceiver,
  createWebhookQueue,
  jobIdOf,
  uuidV5,
} from '../../examples/webhook-queue-postgres.js';
import { createSignedWebhook, parseWebhookEvent } from '../../src/webhooks/index.js';
import { runAsync } from '../package/consumer.js';
import { postgresServer } from '../support/postgres.js';
import { SECRET, transactionEvent } from '../webhooks/fixtures.js';

const ROOT = resolve(import.meta.dirname, '../..');
let server: { url: string; stop(): void };
const children: ChildProcess[] = [];

beforeAll(async () => {
  server = await postgresServer();
}, 60_000);
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  server?.stop();
});

/** A worker process; `printed` holds its lines, `line` waits for one starting with `prefix`. */
function worker(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/examples/pgboss-worker.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: server.url, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const printed: string[] = [];
  const waiting = new Set<() => void>();
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    printed.push(line);
    for (const wake of waiting) wake();
  });
  return {
    printed,
    line: (prefix: string) =>
      new Promise<string>((done, fail) => {
        const timer = setTimeout(
          () => fail(new Error(`no "${prefix}" line within 25 s: ${printed}`)),
          25_000,
        );
        const check = () => {
          const found = printed.find((line) => line.startsWith(prefix));
          if (found === undefined) return;
          clearTimeout(timer);
          waiting.delete(check);
          done(found);
        };
        waiting.add(check);
        check();
      }),
    kill: () => new Promise<void>((done) => child.once('exit', () => done()).kill('SIGKILL')),
  };
}

describe('examples/webhook-queue-postgres.ts', () => {
  it('job ids are UUID v5 of the event key (RFC 9562 test vector included)', async () => {
    // RFC 9562, appendix A.4: the DNS namespace and www.example.com.
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    );
    const event = parseWebhookEvent(JSON.stringify(transactionEvent()));
    expect(jobIdOf(event)).toBe(jobIdOf(parseWebhookEvent(JSON.stringify(transactionEvent()))));
    expect(jobIdOf(event)).not.toBe(
      jobIdOf(parseWebhookEvent(JSON.stringify(transactionEvent('transaction.created')))),
    );
  });

  it('runs as written: the worker handles each event; sent again after it finished, no second job', async () => {
    const out = await runAsync(
      process.execPath,
      ['--import', 'tsx', 'examples/webhook-queue-postgres.ts'],
      ROOT,
      { DATABASE_URL: server.url, PIX_PAYMENTS_BASE_URL: '' },
    );
    expect(out.trim().split('\n')).toEqual([
      'worker handled transaction.created',
      'worker handled transaction.completed',
      'sent again: no new job',
      'jobs in the queue: 2',
    ]);
  });

  it('a worker killed mid-job: the job expires, and the next worker finishes it once', async () => {
    const name = `crash-test-${Date.now()}`;
    const pool = new pg.Pool({ connectionString: server.url });
    const boss = new PgBoss({ connectionString: server.url, supervise: false });
    await boss.start();
    const http = createServer();
    try {
      await createWebhookQueue(boss, name, 2);
      const receive = createQueueReceiver(boss, pool, SECRET, name);
      http.on('request', (req, res) => void receive(req, res));
      await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
      const event = transactionEvent('transaction.completed', { referenceId: crypto.randomUUID() });
      const { body, headers } = await createSignedWebhook(event, SECRET);
      const deliver = () =>
        fetch(`http://127.0.0.1:${(http.address() as AddressInfo).port}/hook`, {
          method: 'POST',
          body,
          headers,
        });
      expect((await deliver()).status).toBe(200);

      const dying = worker({ QUEUE_NAME: name, HANG: '1' });
      const started = await dying.line('started');
      await dying.kill();
      const next = worker({ QUEUE_NAME: name });
      const finished = await next.line('finished');
      expect(finished.split(' ')[1]).toBe(started.split(' ')[1]);
      // Delivered again after the job finished: a duplicate; the job id inserts nothing either.
      expect(await (await deliver()).json()).toEqual({ received: true, duplicate: true });
      const parsed = parseWebhookEvent(body);
      expect(await boss.send(name, parsed, { id: jobIdOf(parsed) })).toBeNull();
      await new Promise((done) => setTimeout(done, 1_500));
      expect(next.printed.filter((line) => line.startsWith('finished'))).toHaveLength(1);
      const jobs = await boss.findJobs(name);
      expect(jobs.map((job) => [job.id, job.state])).toEqual([[jobIdOf(parsed), 'completed']]);
    } finally {
      http.close();
      await boss.stop();
      await pool.end();
    }
  }, 40_000);
});
