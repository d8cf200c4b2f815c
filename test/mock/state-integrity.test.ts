/**
 * A state file is written without following any symlink, and a file whose ledger does not add up
 * (a negative amount, a balance its records do not imply) is refused and left byte for byte.
 */
import { createHash } from 'node:crypto';
import { lstat, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type MockServer, type MockServerOptions, startMockServer } from '../../src/mock-entry.js';
import { CPF, caller } from './harness.js';

const running: MockServer[] = [];
const cleanUp: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
  await Promise.all(cleanUp.splice(0).map((step) => step()));
});

async function newDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pix-state-'));
  cleanUp.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function start(options: MockServerOptions): Promise<MockServer> {
  const server = await startMockServer({ deliverWebhooks: false, ...options });
  running.push(server);
  return server;
}

const sha256 = async (path: string) =>
  createHash('sha256')
    .update(await readFile(path))
    .digest('hex');

describe('writing the state file', () => {
  it.skipIf(process.platform === 'win32')(
    'follows no symlink planted at a temporary name beside it: the target stays untouched',
    async () => {
      const dir = await newDir();
      const path = join(dir, 'state.json');
      const target = join(await newDir(), 'victim');
      await writeFile(target, 'untouched');
      const before = await sha256(target);
      const planted = [`${path}.tmp`, `${path}.${process.pid}.tmp`, `${path}.0.tmp`];
      for (const name of planted) await symlink(target, name);
      const server = await start({ state: path });
      const api = caller(server.url, server.service.secretKey);
      expect((await api('POST', '/v1/integrations/create-transaction', { amount: 1 })).status).toBe(201);
      running.splice(running.indexOf(server), 1);
      await server.close();
      expect(await sha256(target)).toBe(before);
      for (const name of planted) expect((await lstat(name)).isSymbolicLink()).toBe(true);
      expect((await lstat(path)).isFile()).toBe(true);
      expect((await stat(path)).mode & 0o777).toBe(0o600);
      expect(JSON.parse(await readFile(path, 'utf8')).store.records).toHaveLength(1);
      // Nothing else left beside it: every temporary file was renamed.
      expect((await readdir(dir)).sort()).toEqual(
        ['state.json', ...planted.map((name) => name.slice(dir.length + 1))].sort(),
      );
    },
  );
});

describe('a state file whose ledger does not add up', () => {
  /** A valid file made by a server (a paid charge, a payout still PENDING), changed by `edit`. */
  async function edited(edit: (document: StateDocument) => void): Promise<string> {
    const path = join(await newDir(), 'state.json');
    const server = await start({ state: path, merchants: [{ manualApproval: true }] });
    const api = caller(server.url, server.service.secretKey);
    const charge = await api('POST', '/v1/integrations/create-transaction', { amount: 50 });
    server.service.simulate.payCharge(charge.body.transactionId);
    await api('POST', '/v1/integrations/create-cashout', { amount: 20, pixKey: CPF, pixKeyType: 'CPF' });
    running.splice(running.indexOf(server), 1);
    await server.close();
    const document = JSON.parse(await readFile(path, 'utf8'));
    edit(document);
    await writeFile(path, JSON.stringify(document));
    return path;
  }

  interface StateDocument {
    store: {
      records: { type: string; status: string; amountCents: number; feeCents: number }[];
      balances: [string, { availableCents: number; pendingCents: number }][];
    };
    now: string;
  }
  const balance = (d: StateDocument) => (d.store.balances[0] as [string, { availableCents: number }])[1];
  const cases: [string, (d: StateDocument) => void, RegExp][] = [
    [
      'a negative amountCents',
      (d) => {
        (d.store.records[0] as { amountCents: number }).amountCents = -5000;
      },
      /store\.records\[0\]\.amountCents: must be at least 0/,
    ],
    [
      'a negative feeCents',
      (d) => {
        (d.store.records[0] as { feeCents: number }).feeCents = -1;
      },
      /store\.records\[0\]\.feeCents: must be at least 0/,
    ],
    [
      'an available balance its records do not imply',
      (d) => {
        balance(d).availableCents += 1_000_000;
      },
      /merchant merchant_1 has available [-\d]+ cents, but its records imply [-\d]+/,
    ],
    [
      'a pending balance its records do not imply',
      (d) => {
        (d.store.balances[0] as [string, { pendingCents: number }])[1].pendingCents = 0;
      },
      /merchant merchant_1 has pending 0 cents, but its records imply 2000/,
    ],
    [
      'a record in a status its type never reaches',
      (d) => {
        (d.store.records[1] as { status: string }).status = 'CHARGEBACK';
      },
      /record 2 is a CASHOUT in CHARGEBACK, which its lifecycle never reaches/,
    ],
    [
      'a clock past year 9999',
      (d) => {
        d.now = '+010000-01-01T00:00:00.000Z';
      },
      /now: must be a time within years 2000 to 9999/,
    ],
  ];

  it.each(cases)(
    'refuses a file with %s, in one line, and leaves it byte for byte',
    async (_name, edit, message) => {
      const path = await edited(edit);
      const before = await sha256(path);
      const refusal = start({ state: path });
      await expect(refusal).rejects.toThrow(message);
      const error = (await refusal.catch((e: unknown) => e)) as Error;
      expect(error.message).not.toMatch(/\n/);
      expect(error.message).toMatch(
        /^The state file .* does not hold a valid state \(.*\); it was left as it is\.$/,
      );
      expect(error.message).not.toMatch(/sk_live_prod_|whsec_/);
      expect(await sha256(path)).toBe(before);
      expect(await readdir(dirname(path))).toEqual(['state.json']);
    },
  );
});
