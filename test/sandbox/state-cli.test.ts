/**
 * The built CLI with `--state`, killed with SIGKILL in the middle of a burst of creates, then
 * started again on the same file: every answered (2xx) create is there, and the balance still
 * equals what the records imply. Loads dist/cli.js at run time (built before the suite).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { toCents } from '../../src/pix/money.js';
import type { Transaction } from '../../src/schemas/transaction.js';
import { bannerOf, CPF, caller } from '../mock/harness.js';
import { expectedBalance } from '../mock/ledger-model.js';
import { useCli } from './cli-process.js';
import { jsonStateFile } from './state-helpers.js';

const CLI = resolve(import.meta.dirname, '../../dist/cli.js');
/** Concurrent senders. */
const WORKERS = 32;
/** The kill comes once this many creates have been answered. */
const KILL_AFTER = 150;

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pix-cli-state-'));
  dirs.push(dir);
  return dir;
}

/** Starts the CLI on `path`; answers its base URL and secret key once the banner is out. */
async function startCli(path: string) {
  const child = spawn(process.execPath, [CLI, '--port', '0', '--state', path], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const banner = await bannerOf(child);
  const url = /Base URL\s+(\S+)/.exec(banner)?.[1] as string;
  const key = /Secret key\s+(sk_live_prod_\w{32})/.exec(banner)?.[1] as string;
  return {
    child,
    url,
    key,
    exit: new Promise((done) => child.once('exit', (code, signal) => done(signal ?? code))),
  };
}

/** Every record of the merchant, page by page. */
async function allRecords(api: ReturnType<typeof caller>): Promise<Transaction[]> {
  const records: Transaction[] = [];
  for (let page = 1, last = 1; page <= last; page++) {
    const reply = await api('GET', `/v1/integrations/list-transactions?per_page=100&page=${page}`);
    expect(reply.status).toBe(200);
    records.push(...reply.body.data);
    last = reply.body.meta.last_page;
  }
  return records;
}

interface Sent {
  path: string;
  body: { amount: number; idempotencyKey?: string };
}

/** Charges and payouts in turn, each payout with its own idempotency key; amounts in whole cents. */
const request = (i: number): Sent =>
  i % 2 === 0
    ? { path: '/v1/integrations/create-transaction', body: { amount: (100 + i * 37) / 100 } }
    : {
        path: '/v1/integrations/create-cashout',
        body: {
          amount: (600 + i * 13) / 100,
          pixKey: CPF,
          pixKeyType: 'CPF',
          idempotencyKey: randomUUID(),
        } as Sent['body'],
      };

describe('pix-payments-mock --state, killed mid-burst', () => {
  it('keeps every acknowledged create, and balances equal the ledger, after SIGKILL and a restart', async () => {
    const path = join(await tempDir(), 'state.json');
    const first = await startCli(path);
    const api = caller(first.url, first.key);
    const acknowledged: { sent: Sent; record: Transaction }[] = [];
    let lost = 0;
    // Workers send creates back to back, so that requests are always under way when the kill comes.
    await Promise.all(
      Array.from({ length: WORKERS }, async (_, worker) => {
        for (let n = 0; ; n++) {
          const sent = request(worker + n * WORKERS);
          try {
            const reply = await api('POST', sent.path, sent.body);
            if (reply.status >= 200 && reply.status < 300) acknowledged.push({ sent, record: reply.body });
            if (acknowledged.length === KILL_AFTER) first.child.kill('SIGKILL');
          } catch {
            lost += 1; // the connection died with the process: never acknowledged
            return;
          }
        }
      }),
    );
    expect(await first.exit).toBe('SIGKILL');
    // The kill came mid-burst: some creates were answered, the ones under way never were.
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(lost).toBe(WORKERS);

    const second = await startCli(path);
    expect(second.key).toBe(first.key);
    const records = await allRecords(caller(second.url, second.key));
    const byId = new Map(records.map((record) => [record.transactionId, record]));
    for (const { sent, record } of acknowledged) {
      const kept = byId.get(record.transactionId);
      expect(kept, `${sent.path} ${record.transactionId}`).toBeDefined();
      expect(toCents(kept?.amount as number)).toBe(toCents(sent.body.amount));
    }
    const payoutsPerKey = new Map<string, number>();
    for (const r of records)
      if (r.type === 'CASHOUT')
        payoutsPerKey.set(r.externalId as string, (payoutsPerKey.get(r.externalId as string) ?? 0) + 1);
    expect([...payoutsPerKey.values()].every((count) => count === 1)).toBe(true);
    const balance = (await caller(second.url, second.key)('GET', '/v1/integrations/balance')).body;
    const ledger = expectedBalance(records, 1_000_000);
    expect({ available: toCents(balance.available), pending: toCents(balance.pending) }).toEqual(ledger);
    second.child.kill('SIGINT');
    expect(await second.exit).toBe(0);
  });

  it('refuses a corrupt file in one line, exit code 1, and leaves it as it was', async () => {
    const path = join(await tempDir(), 'state.json');
    const text = '{"format":"pix-payments-mock-state","version":1,"merchants":[{"id":"m';
    await writeFile(path, text);
    const child = spawn(process.execPath, [CLI, '--state', path], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (chunk) => {
      err += String(chunk);
    });
    expect(await new Promise((done) => child.once('exit', done))).toBe(1);
    expect(err.trim().split('\n')).toEqual([
      `pix-payments-mock: The state file ${path} is not valid JSON (corrupt or cut short); it was left as it is.`,
    ]);
    expect(await readFile(path, 'utf8')).toBe(text);
  });
});

describe('pix-payments-mock --state, restarted with fewer flags', () => {
  const startWith = useCli();
  /** Stops a CLI as Ctrl-C does, after its last write of the state. */
  const stop = async ({ child }: { child: ChildProcess }) => {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
  };

  it('says in the banner where the state is kept, and prints no warning', async () => {
    const path = join(await tempDir(), 'state.db');
    const cli = await startWith('--port', '0', '--state', path);
    expect(cli.banner).toContain(`\n  State        ${path} (SQLite)\n`);
    let err = '';
    cli.child.stderr?.on('data', (chunk) => {
      err += String(chunk);
    });
    await stop(cli);
    expect(err).toBe('');
  });

  it('imports a JSON state file once, and says so in one line', async () => {
    const dir = await tempDir();
    const path = join(dir, 'state.json');
    const { text, secretKey } = await jsonStateFile();
    await writeFile(path, text);
    const first = await startWith('--port', '0', '--state', path);
    expect(first.secretKey).toBe(secretKey);
    expect(first.banner).toContain(
      `\n  State        ${join(dir, 'state.sqlite')} (SQLite), imported now from ${path}, which was left as it is\n`,
    );
    await stop(first);
    const second = await startWith('--port', '0', '--state', path);
    expect(second.banner).toMatch(
      /State +\S+state\.sqlite \(SQLite\), imported before from \S+state\.json, which is no longer read/,
    );
    expect(await readFile(path, 'utf8')).toBe(text);
  });

  it('keeps --manual-approval when restarted with --state only', async () => {
    const path = join(await tempDir(), 'state.json');
    await stop(await startWith('--port', '0', '--state', path, '--manual-approval'));
    const again = await startWith('--port', '0', '--state', path);
    expect(again.banner).toMatch(/Payouts +wait for approve-cashout/);
    const api = caller(again.url, again.secretKey);
    const payout = { amount: 10, pixKey: CPF, pixKeyType: 'CPF' };
    const created = await api('POST', '/v1/integrations/create-cashout', payout);
    expect(created.status).toBe(201);
    // Processed at once, it would be COMPLETED by now: the processing follows the answer.
    await new Promise((done) => setTimeout(done, 150));
    const now = await api('GET', `/v1/integrations/cashout/${created.body.transactionId}`);
    expect(now.body.status).toBe('PENDING');
  });

  it('reuses the --forward-to subscription and its secret across a restart', async () => {
    const path = join(await tempDir(), 'state.json');
    const hook = 'http://127.0.0.1:9/hook';
    const first = await startWith('--port', '0', '--state', path, '--forward-to', hook);
    expect(first.signingSecret).toMatch(/^whsec_/);
    await stop(first);
    const second = await startWith('--port', '0', '--state', path, '--forward-to', hook);
    expect(second.signingSecret).toBe(first.signingSecret);
    const listed = await caller(second.url, second.userToken)('GET', '/v1/user/webhooks');
    expect(listed.body.data.map((s: { url: string }) => s.url)).toEqual([hook]);
  });
});
