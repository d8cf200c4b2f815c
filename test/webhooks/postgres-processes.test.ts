/**
 * Receivers as separate processes, two on Node 20 (/usr/bin/node) and two on Node 24, sharing one
 * PostgreSQL store with leases of 1–2 s: duplicates and failing handlers lose nothing and handle
 * nothing twice, and receivers killed with SIGKILL mid-onEvent leave each event to be handled
 * once, after its lease lapses. Needs the built package (dist/).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSignedWebhook } from '../../src/webhooks/index.js';
import { postgresServer } from '../support/postgres.js';
import { SECRET, transactionEvent } from './fixtures.js';

const SCRIPT = fileURLToPath(new URL('./postgres-receiver-process.mjs', import.meta.url));
const NODE_20 = '/usr/bin/node';
const NODE_24 = process.execPath;

type Fact = { ready?: number; start?: string; done?: string; at?: number };
interface Receiver {
  port: number;
  facts: Fact[];
  kill(): Promise<void>;
}

let server: { url: string; stop(): void };
const children: ChildProcess[] = [];
let run = 0;

beforeAll(async () => {
  server = await postgresServer();
}, 60_000);
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});
afterAll(() => server?.stop());

async function startReceiver(node: string, env: Record<string, string>): Promise<Receiver> {
  const child = spawn(node, [SCRIPT], {
    env: { ...process.env, DATABASE_URL: server.url, SECRET, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const facts: Fact[] = [];
  const ready = new Promise<number>((resolve, reject) => {
    child.once('exit', (code) =>
      reject(new Error(`receiver on ${node} exited (${code}) before it was ready`)),
    );
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      const fact = JSON.parse(line) as Fact;
      facts.push(fact);
      if (fact.ready !== undefined) resolve(fact.ready);
    });
  });
  const port = await ready;
  return {
    port,
    facts,
    kill: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A signed delivery of a distinct transaction event. */
async function delivery(i: number) {
  const event = transactionEvent('transaction.completed', { id: i, referenceId: crypto.randomUUID() });
  return createSignedWebhook(event, SECRET);
}

/**
 * Sends `body` as the service does: to a receiver (round the list), again after a short delay on
 * anything but a 200, until one answers 200. Resolves with that answer's body and the 409s seen.
 */
async function deliverUntilTaken(
  receivers: Receiver[],
  { body, headers }: { body: string; headers: Record<string, string> },
  first: number,
) {
  let refused = 0;
  for (let attempt = first; ; attempt++) {
    const receiver = receivers[attempt % receivers.length] as Receiver;
    const answer = await fetch(`http://127.0.0.1:${receiver.port}/hook`, {
      method: 'POST',
      body,
      headers,
    }).catch(() => undefined);
    if (answer?.status === 200) return { body: (await answer.json()) as { duplicate?: boolean }, refused };
    if (answer?.status === 409) refused++;
    await answer?.body?.cancel();
    await sleep(50 + Math.random() * 100);
  }
}

/** Runs `tasks` with at most `limit` at once. */
async function inParallel<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await (tasks[i] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: limit }, lane));
  return results;
}

/** How many times each key was handled, across `receivers`. */
function handledCounts(receivers: Receiver[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const fact of receivers.flatMap((receiver) => receiver.facts))
    if (fact.done !== undefined) counts.set(fact.done, (counts.get(fact.done) ?? 0) + 1);
  return counts;
}

describe('four receiver processes (two on Node 20, two on Node 24) sharing one PostgreSQL store', () => {
  it('1,000 deliveries, 30% duplicates, onEvent throwing 20%: 0 handled twice, 0 dropped', async () => {
    const started = Date.now();
    const table = `processes_mixed_${process.pid}_${run++}`;
    const receivers = await Promise.all(
      [
        [NODE_20, '1'],
        [NODE_24, '1.5'],
        [NODE_20, '2'],
        [NODE_24, '2'],
      ].map(([node, lease]) =>
        startReceiver(node as string, { TABLE: table, LEASE_SECONDS: lease as string, MODE: 'mixed' }),
      ),
    );
    const events = await Promise.all(Array.from({ length: 700 }, (_, i) => delivery(i)));
    const deliveries = [...events, ...Array.from({ length: 300 }, (_, i) => events[(i * 7) % 700])];
    deliveries.sort(() => Math.random() - 0.5);
    const answers = await inParallel(
      deliveries.map((one, i) => () => deliverUntilTaken(receivers, one as (typeof events)[number], i)),
      40,
    );
    expect(answers.filter((answer) => answer.body.duplicate !== true)).toHaveLength(700);
    const counts = handledCounts(receivers);
    expect(counts.size).toBe(700);
    expect([...counts.values()].filter((count) => count !== 1)).toEqual([]);
    // Every process took part, on both Node versions.
    for (const receiver of receivers) expect(receiver.facts.some((fact) => fact.start)).toBe(true);
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 60_000);

  it('receivers killed with SIGKILL mid-onEvent on 50 events: each is handled once, after its lease lapses', async () => {
    const started = Date.now();
    const table = `processes_killed_${process.pid}_${run++}`;
    const env = { TABLE: table, LEASE_SECONDS: '2' };
    const [dying, next] = await Promise.all([
      Promise.all([NODE_20, NODE_24].map((node) => startReceiver(node, { ...env, MODE: 'hang' }))),
      Promise.all(
        [NODE_20, NODE_24].map((node) => startReceiver(node, { ...env, MODE: 'mixed', FAIL_RATE: '0' })),
      ),
    ]);
    const events = await Promise.all(Array.from({ length: 50 }, (_, i) => delivery(i)));
    events.forEach(({ body, headers }, i) => {
      const receiver = dying[i % 2] as Receiver;
      void fetch(`http://127.0.0.1:${receiver.port}/hook`, { method: 'POST', body, headers }).catch(() => {});
    });
    const hung = () => dying.flatMap((receiver) => receiver.facts.filter((fact) => fact.start));
    while (hung().length < 50) await sleep(20);
    await Promise.all(dying.map((receiver) => receiver.kill()));
    const startedAt = new Map(hung().map((fact) => [fact.start, fact.at as number]));
    const answers = await inParallel(
      events.map((one, i) => () => deliverUntilTaken(next, one, i)),
      50,
    );
    expect(answers.every((answer) => answer.body.duplicate !== true)).toBe(true);
    // While the dead receivers' leases held, the retries were told to come back later.
    expect(answers.filter((answer) => answer.refused > 0).length).toBeGreaterThan(25);
    const counts = handledCounts(next);
    expect(counts.size).toBe(50);
    expect([...counts.values()].every((count) => count === 1)).toBe(true);
    for (const fact of next.flatMap((receiver) => receiver.facts.filter((one) => one.done)))
      expect((fact.at as number) - (startedAt.get(fact.done) as number)).toBeGreaterThanOrEqual(1_900);
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 60_000);
});
