/**
 * A webhook receiver as its own process, written as a merchant would (the built package, ioredis,
 * node:http), so tests can run it on Node 20 and Node 24 and kill it with SIGKILL mid-onEvent.
 * Plain JavaScript: Node 20 runs it without a loader. Configured by environment:
 * PORT, REDIS_URL, PREFIX, SECRET, LEASE_SECONDS, and MODE:
 * - `ok`: onEvent returns at once;
 * - `hang`: onEvent never returns (the test kills the process);
 * - `slow-then-throw`: the first call per event sleeps HOLD_MS then throws, later calls return;
 * - `slow`: onEvent sleeps HOLD_MS then returns.
 * It prints one JSON line per fact: `{ ready: port }`, `{ start: key }`, `{ done: key }`, `{ answer: status }`.
 */
import { createServer } from 'node:http';
import { Redis } from 'ioredis';
import { createNodeWebhookHandler, RedisDedupeStore, webhookEventKey } from '../../dist/webhooks.js';

const {
  PORT = '0',
  REDIS_URL,
  PREFIX,
  SECRET,
  LEASE_SECONDS = '1',
  MODE = 'ok',
  HOLD_MS = '0',
} = process.env;
const say = (fact) => process.stdout.write(`${JSON.stringify(fact)}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const failedOnce = new Set();

const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
const handler = createNodeWebhookHandler({
  secret: SECRET,
  store: new RedisDedupeStore(redis, { prefix: PREFIX }),
  processingTimeoutSeconds: Number(LEASE_SECONDS),
  onError: () => {},
  onEvent: async (event) => {
    const key = webhookEventKey(event);
    say({ start: key });
    if (MODE === 'hang') await new Promise(() => {});
    if (MODE === 'slow' || (MODE === 'slow-then-throw' && !failedOnce.has(key))) await sleep(Number(HOLD_MS));
    if (MODE === 'slow-then-throw' && !failedOnce.has(key)) {
      failedOnce.add(key);
      throw new Error('failed after a slow start');
    }
    say({ done: key });
  },
});
const server = createServer(async (request, response) => {
  await handler(request, response);
  say({ answer: response.statusCode });
});
server.listen(Number(PORT), '127.0.0.1', () => say({ ready: server.address().port, node: process.version }));
