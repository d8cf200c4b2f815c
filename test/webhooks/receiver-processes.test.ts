/**
 * Receivers as separate processes, on Node 20 and Node 24, sharing a real redis-server, fed by
 * the mock's own signed deliveries and retries: nothing acknowledged is lost, nothing is handled
 * twice, even when a receiver is killed mid-onEvent or onEvent is slow and then fails.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PaymentsClient } from '../../src/index.js';
import { type MockServer, startMockServer } from '../../src/mock-entry.js';
import { createSignedWebhook } from '../../src/webhooks/index.js';
import { freePort, redisServer } from '../support/redis.js';
import { SECRET, transactionEvent } from './fixtures.js';

const SCRIPT = fileURLToPath(new URL('./receiver-process.mjs', import.meta.url));
const RUNTIMES = [
  ['Node 20', '/usr/bin/node'],
  ['Node 24', process.execPath],
] as const;

type Fact = { ready?: number; start?: string; done?: string; answer?: number };

/** A receiver process and what it has printed so far. */
interface Receiver {
  facts: Fact[];
  /** Resolves with the first fact that `match` accepts, now or later. */
  until(match: (fact: Fact) => boolean, timeoutMs?: number): Promise<Fact>;
  kill(): Promise<void>;
}

let redisUrl = '';
let stopRedis = () => {};
const children: ChildProcess[] = [];
let mock: MockServer | undefined;

beforeAll(async () => {
  ({ url: redisUrl, stop: stopRedis } = await redisServer());
});
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await mock?.close();
  mock = undefined;
});
afterAll(() => stopRedis());

async function startReceiver(node: string, env: Record<string, string>): Promise<Receiver> {
  const child = spawn(node, [SCRIPT], {
    env: { ...process.env, REDIS_URL: redisUrl, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const facts: Fact[] = [];
  const waiting = new Set<() => void>();
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    facts.push(JSON.parse(line) as Fact);
    for (const wake of waiting) wake();
  });
  const receiver: Receiver = {
    facts,
    until: (match, timeoutMs = 15_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no such fact within ${timeoutMs} ms: ${JSON.stringify(facts)}`)),
          timeoutMs,
        );
        const check = () => {
          const found = facts.find(match);
          if (found === undefined) return;
          clearTimeout(timer);
          waiting.delete(check);
          resolve(found);
        };
        waiting.add(check);
        check();
      }),
    kill: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
  await receiver.until((fact) => fact.ready !== undefined);
  return receiver;
}

/** A mock server with fast delivery retries, a client for it, and a subscription to `url`. */
async function serviceDelivering(url: string, timing: { timeoutMs: number; retryDelaysMs: number[] }) {
  mock = await startMockServer({
    webhookTimeoutMs: timing.timeoutMs,
    webhookRetryDelaysMs: timing.retryDelaysMs,
  });
  const { service } = mock;
  const client = new PaymentsClient({
    baseUrl: mock.url,
    secretKey: service.secretKey,
    userToken: () => service.issueUserToken(),
  });
  const subscription = await client.webhooks.create({ url, events: ['transaction.completed'] });
  const payCharge = async () => {
    const charge = await client.transactions.create({ amount: 10 });
    service.simulate.payCharge(charge.transactionId);
  };
  return { service, secret: subscription.secret, payCharge };
}

describe.each(RUNTIMES)('receivers on %s sharing Redis', (_, node) => {
  it('a receiver killed with SIGKILL mid-onEvent: the next one handles the retry once the lease lapses', async () => {
    const port = await freePort();
    const { service, secret, payCharge } = await serviceDelivering(`http://127.0.0.1:${port}/hook`, {
      timeoutMs: 400,
      retryDelaysMs: [300, 600, 1200, 2400, 4800],
    });
    const env = {
      PORT: String(port),
      SECRET: secret,
      PREFIX: `crash:${node}:${Date.now()}:`,
      LEASE_SECONDS: '1',
    };
    const dying = await startReceiver(node, { ...env, MODE: 'hang' });
    await payCharge();
    const started = await dying.until((fact) => fact.start !== undefined);
    await dying.kill();
    const next = await startReceiver(node, { ...env, MODE: 'ok' });
    const done = await next.until((fact) => fact.done !== undefined);
    expect(done.done).toBe(started.start);
    await service.settle();
    expect(service.state.deliveries.at(-1)).toMatchObject({ ok: true, status: 200 });
    expect(next.facts.filter((fact) => fact.done !== undefined)).toHaveLength(1);
  });

  it('onEvent slow, then failing, on 20 events through the mock retries: none lost', async () => {
    const port = await freePort();
    const { service, secret, payCharge } = await serviceDelivering(`http://127.0.0.1:${port}/hook`, {
      timeoutMs: 100,
      retryDelaysMs: [80, 160, 320, 640, 1280],
    });
    const receiver = await startReceiver(node, {
      PORT: String(port),
      SECRET: secret,
      PREFIX: `slow:${node}:${Date.now()}:`,
      LEASE_SECONDS: '5',
      MODE: 'slow-then-throw',
      HOLD_MS: '200',
    });
    for (let i = 0; i < 20; i++) await payCharge();
    await service.settle();
    const started = new Set(receiver.facts.flatMap((fact) => fact.start ?? []));
    const done = receiver.facts.flatMap((fact) => fact.done ?? []);
    expect(started.size).toBe(20);
    expect(new Set(done)).toEqual(started);
    expect(done).toHaveLength(20);
    // The retries that came while a slow onEvent ran were told to come back, not acknowledged.
    expect(receiver.facts.some((fact) => fact.answer === 409)).toBe(true);
    expect(service.state.subscriptions()[0]?.status).toBe('ACTIVE');
  });

  it('concurrent duplicates across two receivers are handled exactly once', async () => {
    const env = {
      SECRET,
      PREFIX: `dup:${node}:${Date.now()}:`,
      LEASE_SECONDS: '5',
      MODE: 'slow',
      HOLD_MS: '200',
    };
    const receivers = [await startReceiver(node, env), await startReceiver(node, env)];
    const { body, headers } = await createSignedWebhook(transactionEvent(), SECRET);
    const deliver = (receiver: Receiver) =>
      fetch(`http://127.0.0.1:${receiver.facts[0]?.ready}/hook`, { method: 'POST', body, headers });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => deliver(receivers[i % 2] as Receiver)),
    );
    const bodies = await Promise.all(answers.map((answer) => answer.json()));
    expect(answers.every((answer) => answer.status === 200 || answer.status === 409)).toBe(true);
    expect(bodies.filter((answer) => answer.received === true && answer.duplicate !== true)).toHaveLength(1);
    const later = await Promise.all(receivers.map(deliver));
    expect(await Promise.all(later.map((answer) => answer.json()))).toEqual([
      { received: true, duplicate: true },
      { received: true, duplicate: true },
    ]);
    expect(receivers.flatMap((receiver) => receiver.facts.filter((fact) => fact.done))).toHaveLength(1);
  });
});
