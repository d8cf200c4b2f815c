/**
 * `startMockServer({ state })`: the whole state kept in a SQLite database, loaded at start,
 * written through before each answer; a JSON state file of format 1 imported once; a file that is
 * not ours, or broken, refused and left as it is.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { migrateSchema, SCHEMA_VERSION } from '../../src/sandbox/state/migrations.js';
import * as rows from '../../src/sandbox/state/state-rows.js';
import { APPLICATION_ID } from '../../src/sandbox/state/state-schema.js';
import { CPF, caller } from '../mock/harness.js';
import { expectRefused, jsonStateFile, sha256, sql, useKeptState } from './state-helpers.js';

// Every writer is the real one; a test may make its next record write fail.
let failNextRecord = false;
vi.mock('../../src/sandbox/state/state-rows.js', async (original) => {
  const real = await original<typeof import('../../src/sandbox/state/state-rows.js')>();
  return {
    ...real,
    rowWriter: (db: DatabaseSync) => {
      const writer = real.rowWriter(db);
      return {
        ...writer,
        record(fields: object) {
          if (failNextRecord) {
            failNextRecord = false;
            throw new Error('disk full (test)');
          }
          writer.record(fields);
        },
      };
    },
  };
});

const { newDir, start, stop } = useKeptState();
const receivers: Server[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

const newPath = async () => join(await newDir(), 'state.json');

/** A webhook receiver that answers 204 to everything. */
async function receiver(): Promise<string> {
  const server: Server = createServer((_req, res) => res.writeHead(204).end());
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  receivers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
}

const setting = (path: string, key: string) =>
  sql(path, 'SELECT value FROM settings WHERE key = ?', key)[0]?.value;

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
    const payout = { amount: 12.34, pixKey: CPF, pixKeyType: 'CPF', idempotencyKey: crypto.randomUUID() };
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

  it('answers a change only once its transaction commits: a commit that fails is never a 2xx', async () => {
    const path = await newPath();
    const server = await start({ state: path });
    const api = caller(server.url, server.service.secretKey);
    failNextRecord = true;
    const failed = await api('POST', '/v1/integrations/create-transaction', { amount: 1 });
    expect(failed.status).toBe(500);
    // The rows of the failed commit are written by the next one.
    expect((await api('POST', '/v1/integrations/create-transaction', { amount: 2 })).status).toBe(201);
    await stop(server);
    expect(sql(path, 'SELECT id, amount_cents FROM records ORDER BY id')).toEqual([
      { id: 1, amount_cents: 100 },
      { id: 2, amount_cents: 200 },
    ]);
  });

  it('keeps the seed and position of varied answers, GET answers included', async () => {
    const path = await newPath();
    const a = await start({ state: path, answers: 'varied', seed: 7 });
    const api = caller(a.url, a.service.secretKey);
    for (let i = 0; i < 3; i++) expect((await api('GET', '/v1/integrations/balance')).status).toBe(200);
    await stop(a);
    expect([setting(path, 'answers_seed'), setting(path, 'answers_position')]).toEqual([7, 3]);
    // The seed comes from the file; the sequence goes on where it stopped.
    const b = await start({ state: path, answers: 'varied' });
    await caller(b.url, b.service.secretKey)('GET', '/v1/integrations/balance');
    await stop(b);
    expect([setting(path, 'answers_seed'), setting(path, 'answers_position')]).toEqual([7, 4]);
    // Another seed is another sequence, from its start.
    await stop(await start({ state: path, answers: 'varied', seed: 8 }));
    expect([setting(path, 'answers_seed'), setting(path, 'answers_position')]).toEqual([8, 0]);
  });

  it('is used by one server at a time: a second one is refused in one line, then starts once the first closed', async () => {
    const path = await newPath();
    const first = await start({ state: path });
    const refusal = start({ state: path });
    await expect(refusal).rejects.toThrow(
      `The state file ${path} is in use by another server: one server per file; it was left as it is.`,
    );
    await stop(first);
    // SQLite's lock, no lock file: nothing is left beside the database.
    expect(await readdir(join(path, '..'))).toEqual(['state.json']);
    const second = await start({ state: path });
    expect(second.service.secretKey).toBe(first.service.secretKey);
  });

  it('writes every concurrent change, one row per record', async () => {
    const path = await newPath();
    const server = await start({ state: path });
    const api = caller(server.url, server.service.secretKey);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        api('POST', '/v1/integrations/create-transaction', { amount: i + 1 }),
      ),
    );
    expect(answers.every((answer) => answer.status === 201)).toBe(true);
    await stop(server);
    expect(sql(path, 'SELECT status, count(*) AS n FROM records GROUP BY 1')).toEqual([
      { status: 'PENDING', n: 100 },
    ]);
  });

  it('makes a missing file a database of the mock, owner-only, holding the keys it printed', async () => {
    const path = await newPath();
    const server = await start({ state: path });
    expect(server.stateFile).toEqual({ path, imported: undefined });
    await stop(server);
    expect((await readFile(path)).subarray(0, 16).toString('latin1')).toBe('SQLite format 3\0');
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(
      sql(
        path,
        'SELECT application_id AS id, user_version AS v FROM pragma_application_id, pragma_user_version',
      ),
    ).toEqual([{ id: APPLICATION_ID, v: SCHEMA_VERSION }]);
    expect(sql(path, 'SELECT secret_key FROM merchants')).toEqual([{ secret_key: server.service.secretKey }]);
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
    await stop(b);
    expect(sql(path, 'SELECT secret_key FROM merchants')).toEqual([{ secret_key: secretKey }]);
  });

  it('says in one line when the file cannot be written', async () => {
    const path = join(await newPath(), '..', 'missing', 'state.json');
    await expect(start({ state: path })).rejects.toThrow(/^Cannot write the state file .*\(ENOENT\)$/);
  });
});

