/**
 * A database whose ledger does not add up (a negative amount, a balance its records do not imply,
 * a status its lifecycle never reaches), edited by hand with SQL, is refused and left byte for byte.
 */
import { spawnSync } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../src/sandbox/state/migrations.js';
import { CPF, caller } from '../mock/harness.js';
import { editDatabase, expectRefused, sha256, useKeptState } from './state-helpers.js';

const { newDir, start, stop } = useKeptState();

describe('the database of a running server', () => {
  it('is owner-only, and so is its write-ahead log', async () => {
    const path = join(await newDir(), 'state.json');
    const server = await start({ state: path });
    await caller(server.url, server.service.secretKey)('POST', '/v1/integrations/create-transaction', {
      amount: 1,
    });
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect((await stat(`${path}-wal`)).mode & 0o777).toBe(0o600);
    await stop(server);
  });
});

describe('a database whose ledger does not add up', () => {
  /** A valid database made by a server (a paid charge, a payout still PENDING), changed by `edit` (SQL). */
  async function edited(edit: string): Promise<string> {
    const path = join(await newDir(), 'state.json');
    const server = await start({ state: path, merchants: [{ manualApproval: true }] });
    const api = caller(server.url, server.service.secretKey);
    const charge = await api('POST', '/v1/integrations/create-transaction', { amount: 50 });
    server.service.simulate.payCharge(charge.body.transactionId);
    await api('POST', '/v1/integrations/create-cashout', { amount: 20, pixKey: CPF, pixKeyType: 'CPF' });
    await stop(server);
    // A CHECK would stop some of these edits: a hand that switches them off is not stopped by them.
    editDatabase(path, edit);
    return path;
  }

  const cases: [string, string, RegExp][] = [
    [
      'an amount in fractions of a cent',
      'UPDATE records SET amount_cents = 1.5 WHERE id = 1',
      /store\.records\[0\]\.amountCents: /,
    ],
    [
      'a negative amount_cents',
      'UPDATE records SET amount_cents = -5000 WHERE id = 1',
      /store\.records\[0\]\.amountCents: must be at least 0; got -5000/,
    ],
    [
      'a negative fee_cents',
      'UPDATE records SET fee_cents = -1 WHERE id = 1',
      /store\.records\[0\]\.feeCents: must be at least 0; got -1/,
    ],
    [
      'an updated_at in another ISO 8601 form than the one the mock writes',
      "UPDATE records SET updated_at = '2026-01-01T00:00:00Z' WHERE id = 1",
      /store\.records\[0\]\.updatedAt: must be an instant as the mock writes it/,
    ],
    [
      'a paid_at whose last digit was zeroed (a torn page)',
      "UPDATE records SET paid_at = substr(paid_at, 1, 22) || char(0) || 'Z' WHERE id = 1",
      /store\.records\[0\]\.paidAt: must be an instant as the mock writes it/,
    ],
    [
      'an available balance its records do not imply',
      'UPDATE balances SET available_cents = available_cents + 1000000',
      /merchant merchant_1 has available [-\d]+ cents, but its records imply [-\d]+/,
    ],
    [
      'a pending balance its records do not imply',
      'UPDATE balances SET pending_cents = 0',
      /merchant merchant_1 has pending 0 cents, but its records imply 2000/,
    ],
    [
      'a record in a status its type never reaches',
      "UPDATE records SET status = 'CHARGEBACK' WHERE id = 2",
      /record 2 is a CASHOUT in CHARGEBACK, which its lifecycle never reaches/,
    ],
    [
      'a status that does not exist',
      "UPDATE records SET status = 'LOST' WHERE id = 2",
      /store\.records\[1\]\.status: /,
    ],
    [
      'a clock past year 9999',
      "UPDATE settings SET value = '+010000-01-01T00:00:00.000Z' WHERE key = 'now'",
      /now: must be a time within years 2000 to 9999/,
    ],
    ['no JWT secret', "DELETE FROM settings WHERE key = 'jwt_secret'", /jwtSecret: /],
  ];

  it.each(cases)(
    'refuses a database with %s, in one line, and leaves it byte for byte',
    async (_name, edit, message) => {
      const path = await edited(edit);
      const before = await sha256(path);
      const error = await expectRefused(start({ state: path }), message, path, before);
      expect(error.message).toMatch(
        /^The state file .* does not hold a valid state \(.*\); it was left as it is\.$/,
      );
      expect(await readdir(dirname(path))).toEqual(['state.json']);
    },
  );

  /** Edits the database in a process killed before it closes: the edit stays in a WAL beside it. */
  function editThenCrash(path: string, statements: string): void {
    const code = `
      const { DatabaseSync } = require('node:sqlite');
      const db = new DatabaseSync(${JSON.stringify(path)});
      db.exec(${JSON.stringify(`PRAGMA ignore_check_constraints = ON; ${statements}`)});
      process.kill(process.pid, 'SIGKILL');`;
    const crashed = spawnSync(process.execPath, ['-e', code]);
    expect(crashed.signal).toBe('SIGKILL');
  }

  it.each([
    ['a ledger that does not add up', 'UPDATE balances SET pending_cents = 0', /has pending 0 cents/],
    [
      'a newer schema version',
      `PRAGMA user_version = ${SCHEMA_VERSION + 1}`,
      new RegExp(`has schema version ${SCHEMA_VERSION + 1}, newer than`),
    ],
  ])(
    'refuses %s found in the WAL a crash left, and leaves the file and the WAL byte for byte',
    async (_name, edit, message) => {
      const path = await edited('SELECT 1');
      editThenCrash(path, edit);
      const listing = await readdir(dirname(path));
      expect(listing).toContain('state.json-wal');
      const wal = await sha256(`${path}-wal`);
      expect((await stat(`${path}-wal`)).size).toBeGreaterThan(0);
      const before = await sha256(path);
      await expectRefused(start({ state: path }), message, path, before);
      // A read-write connection would have folded the WAL into the file on closing.
      expect(await sha256(`${path}-wal`)).toBe(wal);
      expect(await readdir(dirname(path))).toEqual(listing);
    },
  );
});
