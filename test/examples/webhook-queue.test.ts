/**
 * The queue recipe (examples/webhook-queue.ts) against a real redis-server: the example runs as
 * written, and a worker killed with SIGKILL mid-job leaves the job to the next worker, which
 * finishes it; a repeated delivery is acknowledged as a duplicate and never queued twice.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQueueReceiver, jobIdOf, webhookQueue } from '../../examples/webhook-queue.js';
import { createSignedWebhook, type WebhookEvent } from '../../src/webhooks/index.js';
import { runAsync } from '../package/consumer.js';
import { redisServer } from '../support/redis.js';
import { SECRET, transactionEvent } from '../webhooks/fixtures.js';

const ROOT = resolve(import.meta.dirname, '../..');
let redis: { url: string; stop(): void };
const children: ChildProcess[] = [];

beforeAll(async () => {
  redis = await redisServer();
});
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  redis.stop();
});

/** A worker process; resolves each printed line to whoever waits for it. */
function worker(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/examples/queue-worker.ts'], {
    cwd: ROOT,
    env: { ...process.env, REDIS_URL: redis.url, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  return {
    line: (prefix: string) =>
      new Promise<string>((done, fail) => {
        const timer = setTimeout(() => fail(new Error(`no "${prefix}" line within 20 s`)), 20_000);
        lines.on('line', (line) => {
          if (!line.startsWith(prefix)) return;
          clearTimeout(timer);
          done(line);
        });
      }),
    kill: () => new Promise<void>((done) => child.once('exit', () => done()).kill('SIGKILL')),
  };
}

describe('examples/webhook-queue.ts', () => {
  it('runs as written: the worker handles each event, a repeated one is not queued twice', async () => {
    const out = await runAsync(process.execPath, ['--import', 'tsx', 'examples/webhook-queue.ts'], ROOT, {
      REDIS_URL: redis.url,
      PIX_PAYMENTS_BASE_URL: '',
    });
    expect(out.trim().split('\n')).toEqual([
      'worker handled transaction.created',
      'worker handled transaction.completed',
      'jobs in the queue: 2 (a repeated event is not queued twice)',
    ]);
  });

  it('a worker killed mid-job: the next worker takes the job once its lock lapses', async () => {
    const name = `crash-test-${Date.now()}`;
    const client = new Redis(redis.url, { maxRetriesPerRequest: null });
    const queue = webhookQueue(client, name);
    const receive = createQueueReceiver(queue, SECRET, client, name);
    const server = createServer((req, res) => void receive(req, res)).listen(0, '127.0.0.1');
    await new Promise((done) => server.once('listening', done));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      const event = transactionEvent();
      const { body, headers } = await createSignedWebhook(event, SECRET);
      const dying = worker({ QUEUE_NAME: name, HANG: '1' });
      const started = dying.line('started');
      expect((await fetch(url, { method: 'POST', body, headers })).status).toBe(200);
      const jobId = jobIdOf(JSON.parse(body) as WebhookEvent);
      expect(await started).toBe(`started ${jobId}`);
      await dying.kill();
      const next = worker({ QUEUE_NAME: name });
      expect(await next.line('finished')).toBe(`finished ${jobId}`);
      const again = await fetch(url, { method: 'POST', body, headers });
      expect(await again.json()).toEqual({ received: true, duplicate: true });
      // Even past the receiver's own record, the queue refuses a second job with that id.
      await queue.add(event.event, JSON.parse(body) as WebhookEvent, { jobId });
      expect(await queue.getJobCounts('completed', 'wait', 'active', 'failed')).toEqual({
        completed: 1,
        wait: 0,
        active: 0,
        failed: 0,
      });
      await next.kill();
    } finally {
      server.close();
      await queue.obliterate({ force: true });
      await queue.close();
      client.disconnect();
    }
  });
});
