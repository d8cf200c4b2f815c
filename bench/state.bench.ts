/**
 * The sandbox with `--state` (a SQLite database) beside the same sandbox in memory, over real
 * HTTP, with 0, 10,000 and 100,000 records kept: creates one at a time and 64 in flight, bytes
 * written per create (the process's write_bytes: database, WAL and checkpoints), and the restart
 * time on the largest database. Databases are seeded by the bulk path (one transaction of rows),
 * not by HTTP.
 * Run: node --import tsx bench/state.bench.ts
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getResponse } from 'msw';
import type { StoredTransaction } from '../src/mock/domain/records.js';
import { buildMockService } from '../src/mock/service.js';
import { startMockServer } from '../src/mock-entry.js';
import { createDatabase } from '../src/sandbox/state/state-database.js';
import type { SavedState } from '../src/sandbox/state/state-format.js';
import { savedStateOf } from '../test/sandbox/saved-state.js';
import { type Answer, caller, percentile } from './load-http.js';

const SIZES = [0, 10_000, 100_000];
/** Creates one after the other, after a warm-up of WARM_UP. */
const SEQUENTIAL = 300;
const WARM_UP = 30;
const IN_FLIGHT = 64;
const CONCURRENT = 1_280;
/** The balance payouts are taken from, in cents. */
const RICH = 100_000_000;

const create = (call: ReturnType<typeof caller>, i: number) =>
  i % 2 === 0
    ? call('POST', '/v1/integrations/create-transaction', { amount: (100 + (i % 900)) / 100 })
    : call('POST', '/v1/integrations/create-cashout', {
        amount: (1_000 + (i % 900)) / 100,
        pixKey: `payee${i}@example.com`,
        pixKeyType: 'EMAIL',
        idempotencyKey: randomUUID(),
      });

/** Bytes this process has had written to storage so far (Linux), or NaN. */
function writtenBytes(): number {
  try {
    return Number(/^write_bytes: (\d+)$/m.exec(readFileSync('/proc/self/io', 'utf8'))?.[1]);
  } catch {
    return Number.NaN;
  }
}

