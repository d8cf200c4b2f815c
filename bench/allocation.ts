/**
 * Memory allocated per call, with the network taken out: a steady figure where timings swing.
 * Run in its own process with a fixed young generation large enough that no collection happens
 * while it counts (checked: a round with one is refused), so the heap's growth over the calls is
 * what they allocated. bench/client.bench.ts starts it; alone:
 * node --expose-gc --min-semi-space-size=256 --max-semi-space-size=256 --import tsx bench/allocation.ts
 */
import { PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';
import ky from 'ky';
import { record } from './client.bench.js';

const { PaymentsClient } = (await import('../dist/index.js' as string)) as typeof import('../src/index.js');

const answer = async () =>
  new Response(record, {
    status: 200,
    headers: { 'content-type': 'application/json', 'x-request-id': 'req_bench' },
  });
const secretKey = `sk_live_prod_${'a'.repeat(32)}`;
const headers = { authorization: `Bearer ${secretKey}`, accept: 'application/json' };
const url = 'https://api.psp.test/v1/integrations/cashout/7';
const client = new PaymentsClient({ secretKey, baseUrl: 'https://api.psp.test', fetch: answer });

const tasks: [string, () => Promise<unknown>][] = [
  ['Response + JSON (no network)', async () => (await answer()).json()],
  ['ky, default options', () => ky.get(url, { headers, fetch: answer }).json()],
  ['client.cashouts.retrieve()', () => client.cashouts.retrieve(7)],
];

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with node --expose-gc');
let collections = 0;
new PerformanceObserver((list) => {
  collections += list.getEntries().length;
}).observe({ entryTypes: ['gc'] });
const rows: string[] = [];
for (const [name, task] of tasks) {
  for (let i = 0; i < 3_000; i++) await task();
  const perCall: number[] = [];
  for (let round = 0; round < 5; round++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 10));
    collections = 0;
    const before = v8.getHeapStatistics().used_heap_size;
    for (let i = 0; i < 1_000; i++) await task();
    const grown = v8.getHeapStatistics().used_heap_size - before;
    await new Promise((resolve) => setTimeout(resolve, 10));
    if (collections > 0)
      throw new Error('a collection ran while counting: give a larger --min-semi-space-size');
    perCall.push(grown / 1_000 / 1024);
  }
  rows.push(`| ${name} | ${(perCall.sort((a, b) => a - b)[2] as number).toFixed(1)} |`);
}
console.log(['| what | KB allocated per call (median of 5 × 1,000) |', '|---|---:|', ...rows].join('\n'));
