/**
 * `startMockServer({ state })`: the whole state kept in a file, loaded at start, written before
 * each answer; a file that is not ours, or broken, is refused and left as it is.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type MockServer, type MockServerOptions, startMockServer } from '../../src/mock-entry.js';
import * as stateFile from '../../src/sandbox/state/state-file.js';
import { decodeState, migrate, STATE_FORMAT } from '../../src/sandbox/state/state-format.js';
import { CPF, caller } from './harness.js';

// Every write goes through the real function, counted (group commit shares them).
vi.mock('../../src/sandbox/state/state-file.js', async (original) => {
  const real = await original<typeof import('../../src/sandbox/state/state-file.js')>();
  return { ...real, writeAtomically: vi.fn(real.writeAtomically) };
});

const running: MockServer[] = [];
const cleanUp: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
  await Promise.all(cleanUp.splice(0).map((step) => step()));
});

async function newPath(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pix-state-'));
  cleanUp.push(() => rm(dir, { recursive: true, force: true }));
  return join(dir, 'state.json');
}

async function start(options: MockServerOptions): Promise<MockServer> {
  const server = await startMockServer({ deliverWebhooks: false, ...options });
  running.push(server);
  return server;
}

/** Closes a server started by {@link start} (its last write included). */
async function stop(server: MockServer): Promise<void> {
  running.splice(running.indexOf(server), 1);
  await server.close();
}

/** A webhook receiver that answers 204 to everything. */
async function receiver(): Promise<string> {
  const server: Server = createServer((_req, res) => res.writeHead(204).end());
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  cleanUp.push(() => new Promise((done) => server.close(done)));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
}

const inFile = async (path: string) => decodeState(await readFile(path, 'utf8'), path);

