/**
 * The mock with a state file (`--state`) beside the same mock in memory, over real HTTP: bursts of
 * concurrent creates (charges and payouts in turn), in alternating rounds, each on a fresh server
 * (and a fresh file). With a state file, an answer waits until its change is on disk (fsync), and
 * concurrent answers share one write (group commit).
 * Run: node --import tsx bench/state.bench.ts
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMockServer } from '../src/mock-entry.js';
import { writeAtomically } from '../src/sandbox/state/state-file.js';
import { type Burst, burst, caller, percentile } from './load-http.js';

const CREATES = 500;
const ROUNDS = 3;
/** Creates sent one after the other, where no two answers can share a write. */
const SEQUENTIAL = 100;

const create = (call: ReturnType<typeof caller>, i: number) =>
  i % 2 === 0
    ? () => call('POST', '/v1/integrations/create-transaction', { amount: (100 + i) / 100 })
    : () =>
        call('POST', '/v1/integrations/create-cashout', {
          amount: (1_000 + i) / 100,
          pixKey: `payee${i}@example.com`,
          pixKeyType: 'EMAIL',
          idempotencyKey: randomUUID(),
        });

/** Creates one after the other, as one client waiting for each answer. */
async function oneByOne(call: ReturnType<typeof caller>): Promise<Burst> {
  const start = performance.now();
  const answers = [];
  for (let i = 0; i < SEQUENTIAL; i++) answers.push(await create(call, i)());
  return { answers, wallMs: performance.now() - start };
}

/**
 * On a fresh server: a burst of reads that opens the connections, a burst of creates, then
 * creates one by one.
 */
async function round(state: string | undefined): Promise<[Burst, Burst]> {
  const server = await startMockServer({ deliverWebhooks: false, ...(state === undefined ? {} : { state }) });
  try {
    const call = caller(server.url, server.service.secretKey);
    await burst(Array.from({ length: CREATES }, () => () => call('GET', '/v1/integrations/balance')));
    const concurrent = await burst(Array.from({ length: CREATES }, (_, i) => create(call, i)));
    return [concurrent, await oneByOne(call)];
  } finally {
    await server.close();
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const rate = ({ answers, wallMs }: Burst) => (answers.length / wallMs) * 1000;
const errors = (bursts: Burst[]) =>
  bursts.reduce((sum, { answers }) => sum + answers.filter((answer) => answer.status !== 201).length, 0);

export async function benchState(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pix-state-bench-'));
  try {
    const memory: [Burst, Burst][] = [];
    const kept: [Burst, Burst][] = [];
    for (let i = 0; i < ROUNDS; i++) {
      memory.push(await round(undefined));
      kept.push(await round(join(dir, `state-${i}.json`)));
    }
    // One more write of the last (largest) state, timed alone: what each group commit costs.
    const last = join(dir, `state-${ROUNDS - 1}.json`);
    const text = await readFile(last, 'utf8');
    const writeMs: number[] = [];
    for (let i = 0; i < 9; i++) {
      const start = performance.now();
      await writeAtomically(last, text);
      writeMs.push(performance.now() - start);
    }
    const row = (label: string, bursts: Burst[], baseline: Burst[]) => {
      const rates = bursts.map(rate);
      const all = bursts.flatMap((b) => b.answers);
      const p = (n: number) => percentile(all, n).toFixed(1);
      const ratio = median(rates) / median(baseline.map(rate));
      return `| ${label} | ${ROUNDS} × ${bursts[0]?.answers.length} | ${errors(bursts)} | ${Math.round(median(rates)).toLocaleString('en')} | ${p(50)} | ${p(99)} | ${ratio.toFixed(2)} |`;
    };
    const [burstsIn, burstsKept] = [memory.map(([b]) => b), kept.map(([b]) => b)];
    const [serialIn, serialKept] = [memory.map(([, s]) => s), kept.map(([, s]) => s)];
    const size = (await stat(last)).size;
    return [
      '| server | creates | errors | throughput (req/s, median round) | p50 (ms) | p99 (ms) | ratio to in memory |',
      '|---|---:|---:|---:|---:|---:|---:|',
      row('burst, in memory (baseline)', burstsIn, burstsIn),
      row('burst, with `--state`', burstsKept, burstsIn),
      row('one by one, in memory (baseline)', serialIn, serialIn),
      row('one by one, with `--state`', serialKept, serialIn),
      '',
      `- One atomic write (temporary file, fsync, rename, fsync of the directory) of the state after ${CREATES} ` +
        `creates (${(size / 1024).toFixed(0)} KiB): median **${median(writeMs).toFixed(1)} ms**. Every write saves the ` +
        'whole state; under load one write covers the changes of every request that arrived meanwhile (group commit).',
      `- Method: ${ROUNDS} rounds, alternating, each on a fresh server (and a fresh state file); in each, ${CREATES} ` +
        `GET balance at once open the connections, then ${CREATES} creates (charges and payouts in turn) at once, ` +
        `then ${SEQUENTIAL} creates one after the other (each waits for its own write: nothing to share). ` +
        'Throughput is requests over the wall time of the burst; latency is each request from send to its body read.',
    ].join('\n');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await benchState());
}
