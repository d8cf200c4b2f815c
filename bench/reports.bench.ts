/**
 * pix-payments/reports over 100,000 records: heap used before, at its peak and after, for
 * `toCsv` streamed line by line, against the same lines collected into an array (the baseline,
 * in the same run), and for `summarize`. Records are made one at a time, as pages of
 * `client.transactions.list()` arrive, so only what the consumer keeps stays in memory.
 * Run: node --expose-gc --import tsx bench/reports.bench.ts
 */
import { summarize, toCsv } from '../src/reports/index.js';
import type { Transaction } from '../src/schemas/index.js';
import { charge } from '../test/reports/records.js';

const RECORDS = 100_000;
const SAMPLE_EVERY = 1_000;
const CHECKPOINT_EVERY = 10_000;
const MiB = 2 ** 20;

/** One record after another, never held: a description with separators, quotes and accents. */
async function* records(count: number): AsyncGenerator<Transaction> {
  for (let i = 0; i < count; i++) {
    if (i % 100 === 0) await Promise.resolve(); // a page boundary
    const cents = 100 + (i % 99_900);
    const fee = i % 3 === 0 ? 500 : 0;
    yield charge({
      id: i,
      transactionId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      status: i % 7 === 0 ? 'PENDING' : 'COMPLETED',
      type: fee === 0 ? 'CASHIN' : 'CASHOUT',
      amount: cents / 100,
      feeAmount: fee / 100,
      finalAmount: (cents - fee) / 100,
      description: `Pedido ${i}, "Pão de Açúcar" — entrega\nrápida`,
      externalId: `order-${i}`,
      trackingParameters: { utm_source: 'newsletter', utm_campaign: `c${i % 10}` },
    });
  }
}

const gc = () => (globalThis as { gc?: () => void }).gc?.();
const heapUsed = () => process.memoryUsage().heapUsed;

interface HeapFigures {
  name: string;
  beforeMiB: number;
  /** Highest heapUsed sampled every 1,000 records (garbage not yet collected included). */
  peakMiB: number;
  /** Highest heap after a forced GC, at every 10,000 records: what the run holds on to. */
  liveMiB: number;
  /** After a GC at the end, with the result still referenced. */
  afterMiB: number;
  seconds: number;
}

/** Runs `consume`, which calls `tick()` once per record. */
async function measure(name: string, consume: (tick: () => void) => Promise<unknown>): Promise<HeapFigures> {
  gc();
  const before = heapUsed();
  let peak = before;
  let live = before;
  let seen = 0;
  const tick = () => {
    seen += 1;
    if (seen % SAMPLE_EVERY === 0) peak = Math.max(peak, heapUsed());
    if (seen % CHECKPOINT_EVERY === 0) {
      gc();
      live = Math.max(live, heapUsed());
    }
  };
  const start = performance.now();
  const result = await consume(tick);
  const seconds = (performance.now() - start) / 1000;
  gc();
  const after = heapUsed();
  if (result === undefined) throw new Error('keep the result alive until measured');
  return {
    name,
    beforeMiB: before / MiB,
    peakMiB: Math.max(peak, after) / MiB,
    liveMiB: Math.max(live, after) / MiB,
    afterMiB: after / MiB,
    seconds,
  };
}

export async function benchReports(): Promise<string> {
  let csvChars = 0;
  const figures = [
    await measure('`toCsv`, lines streamed (written and dropped)', async (tick) => {
      for await (const line of toCsv(records(RECORDS))) {
        csvChars += line.length;
        tick();
      }
      return csvChars;
    }),
    await measure('`toCsv`, lines collected into an array (baseline)', async (tick) => {
      const lines: string[] = [];
      for await (const line of toCsv(records(RECORDS))) {
        lines.push(line);
        tick();
      }
      return lines;
    }),
    await measure('`summarize`', async (tick) => {
      async function* ticking() {
        for await (const record of records(RECORDS)) {
          tick();
          yield record;
        }
      }
      return summarize(ticking());
    }),
  ];
  const mib = (value: number) => value.toFixed(1);
  const growth = (f: HeapFigures) => f.liveMiB - f.beforeMiB;
  const rows = figures.map(
    (f) =>
      `| ${f.name} | ${mib(f.beforeMiB)} | ${mib(f.peakMiB)} | ${mib(f.liveMiB)} (+${mib(growth(f))}) | ${mib(f.afterMiB)} | ${Math.round(RECORDS / f.seconds).toLocaleString('en')} |`,
  );
  const [streamed, collected] = figures as [HeapFigures, HeapFigures, HeapFigures];
  const note = (globalThis as { gc?: unknown }).gc
    ? ''
    : '\n\n(Run without `--expose-gc`: heap figures include uncollected garbage and are only indicative.)';
  return [
    `${RECORDS.toLocaleString('en')} records (30 columns, descriptions with commas, quotes, a line break and accents; ${mib(csvChars / MiB)} M characters of CSV); heap used in MiB.`,
    '',
    '| run | before | peak (sampled every 1,000) | live (after GC, every 10,000) | after | records/s |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    `Streaming holds **+${mib(growth(streamed))} MiB** over ${RECORDS.toLocaleString('en')} records, against **+${mib(growth(collected))} MiB** when the lines are collected: memory stays flat however many records pass. The peak above the live heap is the garbage of lines already written, which the next collection frees.${note}`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await benchReports());
}