describe("a kept merchant's id and initial balance", () => {
  it.each([
    [
      'initialBalanceCents',
      { initialBalanceCents: 500 },
      /initialBalanceCents 1000000, which its records follow from: initialBalanceCents 500 cannot replace it/,
    ],
    [
      'id',
      { id: 'merchant_other' },
      /id "merchant_1", which its records follow from: id "merchant_other" cannot replace it/,
    ],
  ] as const)(
    "are the file's: %s given otherwise is refused in one line, the file left as it is, and it starts without it",
    async (_field, merchant, message) => {
      const path = await newPath();
      const first = await start({ state: path });
      const api = caller(first.url, first.service.secretKey);
      const charge = await api('POST', '/v1/integrations/create-transaction', { amount: 50 });
      first.service.simulate.payCharge(charge.body.transactionId);
      const balance = first.service.state.balance();
      expect(balance.availableCents).toBeGreaterThan(1_000_000);
      await stop(first);
      const before = await sha256(path);
      await expectRefused(start({ state: path, merchants: [merchant] }), message, path, before);
      // Nothing was written: the next start, without the option, finds the ledger it left.
      const again = await start({ state: path });
      expect(again.service.state.balance()).toEqual(balance);
      await stop(again);
    },
  );
});

describe('a JSON state file of format 1', () => {
  it('is imported once into state.sqlite beside it, and left as it is', async () => {
    const dir = await newDir();
    const path = join(dir, 'state.json');
    const { text, secretKey } = await jsonStateFile();
    await writeFile(path, text);
    const first = await start({ state: path });
    const database = join(dir, 'state.sqlite');
    expect(first.stateFile).toEqual({ path: database, imported: { from: path, now: true } });
    expect(first.service.secretKey).toBe(secretKey);
    expect(first.service.state.records().map((r) => [r.id, r.status])).toEqual([
      [1, 'COMPLETED'],
      [2, 'PENDING'],
      [3, 'COMPLETED'],
    ]);
    const balance = first.service.state.balance();
    await caller(first.url, secretKey)('POST', '/v1/integrations/create-transaction', { amount: 1 });
    await stop(first);
    expect(await readFile(path, 'utf8')).toBe(text);
    // Started again on the JSON file: the database goes on, the JSON file is not read again.
    const second = await start({ state: path });
    expect(second.stateFile).toEqual({ path: database, imported: { from: path, now: false } });
    expect(second.service.state.records()).toHaveLength(4);
    expect(second.service.state.balance()).toEqual(balance);
    await stop(second);
    expect((await readdir(dir)).sort()).toEqual(['state.json', 'state.sqlite']);
  });
});

