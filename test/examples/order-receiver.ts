/**
 * A receiver process of examples/webhook-postgres-order.ts, for the crash test. With
 * KILL_AT=before-commit (after the app's write, before its commit) or after-commit (committed, not
 * yet answered) onEvent stops there for good and prints `at <point> <eventKey>`: the test kills
 * the process with SIGKILL. Prints `ready <port>`. Env: DATABASE_URL, SECRET, KILL_AT.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { PostgresDedupeStore } from 'pix-payments/webhooks';
import { createOrderReceiver } from '../../examples/webhook-postgres-order.js';

const { DATABASE_URL, SECRET = '', KILL_AT } = process.env;
const pool = new pg.Pool({ connectionString: DATABASE_URL });
const stop = (point: string) => async (eventKey: string) => {
  if (KILL_AT !== point) return;
  console.log(`at ${point} ${eventKey}`);
  await new Promise(() => {});
};
const receive = createOrderReceiver(pool, new PostgresDedupeStore(pool), SECRET, {
  beforeCommit: stop('before-commit'),
  afterCommit: stop('after-commit'),
});
const server = createServer((req, res) => void receive(req, res));
server.listen(0, '127.0.0.1', () => console.log(`ready ${(server.address() as AddressInfo).port}`));
