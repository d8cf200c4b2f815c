/**
 * A worker process of the pg-boss recipe (examples/webhook-queue-postgres.ts), for the crash test.
 * With HANG=1 its work never ends (the test kills it mid-job); otherwise it finishes at once. It
 * prints `ready`, `started <jobId>` and `finished <jobId>`. Its supervisor checks every second for
 * jobs past their expiry. Env: DATABASE_URL, QUEUE_NAME.
 */
import { PgBoss } from 'pg-boss';
import { startWorker } from '../../examples/webhook-queue-postgres.js';

const boss = new PgBoss({
  connectionString: process.env.DATABASE_URL as string,
  superviseIntervalSeconds: 1,
  monitorIntervalSeconds: 1,
});
boss.on('error', (error) => console.error(error));
await boss.start();
await startWorker(
  boss,
  async (_event, jobId) => {
    console.log(`started ${jobId}`);
    if (process.env.HANG === '1') await new Promise(() => {});
    console.log(`finished ${jobId}`);
  },
  process.env.QUEUE_NAME,
);
console.log('ready');
