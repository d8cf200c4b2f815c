/**
 * The load generator of bench/sandbox-http.bench.ts, in a process of its own so that it does not
 * share the servers' event loop. Plain node:http with a keep-alive agent (lighter than fetch, so
 * the generator is not what limits the figures). Each message from the parent is one timed run:
 * `{ url, secretKey, ms, concurrency, ids }`; the answer is `{ count, errors, statuses, latencies }`.
 *
 * The mix: 40% creates (create-transaction), 60% reads (list-transactions?transactionId=…, for a
 * charge made earlier, twice as often as GET balance).
 */
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** One request; resolves to its status and the parsed body. */
function send(url, method, path, headers, body) {
  return new Promise((resolve) => {
    const req = request(`${url}${path}`, { method, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, body: text === '' ? null : JSON.parse(text) });
      });
      res.on('error', () => resolve({ status: 0, body: null }));
    });
    req.on('error', () => resolve({ status: 0, body: null }));
    req.end(body);
  });
}

async function run({ url, secretKey, ms, concurrency, ids }) {
  const auth = `Bearer ${secretKey}`;
  const known = [...ids];
  const latencies = [];
  const statuses = {};
  let errors = 0;
  let n = 0;
  const until = performance.now() + ms;
  const worker = async () => {
    while (performance.now() < until) {
      const i = n++;
      const kind = i % 5;
      const started = performance.now();
      let answer;
      if (kind < 2) {
        const body = JSON.stringify({ amount: 10 + (i % 1000) / 100, referenceId: randomUUID() });
        answer = await send(
          url,
          'POST',
          '/v1/integrations/create-transaction',
          {
            authorization: auth,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
          body,
        );
        if (answer.status === 201 && known.length < 1000) known.push(answer.body.transactionId);
      } else if (kind < 4) {
        const id = known[i % known.length];
        answer = await send(url, 'GET', `/v1/integrations/list-transactions?transactionId=${id}`, {
          authorization: auth,
        });
      } else {
        answer = await send(url, 'GET', '/v1/integrations/balance', { authorization: auth });
      }
      latencies.push(performance.now() - started);
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      if (answer.status < 200 || answer.status > 299) errors++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { count: latencies.length, wallMs: performance.now() - started, errors, statuses, latencies };
}

process.on('message', async (message) => {
  if (message === 'exit') {
    agent.destroy();
    process.disconnect();
    return;
  }
  process.send(await run(message));
});
