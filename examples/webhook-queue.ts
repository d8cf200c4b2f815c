/**
 * Heavy webhook work through a queue (BullMQ on Redis): the receiver only enqueues each event and
 * answers, and a worker does the heavy part with BullMQ's own retries. The job id is the event's
 * key, so the queue de-duplicates too: a delivery that was enqueued but not recorded as handled
 * (the receiver died in between) and that the service sends again is not queued twice. A worker
 * that dies mid-job leaves its job locked; once the lock lapses another worker takes it again.
 * Needs Redis: REDIS_URL (default redis://127.0.0.1:6379).
 * Run: REDIS_URL=redis://127.0.0.1:6379 npx tsx examples/webhook-queue.ts
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { type ConnectionOptions, Queue, Worker, type WorkerOptions } from 'bullmq';
import { Redis } from 'ioredis';
import {
  createNodeWebhookHandler,
  RedisDedupeStore,
  type WebhookEvent,
  webhookEventKey,
} from 'pix-payments/webhooks';
import { makeDeliveries, subscribe } from './receive.js';
import { connect } from './setup.js';

export const QUEUE = 'pix-webhooks';

/** The queue of received events: five tries each, with exponential backoff, kept a day once done. */
export function webhookQueue(connection: ConnectionOptions, name = QUEUE): Queue<WebhookEvent> {
  return new Queue<WebhookEvent>(name, {
    connection,
    defaultJobOptions: {
      attempts: 5,
      backoff: { type: 'exponential', delay: 1_000 },
      removeOnComplete: { age: 86_400 },
    },
  });
}

/** The job id of an event: its key, which BullMQ takes once ':' is encoded (it refuses ':' in ids). */
export const jobIdOf = (event: WebhookEvent) => encodeURIComponent(webhookEventKey(event));

/** A receiver whose onEvent only enqueues: the answer goes back in milliseconds. */
export function createQueueReceiver(
  queue: Queue<WebhookEvent>,
  secret: string,
  redis: Redis,
  prefix = QUEUE,
) {
  return createNodeWebhookHandler({
    secret,
    store: new RedisDedupeStore(redis, { prefix: `${prefix}:received:` }),
    onEvent: async (event) => {
      await queue.add(event.event, event, { jobId: jobIdOf(event) });
    },
  });
}

/** A worker that runs `work` on each queued event; BullMQ retries it if it throws. */
export function startWorker(
  connection: ConnectionOptions,
  work: (event: WebhookEvent, jobId: string) => Promise<void>,
  { name = QUEUE, ...options }: Partial<WorkerOptions> & { name?: string } = {},
): Worker<WebhookEvent> {
  return new Worker<WebhookEvent>(name, (job) => work(job.data, job.id as string), {
    connection,
    ...options,
  });
}

async function main(): Promise<void> {
  // BullMQ's workers block on Redis, so their connection must wait rather than fail a request.
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
  const connection = redis;
  // A queue of its own for this run, removed at the end; yours keeps QUEUE.
  const name = `${QUEUE}-example-${Date.now()}`;
  const queue = webhookQueue(connection, name);
  const worker = startWorker(
    connection,
    async (event) => {
      // The heavy part: update orders, send e-mails, call other services.
      console.log(`worker handled ${event.event}`);
    },
    { name },
  );
  const service = await connect();
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/pix`;
    const receive = createQueueReceiver(queue, await subscribe(service, url), redis, name);
    server.on('request', (req, res) => void receive(req, res));
    const done = new Promise<void>((resolve) => {
      let left = 2; // transaction.created, transaction.completed
      worker.on('completed', () => --left === 0 && resolve());
    });
    await makeDeliveries(service);
    await done;
    // The same event again, as after a receiver crash: the job id is taken, so nothing is added.
    const [first] = await queue.getCompleted();
    if (first !== undefined) await queue.add(first.name, first.data, { jobId: jobIdOf(first.data) });
    console.log(
      `jobs in the queue: ${(await queue.getCompleted()).length} (a repeated event is not queued twice)`,
    );
  } finally {
    server.close();
    await worker.close();
    await queue.obliterate({ force: true });
    await queue.close();
    redis.disconnect();
    await service.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
