/**
 * Payout batches: a 1,000-line `client.cashouts.createMany` against the reference mock over real
 * HTTP (`startMockServer`), at concurrency 1, 4 and 16, beside two baselines in the same run:
 * 1,000 sequential `client.cashouts.create` calls, and a hand-written pool of 16 in flight. Each
 * run is checked: every line paid, one payout per line. Rounds are interleaved, so machine noise
 * hits every variant alike; figures are the median lines/s with the spread of the rounds.
 * Run: node --import tsx bench/batch.bench.ts
 */
import { type CreateCashoutParams, PaymentsClient } from '../src/index.js';
import { startMockServer } from '../src/mock-entry.js';
import { type Figure, table } from './harness.js';

const LINES = 1_000;
const ROUNDS = 5;
/** 100,000.00 BRL: room for the 1,050 lines of a run (at most 19.00 each). */
const INITIAL_CENTS = 10_000_000;

/** The lines of a payroll: amounts 10.00..19.00, above the 5.00 fee. */
const lines = (count: number): CreateCashoutParams[] =>
  Array.from({ length: count }, (_, i) => ({
    amount: 10 + (i % 10),
    pixKey: `payee${i}@example.com`,
    pixKeyType: 'EMAIL',
  }));

/** What a variant returns: the transactionId of each line, undefined for a line that failed. */
type Variant = (
  client: PaymentsClient,
  items: CreateCashoutParams[],
  batchId: string,
) => Promise<(string | null | undefined)[]>;

const createMany =
  (concurrency: number): Variant =>
  async (client, items, batchId) => {
    const ids: (string | null | undefined)[] = [];
    for await (const line of client.cashouts.createMany(items, { batchId, concurrency })) {
      ids[line.index] = line.payout?.transactionId;
    }
    return ids;
  };

const sequential: Variant = async (client, items) => {
  const ids: (string | null | undefined)[] = [];
  for (const item of items) ids.push((await client.cashouts.create(item)).transactionId);
  return ids;
};

/** The pool a merchant would write without createMany: 16 workers taking the next line. */
const handPool: Variant = async (client, items) => {
  const ids: (string | null | undefined)[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      ids[index] = (await client.cashouts.create(items[index] as CreateCashoutParams)).transactionId;
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return ids;
};

const VARIANTS: [string, Variant][] = [
  ['1,000 sequential `cashouts.create` (baseline)', sequential],
  ['`createMany`, concurrency 1', createMany(1)],
  ['`createMany`, concurrency 4 (default)', createMany(4)],
  ['`createMany`, concurrency 16', createMany(16)],
  ['hand-written pool of 16 `cashouts.create`', handPool],
];

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/**
 * One timed run of a variant against a fresh mock (the records of earlier runs would weigh on
 * it): lines/s, or 0 when a line was not paid.
 */
async function timedRun(variant: Variant, batchId: string): Promise<number> {
  const server = await startMockServer({
    deliverWebhooks: false,
    merchants: [{ initialBalanceCents: INITIAL_CENTS }],
  });
  try {
    const client = new PaymentsClient({ baseUrl: server.url, secretKey: server.service.secretKey });
    // Warm-up, not timed: opens the connections.
    await createMany(16)(client, lines(50), `${batchId}-warm-up`);
    const start = performance.now();
    const ids = await variant(client, lines(LINES), batchId);
    const seconds = (performance.now() - start) / 1000;
    // Every line paid, each by a payout of its own.
    const paid = ids.filter((id) => typeof id === 'string');
    return paid.length === LINES && new Set(paid).size === LINES ? LINES / seconds : 0;
  } finally {
    await server.close();
  }
}

export async function benchBatch(): Promise<string> {
  const samples = new Map<string, number[]>(VARIANTS.map(([name]) => [name, []]));
  let failures = 0;
  // A first round of every variant, not counted: compiles the paths of client and mock.
  for (const [name, variant] of VARIANTS) await timedRun(variant, `jit-${name}`);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, variant] of VARIANTS) {
      const linesPerSecond = await timedRun(variant, `bench-${round}-${name}`);
      if (linesPerSecond === 0) failures++;
      samples.get(name)?.push(linesPerSecond);
    }
  }
  if (failures > 0) process.exitCode = 1;
  const figures: Figure[] = [...samples].map(([name, values]) => ({
    name,
    opsPerSecond: median(values),
    spread: [Math.min(...values), Math.max(...values)],
  }));
  return [
    `A batch of ${LINES.toLocaleString('en')} payout lines against the reference mock over real HTTP ` +
      '(`startMockServer`, client and server in one process, webhooks off), a fresh mock for each run; ' +
      `an op is one line paid. Median of ${ROUNDS} interleaved rounds after one uncounted round, spread min–max.`,
    '',
    table(figures, VARIANTS[0]?.[0] as string),
    '',
    `- Every line paid, by a payout of its own, in every run: ${failures === 0 ? '✓' : `✗ (${failures} runs failed)`}`,
    "- `createMany` derives each line's idempotency key (a UUID v5 of the batch id and the index) and " +
      'keeps `concurrency` payouts in flight; the hand-written pool shows what that bookkeeping costs.',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await benchBatch());
}
