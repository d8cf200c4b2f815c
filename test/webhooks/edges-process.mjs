/**
 * The receivers' edges as a plain script on the built package, so that a test runs it on Node 20
 * and Node 24 (vitest itself needs Node 22+). Prints one JSON line of facts; the test judges them.
 * - `stillLeased`: a key leased by a slow onEvent is still in progress after 10,000 other events
 *   were handled in a store of the default size;
 * - `pulled` / `status413`: what a Fetch receiver pulled of a 300 MB unsigned stream, and its answer;
 * - `slow`: the reports of a slow onEvent that then throws;
 * - `lost`: the report of an onEvent that blocks the event loop past its lease.
 * Its one argument is the event to deliver, as JSON (the test's fixture).
 */
import { createSignedWebhook, createWebhookHandler, MemoryDedupeStore } from '../../dist/webhooks.js';

const SECRET = `whsec_${'k'.repeat(32)}`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const facts = { node: process.version };
const event = JSON.parse(process.argv[2]);

const store = new MemoryDedupeStore();
store.claim('slow', 'first', 10);
for (let i = 0; i < 10_000; i++) {
  store.claim(`other-${i}`, 'other', 10);
  store.complete(`other-${i}`, 'other', 86_400);
}
facts.stillLeased = store.claim('slow', 'retry', 10) === 'in-progress';

let pulled = 0;
const chunk = new Uint8Array(64 * 1024);
const stream = new ReadableStream(
  {
    pull(controller) {
      if (pulled >= 300 * 1024 * 1024) return controller.close();
      pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  },
  { highWaterMark: 0 },
);
const bounded = createWebhookHandler({ secret: SECRET, onEvent: () => {}, onError: () => {} });
const refused = await bounded(
  new Request('http://receiver/pix', { method: 'POST', body: stream, duplex: 'half' }),
);
Object.assign(facts, { pulled, status413: refused.status });

async function deliver(options) {
  const handler = createWebhookHandler({ secret: SECRET, ...options });
  const { body, headers } = await createSignedWebhook(event, SECRET);
  return handler(new Request('http://receiver/pix', { method: 'POST', body, headers }));
}

const slow = [];
await deliver({
  slowHandlerSeconds: 0.02,
  onEvent: async () => {
    await sleep(80);
    throw new Error('database down');
  },
  onError: (error) => slow.push(error.name),
});
facts.slow = slow;

const lost = [];
const answer = await deliver({
  processingTimeoutSeconds: 0.06,
  onEvent: () => {
    const until = Date.now() + 300;
    while (Date.now() < until) {
      // blocked
    }
  },
  onError: (error) => lost.push({ name: error.name, reason: error.reason, blockedMs: error.blockedMs }),
});
facts.lost = { status: answer.status, reports: lost };

process.stdout.write(`${JSON.stringify(facts)}\n`);