describe('a state file that cannot be used', () => {
  /** A valid JSON state file's document, changed by `edit`. */
  async function edited(edit: (document: Record<string, unknown>) => void): Promise<string> {
    const document = JSON.parse((await jsonStateFile()).text);
    edit(document);
    return JSON.stringify(document);
  }

  /** A valid database made by a server, its file changed by `edit`. */
  async function database(edit: (path: string) => void | Promise<void>): Promise<Buffer> {
    const path = await newPath();
    const server = await start({ state: path });
    await caller(server.url, server.service.secretKey)('POST', '/v1/integrations/create-transaction', {
      amount: 1,
    });
    await stop(server);
    await edit(path);
    return readFile(path);
  }

  const cases: [string, () => Promise<string | Buffer>, RegExp][] = [
    ['cut short (JSON)', async () => (await edited(() => undefined)).slice(0, 200), /is not valid JSON/],
    ['empty', async () => '', /is neither a SQLite database nor a JSON state file/],
    ['of another format', async () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]), /is neither a SQLite/],
    [
      'of JSON not ours',
      async () => '{"name":"my-app","version":"1.0.0"}',
      /is not a state file of the pix-payments mock/,
    ],
    ['a JSON array', async () => '[1, 2]', /is not a state file/],
    [
      'of a newer JSON version',
      () =>
        edited((d) => {
          d.version = 2;
        }),
      /has version 2, newer than this pix-payments reads \(1\)/,
    ],
    [
      'of JSON with a record of the wrong shape',
      () =>
        edited((d) => {
          const { records } = d.store as { records: Record<string, unknown>[] };
          records[0] = { ...records[0], amountCents: 1.5 };
        }),
      /does not hold a valid state \(store\.records\[0\]\.amountCents: /,
    ],
    [
      'of JSON with an idempotency key of a missing record',
      () =>
        edited((d) => {
          (d.store as { records: unknown[] }).records = [];
        }),
      /names record \d+, which is missing/,
    ],
    [
      'that is another application’s SQLite database',
      () =>
        database((path) => {
          sql(path, `PRAGMA application_id = 42`);
        }),
      /is a SQLite database, but not one of the pix-payments mock/,
    ],
    [
      'of a newer schema version',
      () =>
        database((path) => {
          sql(path, `PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
        }),
      new RegExp(
        `has schema version ${SCHEMA_VERSION + 1}, newer than this pix-payments reads \\(${SCHEMA_VERSION}\\): update pix-payments`,
      ),
    ],
    [
      'with a corrupt page',
      () =>
        database(async (path) => {
          const [{ rootpage, size }] = sql(
            path,
            "SELECT rootpage, (SELECT page_size FROM pragma_page_size) AS size FROM sqlite_schema WHERE name = 'records'",
          ) as [{ rootpage: number; size: number }];
          const bytes = await readFile(path);
          bytes.fill(0xff, (rootpage - 1) * size, (rootpage - 1) * size + 64);
          await writeFile(path, bytes);
        }),
      /is corrupt \(SQLite: /,
    ],
    [
      'holding a subscription of no merchant',
      () =>
        database((path) => {
          sql(
            path,
            `INSERT INTO subscriptions (id, merchant_id, url, events, status, secret, created_at, updated_at)
             VALUES ('s1', 'ghost', 'https://x.example/h', '["transaction.completed"]', 'ACTIVE', 'whsec_x',
                     '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`,
          );
        }),
      /subscription s1 belongs to no merchant of the file/,
    ],
  ];

  it.each(cases)(
    'refuses a file %s, in one line, and leaves it byte for byte',
    async (_name, content, message) => {
      const path = await newPath();
      const bytes = await content();
      // The database cases made theirs at state.json already: it is written back as it was.
      await writeFile(path, bytes);
      const dir = join(path, '..');
      const files = await readdir(dir);
      const before = await sha256(path);
      const error = await expectRefused(start({ state: path }), message, path, before);
      expect(error.message).toMatch(/it was left as it is\.$|update pix-payments$/);
      // Neither a database beside it nor SQLite's side files.
      expect(await readdir(dir)).toEqual(files);
      expect(existsSync(join(dir, 'state.sqlite'))).toBe(false);
    },
  );
});

describe('schema migrations', () => {
  it('brings an older schema to the current one, step by step', () => {
    const db = new DatabaseSync(':memory:');
    migrateSchema(db, 0, [{ makes: 'a table', run: (step) => step.exec('CREATE TABLE old_style (x)') }]);
    expect(db.prepare('SELECT user_version AS v FROM pragma_user_version').get()).toEqual({ v: 1 });
    expect(db.prepare("SELECT name FROM sqlite_schema WHERE name = 'old_style'").get()).toEqual({
      name: 'old_style',
    });
    db.close();
  });

  it('refuses a version it has no step for', () => {
    const db = new DatabaseSync(':memory:');
    expect(() => migrateSchema(db, 1, [])).toThrow(/schema version 1 is newer than the last migration \(0\)/);
    db.close();
  });
});

// The writer module is mocked above; it is the real one underneath.
void rows;
