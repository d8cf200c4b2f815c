/**
 * Mock throughput and scaling, in one run:
 * - requests per second of create-transaction and list-transactions through the handlers
 *   (msw's getResponse, no network), as ratios to a bare msw handler answering fixed JSON;
 * - list-transactions page 1 latency, the cost of a clock tick and heap at 1,000 / 10,000 /
 *   100,000 stored records.
 * Run: npm run bench:mock
 */
import { getResponse, HttpResponse, http } from 'msw';
import { createMockService } from '../src/mock/index.js';
import { compare, table } from './harness.js';

const BASE = 'https://api.pix-mock.test';

function requests(secretKey: string) {
  const headers = { authorization: `Bearer ${secretKey}`, 'content-type': 'application/json' };
  return {
    create: () =>
      new Request(`${BASE}/v1/integrations/create-transaction`, {
        method: 'POST',
        headers,
        body: '{"amount":19.9}',
      }),
    list: () => new Request(`${BASE}/v1/integrations/list-transactions?per_page=15`, { headers }),
  };
}

async function throughput(): Promise<string> {
  const mock = createMockService({ baseUrl: BASE, deliverWebhooks: false });
  const req = requests(mock.secretKey);
  const fixed = { transactionId: '9d3b2c1a-5e6f-4a7b-8c9d-0e1f2a3b4c5d', status: 'PENDING' };
  const bare = [http.get(`${BASE}/v1/integrations/list-transactions`, () => HttpResponse.json(fixed))];
  for (let i = 0; i < 200; i++) await getResponse(mock.handlers, req.create());
  const figures = await compare({
    'bare msw handler, fixed JSON (baseline)': async () => (await getResponse(bare, req.list()))?.text(),
    'create-transaction': async () => (await getResponse(mock.handlers, req.create()))?.text(),
    'list-transactions (page of 15)': async () => (await getResponse(mock.handlers, req.list()))?.text(),
  });
  return table(figures, 'bare msw handler, fixed JSON (baseline)');
}

const heapMiB = () => {
  globalThis.gc?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

/** The median time of `run` over 300 calls, in µs. */
async function medianMicros(run: () => unknown): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < 300; i++) {
    const start = performance.now();
    await run();
    samples.push((performance.now() - start) * 1000);
  }
  return samples.sort((a, b) => a - b)[150] as number;
}

async function scaling(): Promise<string> {
  const rows = [
    '| records | page 1 median latency (µs) | clock tick, nothing due (µs) | heap used (MiB) |',
    '|---:|---:|---:|---:|',
  ];
  for (const size of [1_000, 10_000, 100_000]) {
    const before = heapMiB();
    const mock = createMockService({
      baseUrl: BASE,
      deliverWebhooks: false,
      merchants: [{ initialBalanceCents: 0 }],
    });
    const req = requests(mock.secretKey);
    for (let i = 0; i < size; i++) await getResponse(mock.handlers, req.create());
    const heap = heapMiB() - before;
    const page = await medianMicros(async () => (await getResponse(mock.handlers, req.list()))?.text());
    // Every record is a PENDING charge: a tick looks only at the oldest one per merchant.
    const tick = await medianMicros(() => mock.clock.advance(1));
    rows.push(
      `| ${size.toLocaleString('en')} | ${Math.round(page)} | ${tick.toFixed(1)} | ${heap.toFixed(1)} |`,
    );
    mock.reset();
  }
  return rows.join('\n');
}

export async function benchMock(): Promise<string> {
  return `### Throughput through the handlers\n\n${await throughput()}\n\n### Scaling of list-transactions\n\n${await scaling()}\n\nA page costs the same at every size: the store keeps ordered id lists per merchant, type and status, and dates are found by binary search. Charge expiry runs when the clock moves, not on each request; a tick with nothing due reads one charge per merchant. Heap is measured after a forced GC when Node runs with \`--expose-gc\`.`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await benchMock());
}