describe('startMockServer({ state })', () => {
  it('comes back after a restart with the same keys, records, balances, subscriptions, deliveries and clock', async () => {
    const path = await newPath();
    const a = await start({ state: path, deliverWebhooks: true, webhookRetryDelaysMs: [] });
    const api = caller(a.url, a.service.secretKey);
    const token = await a.service.issueUserToken();
    const hook = await caller(a.url, token)('POST', '/v1/user/webhooks', {
      url: await receiver(),
      events: ['transaction.completed'],
    });
    const paid = await api('POST', '/v1/integrations/create-transaction', { amount: 25.5 });
    await caller(a.url)('POST', `/__mock/charges/${paid.body.transactionId}/pay`);
    await api('POST', '/v1/integrations/create-transaction', { amount: 3 });
    const payout = { amount: 12.34, pixKey: CPF, pixKeyType: 'CPF', idempotencyKey: randomUUID() };
    expect((await api('POST', '/v1/integrations/create-cashout', payout)).status).toBe(201);
    const replay = await api('POST', '/v1/integrations/create-cashout', payout);
    // A day later: the unpaid charge has expired.
    await caller(a.url)('POST', '/__mock/clock', { advanceMs: 86_400_000 });
    await a.service.settle();
    const before = {
      records: a.service.state.records(),
      balance: a.service.state.balance(),
      subscriptions: a.service.state.subscriptions(),
      deliveries: a.service.state.deliveries,
    };
    expect(before.records.map((r) => r.status)).toEqual(['COMPLETED', 'CANCELLED', 'COMPLETED']);
    expect(before.deliveries).toHaveLength(1);
    const then = a.service.clock.now().getTime();
    const fresh = await a.service.issueUserToken();
    await stop(a);

    const b = await start({ state: path, deliverWebhooks: true });
    expect([b.service.secretKey, b.service.publicKey]).toEqual([a.service.secretKey, a.service.publicKey]);
    expect(b.service.state.records()).toEqual(before.records);
    expect(b.service.state.balance()).toEqual(before.balance);
    expect(b.service.state.balance().availableCents).toBe(1_000_000 + 2_550 - 1_234);
    expect(b.service.state.subscriptions()).toEqual(before.subscriptions);
    expect(b.service.state.subscriptions()[0]?.secret).toBe(hook.body.secret);
    expect(b.service.state.deliveries).toEqual(before.deliveries);
    expect(b.service.clock.now().getTime() - then).toBeGreaterThanOrEqual(0);
    expect(b.service.clock.now().getTime() - then).toBeLessThan(5_000);
    // The same idempotency key replays the same answer; a user token of before still works.
    const again = await caller(b.url, b.service.secretKey)('POST', '/v1/integrations/create-cashout', payout);
    expect([again.status, again.body]).toEqual([200, replay.body]);
    expect((await caller(b.url, fresh)('GET', '/v1/user/webhooks')).body.data).toHaveLength(1);
    // Ids go on where they stopped.
    const next = await caller(b.url, b.service.secretKey)('POST', '/v1/integrations/create-transaction', {
      amount: 1,
    });
    expect(next.body.id).toBe(4);
  });

  it('answers a change only once it is on disk, work done after the answer included', async () => {
    const path = await newPath();
    const server = await start({ state: path });
    const api = caller(server.url, server.service.secretKey);
    // The next write waits for the test: the answer must wait for it too.
    const writes = vi.mocked(stateFile.writeAtomically);
    let open = () => {};
    const gate = new Promise<void>((done) => {
      open = done;
    });
    const real = await vi.importActual<typeof stateFile>('../../src/sandbox/state/state-file.js');
    writes.mockImplementationOnce(async (...args) => {
      await gate;
      return real.writeAtomically(...args);
    });
    let answered = false;
    const reply = api('POST', '/v1/integrations/create-cashout', {
      amount: 20,
      pixKey: CPF,
      pixKeyType: 'CPF',
    }).then((payout) => {
      answered = true;
      return payout;
    });
    await vi.waitFor(() => expect(writes).toHaveBeenCalled());
    await new Promise((done) => setTimeout(done, 100));
    // Released whatever the check says, so that a failure does not hang the close.
    const waited = !answered;
    open();
    expect(waited).toBe(true);
    const payout = await reply;
    // Read as the answer arrives, before any close: the payout already went through processing.
    const saved = await inFile(path);
    expect(saved.store.records.map((r) => [r.transactionId, r.status])).toEqual([
      [payout.body.transactionId, 'COMPLETED'],
    ]);
    const moved = await caller(server.url)('POST', '/__mock/clock', { set: '2031-01-01T00:00:00Z' });
    expect((await inFile(path)).now.toISOString()).toBe(moved.body.now);
  });

  it('keeps the seed and position of varied answers, GET answers included', async () => {
    const path = await newPath();
    const a = await start({ state: path, answers: 'varied', seed: 7 });
    const api = caller(a.url, a.service.secretKey);
    for (let i = 0; i < 3; i++) expect((await api('GET', '/v1/integrations/balance')).status).toBe(200);
    // Read as the last answer arrives: a GET that moved the sequence waited for the write.
    expect((await inFile(path)).answers).toEqual({ seed: 7, position: 3 });
    await stop(a);
    // The seed comes from the file; the sequence goes on where it stopped.
    const b = await start({ state: path, answers: 'varied' });
    await caller(b.url, b.service.secretKey)('GET', '/v1/integrations/balance');
    expect((await inFile(path)).answers).toEqual({ seed: 7, position: 4 });
    await stop(b);
    // Another seed is another sequence, from its start.
    const c = await start({ state: path, answers: 'varied', seed: 8 });
    expect((await inFile(path)).answers).toEqual({ seed: 8, position: 0 });
    await stop(c);
  });

  it('is used by one server at a time: a second one is refused in one line, then starts once the first closed', async () => {
    const path = await newPath();
    const first = await start({ state: path });
    const refusal = start({ state: path });
    await expect(refusal).rejects.toThrow(
      `The state file ${path} is in use by another server (process ${process.pid})`,
    );
    expect(((await refusal.catch((e: unknown) => e)) as Error).message).not.toMatch(/\n/);
    await stop(first);
    expect(existsSync(`${path}.lock`)).toBe(false);
    const second = await start({ state: path });
    expect(second.service.secretKey).toBe(first.service.secretKey);
  });

  it('takes over the lock of a process that is gone', async () => {
    const path = await newPath();
    // A pid no process has: above Linux's pid_max and macOS's 99,999.
    await writeFile(`${path}.lock`, '2147483646');
    const server = await start({ state: path });
    expect(await readFile(`${path}.lock`, 'utf8')).toBe(String(process.pid));
    await stop(server);
  });

  it('shares one write among concurrent changes (group commit)', async () => {
    const server = await start({ state: await newPath() });
    const api = caller(server.url, server.service.secretKey);
    const writes = vi.mocked(stateFile.writeAtomically);
    writes.mockClear();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        api('POST', '/v1/integrations/create-transaction', { amount: i + 1 }),
      ),
    );
    expect(answers.every((answer) => answer.status === 201)).toBe(true);
    expect(writes.mock.calls.length).toBeGreaterThan(0);
    expect(writes.mock.calls.length).toBeLessThan(50);
  });

  it('creates a missing file at start, holding the keys it printed', async () => {
    const path = await newPath();
    const server = await start({ state: path });
    const saved = await inFile(path);
    expect(saved.merchants[0]?.secretKey).toBe(server.service.secretKey);
    expect(saved.version).toBe(1);
  });

  it('lets options given explicitly win over the file, and keeps the rest', async () => {
    const path = await newPath();
    const a = await start({ state: path });
    await caller(a.url, a.service.secretKey)('POST', '/v1/integrations/create-transaction', { amount: 1 });
    await stop(a);
    const secretKey = `sk_live_prod_${'A'.repeat(32)}`;
    const b = await start({ state: path, merchants: [{ secretKey }] });
    expect([b.service.secretKey, b.service.publicKey]).toEqual([secretKey, a.service.publicKey]);
    expect(b.service.state.records()).toHaveLength(1);
    expect((await inFile(path)).merchants[0]?.secretKey).toBe(secretKey);
  });

  it('says in one line when the file cannot be written', async () => {
    const path = join(await newPath(), '..', 'missing', 'state.json');
    await expect(start({ state: path })).rejects.toThrow(/^Cannot write the state file .*\(ENOENT\)$/);
  });
});

