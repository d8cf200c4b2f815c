/**
 * A worker process of the queue recipe (examples/webhook-queue.ts), for the crash test. With
 * HANG=1 its work never ends (the test kills it mid-job); otherwise it finishes at once. It prints
 * `started <jobId>` and `finished <jobId>`. Env: REDIS_URL, QUEUE_NAME.
 */
import { Redis } from 'ioredis';
import { startWorker } from '../../examples/webhook-queue.js';

const connection = new Redis(process.env.REDIS_URL as string, { maxRetriesPerRequest: null });
startWorker(
  connection,
  async (_event, jobId) => {
    console.log(`started ${jobId}`);
    if (process.env.HANG === '1') await new Promise(() => {});
    console.log(`finished ${jobId}`);
  },
  // A short lock, checked often, so a dead worker's job comes back within a second or two.
  { name: process.env.QUEUE_NAME as string, lockDuration: 1_000, stalledInterval: 500 },
);
