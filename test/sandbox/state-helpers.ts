/** Kept-state tests: temporary folders, servers closed after each test, the database read back. */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { gunzipSync } from 'node:zlib';
import { getResponse } from 'msw';
import { afterEach, expect } from 'vitest';
import { buildMockService } from '../../src/mock/service.js';
import { type MockServer, type MockServerOptions, startMockServer } from '../../src/mock-entry.js';
import { CPF } from '../mock/harness.js';
import { savedStateOf } from './saved-state.js';

/** Servers and folders of the current test file, closed and removed after each test. */
export function useKeptState() {
  const running: MockServer[] = [];
  const cleanUp: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.close()));
    await Promise.all(cleanUp.splice(0).map((step) => step()));
  });
  return {
    async newDir(): Promise<string> {
      const dir = await mkdtemp(join(tmpdir(), 'pix-state-'));
      cleanUp.push(() => rm(dir, { recursive: true, force: true }));
      return dir;
    },
    async start(options: MockServerOptions): Promise<MockServer> {
      const server = await startMockServer({ deliverWebhooks: false, ...options });
      running.push(server);
      return server;
    },
    /** Closes a server started by `start` (its last write included). */
    async stop(server: MockServer): Promise<void> {
      running.splice(running.indexOf(server), 1);
      await server.close();
    },
  };
}

/** Runs SQL on a database no server holds (after its close); answers the rows of the last statement. */
export function sql(
  path: string,
  text: string,
  ...params: (string | number | null)[]
): Record<string, unknown>[] {
  const db = new DatabaseSync(path);
  try {
    return db.prepare(text).all(...params) as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

/** Edits a database no server holds as a hand with `sqlite3` may: CHECKs switched off. */
export function editDatabase(path: string, statements: string): void {
  const db = new DatabaseSync(path);
  try {
    db.exec(`PRAGMA ignore_check_constraints = ON; ${statements}`);
  } finally {
    db.close();
  }
}

export const sha256 = async (path: string) =>
  createHash('sha256')
    .update(await readFile(path))
    .digest('hex');

/**
 * A JSON state file of format 1 as the sandbox wrote before its database: a charge paid, one
 * pending, a payout with an idempotency key; made by a service in memory.
 */
export async function jsonStateFile(): Promise<{ text: string; secretKey: string }> {
  const { service, parts } = buildMockService({ deliverWebhooks: false });
  const call = async (path: string, body: unknown) => {
    const request = new Request(`${service.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${service.secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await (await getResponse(service.handlers, request))?.json()) as { transactionId: string };
  };
  const paid = await call('/v1/integrations/create-transaction', { amount: 25.5 });
  service.simulate.payCharge(paid.transactionId);
  await call('/v1/integrations/create-transaction', { amount: 3 });
  await call('/v1/integrations/create-cashout', {
    amount: 12.34,
    pixKey: CPF,
    pixKeyType: 'CPF',
    idempotencyKey: crypto.randomUUID(),
  });
  const state = savedStateOf(parts);
  return { text: JSON.stringify(state), secretKey: service.secretKey };
}

/**
 * A start refused as kept state's refusals must be: rejected with `message`, in one line, naming
 * no secret, and the file at `path` left byte for byte (its sha256 still `before`, taken before
 * the start: an `await` between the start and this call would leave its rejection unhandled).
 */
export async function expectRefused(
  refusal: Promise<unknown>,
  message: RegExp,
  path: string,
  before: string,
): Promise<Error> {
  await expect(refusal).rejects.toThrow(message);
  const error = (await refusal.catch((e: unknown) => e)) as Error;
  expect(error.message).not.toMatch(/\n/);
  expect(error.message).not.toMatch(/sk_live_prod_|whsec_/);
  expect(await sha256(path)).toBe(before);
  return error;
}

/**
 * Writes at `path` the kept database of schema version 1 that the sandbox of commit 3684c50 made
 * (fixtures/make-state-v1.ts): merchants `shop` and `desk`, charges paid, failed, expired,
 * reversed and charged back, payouts completed, failed, reversed, cancelled and pending.
 */
export async function versionOneFile(path: string): Promise<void> {
  const gzipped = await readFile(join(import.meta.dirname, 'fixtures', 'state-v1.sqlite.gz'));
  await writeFile(path, gunzipSync(gzipped), { mode: 0o600 });
}
