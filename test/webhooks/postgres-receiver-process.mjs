/**
 * A webhook receiver as its own process sharing one PostgreSQL store, written as a merchant would
 * (the built package, pg, node:http), so tests can run it on Node 20 and Node 24 and kill it with
 * SIGKILL mid-onEvent. Plain JavaScript: Node 20 runs it without a loader. Environment:
 * PORT, DATABASE_URL, TABLE, SECRET, LEASE_SECONDS, and MODE:
 * - `mixed`: onEvent takes 0–20 ms, then throws one time in five (FAIL_RATE), else returns;
 * - `hang`: onEvent never returns (the test kills the process).
 * It prints one JSON line per fact: `{ ready: port }`, `{ start: key, at }`, `{ done: key, at }`.
 */
import { createServer } from 'node:http';
import pg from 'pg';
import { createNodeWebhookHandler, PostgresDedupeStore } from '../../dist/webhooks.js';

const {
  PORT = '0',
  DATABASE_URL,
  TABLE,
  SECRET,
  LEASE_SECONDS = '1',
  MODE = 'mixed',
  FAIL_RATE = '0.2',
} = process.env;
const say = (fact) => process.stdout.write(`${JSON.stringify(fact)}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });
const handler = createNodeWebhookHandler({
  secret: SECRET,
  store: new PostgresDedupeStore(pool, { table: TABLE }),
  processingTimeoutSeconds: Number(LEASE_SECONDS),
  onEvent: async (_event, { eventKey }) => {
    say({ start: eventKey, at: Date.now() });
    if (MODE === 'hang') await new Promise(() => {});
    await sleep(Math.random() * 20);
    if (Math.random() < Number(FAIL_RATE)) throw new Error('onEvent failed, as planned');
    say({ done: eventKey, at: Date.now() });
  },
  onError: () => {},
});
const server = createServer((req, res) => void handler(req, res));
server.listen(Number(PORT), '127.0.0.1', () => say({ ready: server.address().port }));