describe('a state file that cannot be used', () => {
  /** A valid file, made by a server, changed by `edit`. */
  async function edited(edit: (document: Record<string, unknown>) => void): Promise<string> {
    const path = await newPath();
    const server = await start({ state: path });
    await caller(server.url, server.service.secretKey)('POST', '/v1/integrations/create-transaction', {
      amount: 1,
    });
    await stop(server);
    const document = JSON.parse(await readFile(path, 'utf8'));
    edit(document);
    return JSON.stringify(document);
  }

  /** A valid subscription of the file's merchant, changed by `fields`. */
  const subscription = (fields: Record<string, unknown>) => ({
    id: randomUUID(),
    url: 'https://merchant.example/hook',
    events: ['transaction.completed'],
    status: 'ACTIVE',
    description: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    merchantId: 'merchant_1',
    secret: 'whsec_x',
    ...fields,
  });

  const cases: [string, () => Promise<string>, RegExp][] = [
    ['cut short', async () => (await edited(() => undefined)).slice(0, 200), /is not valid JSON/],
    ['empty', async () => '', /is not valid JSON/],
    [
      'not ours',
      async () => '{"name":"my-app","version":"1.0.0"}',
      /is not a state file of the pix-payments mock/,
    ],
    ['a JSON array', async () => '[1, 2]', /is not a state file/],
    [
      'of a newer version',
      () =>
        edited((d) => {
          d.version = 2;
        }),
      /has version 2, newer than this pix-payments reads \(1\)/,
    ],
    [
      'without a valid version',
      () =>
        edited((d) => {
          d.version = '1';
        }),
      /has no valid "version"/,
    ],
    [
      'with a record of the wrong shape',
      () =>
        edited((d) => {
          const { records } = d.store as { records: Record<string, unknown>[] };
          records[0] = { ...records[0], amountCents: 1.5 };
        }),
      /does not hold a valid state \(store\.records\[0\]\.amountCents: /,
    ],
    [
      'with a subscription URL that is not http(s)',
      () =>
        edited((d) => {
          (d.subscriptions as { subscriptions: unknown[] }).subscriptions = [
            subscription({ url: 'ftp://x' }),
          ];
        }),
      /subscriptions\.subscriptions\[0\]\.url: must be an http or https URL/,
    ],
    [
      'with a subscription to an unknown event',
      () =>
        edited((d) => {
          const events = ['transaction.exploded'];
          (d.subscriptions as { subscriptions: unknown[] }).subscriptions = [subscription({ events })];
        }),
      /subscriptions\.subscriptions\[0\]\.events\[0\]/,
    ],
    [
      'with a subscription of no merchant of the file',
      () =>
        edited((d) => {
          const stray = subscription({ merchantId: 'ghost' });
          (d.subscriptions as { subscriptions: unknown[] }).subscriptions = [stray];
        }),
      /subscription [0-9a-f-]+ belongs to no merchant of the file/,
    ],
    [
      'with a balance of no merchant of the file',
      () =>
        edited((d) => {
          const store = d.store as { balances: unknown[] };
          store.balances = [...store.balances, ['ghost', { availableCents: 0, pendingCents: 0 }]];
        }),
      /a balance belongs to no merchant of the file/,
    ],
    [
      'with an idempotency key of a missing record',
      () =>
        edited((d) => {
          (d.store as { records: unknown[] }).records = [];
        }),
      /names record 1, which is missing/,
    ],
  ];

  it.each(cases)(
    'refuses a file %s, in one line, and leaves it byte for byte',
    async (_name, content, message) => {
      const path = await newPath();
      const bytes = Buffer.from(await content());
      await writeFile(path, bytes);
      const refusal = start({ state: path });
      await expect(refusal).rejects.toThrow(message);
      const error = (await refusal.catch((e: unknown) => e)) as Error;
      expect(error.message).not.toMatch(/\n/);
      expect(error.message).toMatch(/it was left as it is\.$/);
      expect(error.message).not.toMatch(/sk_live_prod_/);
      expect(await readFile(path)).toEqual(bytes);
      expect(await readdir(dirname(path))).toEqual(['state.json']);
    },
  );
});

describe('state migrations', () => {
  it('brings an older version to the current one, step by step', () => {
    const old = { format: STATE_FORMAT, version: 0, jwt: 'secret' };
    const migrated = migrate(old, 0, { 0: ({ jwt, ...rest }) => ({ ...rest, jwtSecret: jwt }) });
    expect(migrated).toEqual({ format: STATE_FORMAT, version: 1, jwtSecret: 'secret' });
  });

  it('refuses a version it has no step for', () => {
    expect(() => migrate({ version: 0 }, 0, {})).toThrow(/no migration from state version 0/);
  });
});
