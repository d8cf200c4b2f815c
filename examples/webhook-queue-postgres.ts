/**
 * Heavy webhook work through a PostgreSQL queue (pg-boss 12, which needs Node 22.12 or later): the
 * receiver only sends each event to the queue and answers, and a worker does the heavy part with
 * pg-boss's retries and its dead letter queue. The job's id is a UUID v5 of the event's key, so a
 * redelivered event inserts no second job, even after the first one finished (pg-boss's
 * `singletonKey` only covers jobs still queued or active). A worker that dies mid-job leaves its
 * job active; once the job's `expireInSeconds` has passed, pg-boss retries it on another worker.
 * Needs PostgreSQL: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 * Run: DATABASE_URL=postgres://… npx tsx examples/webhook-queue-postgres.ts
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import {
  createNodeWebhookHandler,
  PostgresDedupeStore,
  type WebhookEvent,
  webhookEventKey,
} from 'pix-payments/webhooks';
import { makeDeliveries, subscribe } from './receive.js';
import { connect } from './setup.js';

export const QUEUE = 'pix-webhooks';

/** This app's namespace for its job ids (any fixed UUID of your own). */
const JOB_ID_NAMESPACE = 'c4a7d1f0-5b2e-4f7a-9d3c-8e1b6a2f0d57';

/** A UUID v5 (RFC 9562): the SHA-1 of a namespace and a name, the same for the same name. */
export function uuidV5(name: string, namespace = JOB_ID_NAMESPACE): string {
  const bytes = createHash('sha1')
    .update(Buffer.from(namespace.replaceAll('-', ''), 'hex'))
    .update(name)
    .digest()
    .subarray(0, 16);
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The job id of an event: the same on every redelivery of it. */
export const jobIdOf = (event: WebhookEvent) => uuidV5(webhookEventKey(event));

/**
 * Creates the queue of received events and its dead letter queue: five retries with exponential
 * backoff, then the job goes to `<name>-failed` for someone to look at. A job active for longer
 * than `expireInSeconds` (its worker died) is retried.
 */
export async function createWebhookQueue(boss: PgBoss, name = QUEUE, expireInSeconds = 300): Promise<void> {
  await boss.createQueue(`${name}-failed`);
  await boss.createQueue(name, {
    retryLimit: 5,
    retryDelay: 1,
    retryBackoff: true,
    expireInSeconds,
    deadLetter: `${name}-failed`,
  });
}

/** A receiver whose onEvent only sends the event to the queue: the answer goes back in milliseconds. */
export function createQueueReceiver(boss: PgBoss, pool: pg.Pool, secret: string, name = QUEUE) {
  return createNodeWebhookHandler({
    secret,
    store: new PostgresDedupeStore(pool),
    onEvent: async (event) => {
      // null when a job of this id exists (queued, active, finished or failed): nothing to do.
      await boss.send(name, event, { id: jobIdOf(event) });
    },
  });
}

/** Works the queue: `work` runs once per job, and again on a retry if it throws. */
export function startWorker(
  boss: PgBoss,
  work: (event: WebhookEvent, jobId: string) => Promise<void>,
  name = QUEUE,
): Promise<string> {
  // Polled every half second (pg-boss's default is 2 s); one job at a time per worker.
  return boss.work<WebhookEvent>(name, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
    if (job !== undefined) await work(job.data, job.id);
  });
}

async function main(): Promise<void> {
  const connectionString = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const pool = new pg.Pool({ connectionString });
  const boss = new PgBoss(connectionString);
  boss.on('error', (error) => console.error(error));
  await boss.start();
  // A queue of its own for this run, removed at the end; yours keeps QUEUE.
  const name = `${QUEUE}-example-${Date.now()}`;
  await createWebhookQueue(boss, name);
  let finished: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    let left = 2; // transaction.created, transaction.completed
    finished = () => --left === 0 && resolve();
  });
  await startWorker(
    boss,
    async (event) => {
      // The heavy part: update orders, send e-mails, call other services.
      console.log(`worker handled ${event.event}`);
      finished();
    },
    name,
  );
  const service = await connect();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/pix`;
    const receive = createQueueReceiver(boss, pool, await subscribe(service, url), name);
    server.on('request', (req, res) => void receive(req, res));
    await makeDeliveries(service);
    await done;
    // The same event again after its job finished, as after a receiver crash: no second job.
    const [first] = await boss.findJobs<WebhookEvent>(name);
    if (first !== undefined) {
      const again = await boss.send(name, first.data, { id: jobIdOf(first.data) });
      console.log(`sent again: ${again === null ? 'no new job' : 'a second job'}`);
    }
    console.log(`jobs in the queue: ${(await boss.findJobs(name)).length}`);
  } finally {
    server.close();
    await service.close();
    await boss.deleteQueue(name);
    await boss.deleteQueue(`${name}-failed`);
    await boss.stop();
    await pool.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