/** A state of `count` paid charges, in the shape a server of this mock keeps. */
async function seededState(count: number): Promise<SavedState> {
  const { service, parts } = buildMockService({ deliverWebhooks: false });
  const request = new Request(`${service.baseUrl}/v1/integrations/create-transaction`, {
    method: 'POST',
    headers: { authorization: `Bearer ${service.secretKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ amount: 1 }),
  });
  await getResponse(service.handlers, request);
  const template = parts.store.record(1) as StoredTransaction;
  const start = parts.clock.now().getTime() - count * 1_000;
  let paid = 0;
  const records = Array.from({ length: count }, (_, i): StoredTransaction => {
    const at = new Date(start + i * 1_000);
    const amountCents = 100 + (i % 900);
    paid += amountCents;
    return {
      ...template,
      id: i + 1,
      transactionId: randomUUID(),
      externalId: randomUUID(),
      status: 'COMPLETED',
      amountCents,
      createdAt: at,
      updatedAt: at,
      paidAt: at,
      endToEndId: `E${String(i).padStart(31, '0')}`,
    };
  });
  const merchant = parts.options.merchants[0];
  return savedStateOf(parts, {
    store: {
      records,
      claims: [],
      balances: [
        [
          merchant?.id as string,
          { availableCents: (merchant?.initialBalanceCents as number) + paid, pendingCents: 0 },
        ],
      ],
      nextId: count + 1,
      lastCreatedAt: start + count * 1_000,
    },
    subscriptions: { subscriptions: [], deliveries: [] },
    answers: { seed: 1, position: 0 },
  });
}

interface Figures {
  oneByOne: Answer[];
  inFlight: Answer[];
  rate: number;
  bytesPerCreate: number;
}

/** Creates with `IN_FLIGHT` always under way; answers them and the rate. */
async function keepInFlight(call: ReturnType<typeof caller>): Promise<{ answers: Answer[]; rate: number }> {
  const answers: Answer[] = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < CONCURRENT) answers.push(await create(call, next++));
    }),
  );
  return { answers, rate: (answers.length / (performance.now() - start)) * 1000 };
}

/** One server's figures; `state` names its database, when it keeps one. */
async function measure(state: string | undefined, seeded: boolean): Promise<Figures> {
  // A seeded database has its merchant, rich with its paid charges; the others get the money here.
  const merchants = seeded ? undefined : [{ initialBalanceCents: RICH }];
  const server = await startMockServer({
    deliverWebhooks: false,
    ...(merchants && { merchants }),
    ...(state === undefined ? {} : { state }),
  });
  try {
    const call = caller(server.url, server.service.secretKey);
    for (let i = 0; i < WARM_UP; i++) await create(call, i);
    const before = writtenBytes();
    const oneByOne: Answer[] = [];
    for (let i = 0; i < SEQUENTIAL; i++) oneByOne.push(await create(call, i));
    const bytesPerCreate = (writtenBytes() - before) / SEQUENTIAL;
    const { answers, rate } = await keepInFlight(call);
    const failed = [...oneByOne, ...answers].filter((answer) => answer.status !== 201).length;
    const bad = [...oneByOne, ...answers].find((answer) => answer.status !== 201);
    if (failed > 0) throw new Error(`${failed} creates failed: ${JSON.stringify(bad?.body)}`);
    return { oneByOne, inFlight: answers, rate, bytesPerCreate };
  } finally {
    await server.close();
  }
}

/** How long a server takes to start on `state` (the database is read, checked and locked). */
async function restartMs(state: string): Promise<number> {
  const start = performance.now();
  const server = await startMockServer({ deliverWebhooks: false, state });
  const ms = performance.now() - start;
  await server.close();
  return ms;
}

export async function benchState(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pix-state-bench-'));
  try {
    const rows: string[] = [];
    // Once to warm the JIT up, then measured: the first server of the process would pay for it.
    await measure(undefined, false);
    const memory = await measure(undefined, false);
    const p50 = (answers: Answer[]) => percentile(answers, 50);
    const row = (label: string, f: Figures, empty: Figures) =>
      `| ${label} | ${p50(f.oneByOne).toFixed(2)} | ${(p50(f.oneByOne) / p50(empty.oneByOne)).toFixed(2)} | ${percentile(f.oneByOne, 99).toFixed(2)} | ${Math.round(f.rate).toLocaleString('en')} | ${p50(f.inFlight).toFixed(1)} | ${Number.isNaN(f.bytesPerCreate) ? 'n/a' : `${(f.bytesPerCreate / 1024).toFixed(1)} KiB`} |`;
    rows.push(row('in memory (baseline)', memory, memory));
    let empty: Figures | undefined;
    let restart = '';
    for (const size of SIZES) {
      const path = join(dir, `state-${size}.sqlite`);
      if (size > 0) {
        const seedStart = performance.now();
        await createDatabase(path, await seededState(size));
        console.error(`seeded ${size} records in ${Math.round(performance.now() - seedStart)} ms`);
      }
      const figures = await measure(path, size > 0);
      empty ??= figures;
      rows.push(row(`\`--state\`, ${size.toLocaleString('en')} records kept`, figures, empty));
      if (size === SIZES.at(-1)) {
        const times = [await restartMs(path), await restartMs(path), await restartMs(path)].sort(
          (a, b) => a - b,
        );
        restart = `- Restart on ${(size + WARM_UP + SEQUENTIAL + CONCURRENT).toLocaleString('en')} records kept (start until ready: read, checked against the ledger, locked): median **${Math.round(times[1] as number)} ms** of 3.`;
      }
    }
    return [
      '| server | one by one: p50 (ms) | p50 / p50 on an empty database | p99 (ms) | 64 in flight (creates/s) | 64 in flight: p50 (ms) | written per create |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...rows,
      '',
      restart,
      `- Method: for each size, a database seeded in one transaction (paid charges), a server started on it, ${WARM_UP} creates to warm up, then ${SEQUENTIAL} creates one after the other (charges and payouts in turn; each answer waits for its own commit: WAL, fsync), then ${CONCURRENT.toLocaleString('en')} creates with ${IN_FLIGHT} always in flight (answers share commits when they arrive together). ` +
        'Written per create: the bytes the process had written to storage during the one-by-one creates (`write_bytes` of /proc/self/io: WAL frames, checkpoints into the database), divided by their number.',
    ].join('\n');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await benchState());
}
