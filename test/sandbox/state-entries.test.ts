/**
 * The ledger's entries in the kept state: a file of before the entries gets each record's entries
 * from its status path when it is migrated, and its balances are their sums; from then on the
 * restart check sums entries, so money that moves without a status step is no reason to refuse
 * a file, and an entry that belongs to no record of its merchant is.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENTRY_KINDS, historyMovements } from '../../src/mock/domain/money-rules.js';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../../src/schemas/enums.js';
import { expectedBalance } from '../mock/ledger-model.js';
import { editDatabase, expectRefused, sha256, sql, useKeptState, versionOneFile } from './state-helpers.js';

/** The kinds of entry the records' status paths make, read off the money rules: a subset of ENTRY_KINDS. */
const STATUS_PATH_KINDS = [
  ...new Set(
    TRANSACTION_TYPES.flatMap((type) =>
      TRANSACTION_STATUSES.flatMap((status) =>
        historyMovements({ type, status, amountCents: 1000, feeCents: 100 }).map((m) => m.kind),
      ),
    ),
  ),
].sort();

const { newDir, start, stop } = useKeptState();

const MERCHANTS = [
  { id: 'shop', initialBalanceCents: 10_000 },
  { id: 'desk', initialBalanceCents: 5_000 },
];

/** Each merchant's balance as the `balances` table holds it. */
const keptBalances = (path: string) =>
  sql(path, 'SELECT merchant_id AS id, available_cents AS a, pending_cents AS p FROM balances ORDER BY 1');

/** Each merchant's initial balance plus the sum of its entries. */
const entrySums = (path: string) =>
  sql(
    path,
    `SELECT m.id, m.initial_balance_cents + coalesce(sum(e.available_cents), 0) AS a, coalesce(sum(e.pending_cents), 0) AS p
     FROM merchants m LEFT JOIN entries e ON e.merchant_id = m.id GROUP BY m.id ORDER BY 1`,
  );

/** A record's entries, in order, as `kind available pending`. */
const entriesOf = (path: string, recordId: number) =>
  sql(
    path,
    'SELECT kind, available_cents AS a, pending_cents AS p FROM entries WHERE record_id = ? ORDER BY id',
    recordId,
  ).map((row) => `${row.kind} ${row.a} ${row.p}`);

describe('a version-1 file of the sandbox of before the entries', () => {
  it('restarts with each record’s entries derived from its status path, and the balances match', async () => {
    const path = join(await newDir(), 'state.sqlite');
    await versionOneFile(path);
    const before = keptBalances(path);
    const records = sql(path, 'SELECT merchant_id AS m, type, status FROM records ORDER BY id');
    // What the fixture holds: every status path that moves money.
    for (const wanted of [
      'CASHIN COMPLETED',
      'CASHIN REVERSED',
      'CASHIN CHARGEBACK',
      'CASHOUT COMPLETED',
      'CASHOUT FAILED',
      'CASHOUT REVERSED',
      'CASHOUT CANCELLED',
      'CASHOUT PENDING',
    ]) {
      expect(records.map((r) => `${r.type} ${r.status}`)).toContain(wanted);
    }

    const server = await start({ state: path });
    for (const { id, initialBalanceCents } of MERCHANTS) {
      const balance = server.service.state.balance(id);
      const kept = before.find((row) => row.id === id);
      expect(balance).toEqual({ availableCents: kept?.a, pendingCents: kept?.p });
      // The ledger's rules, applied to the records by an oracle of their own.
      const oracle = expectedBalance(server.service.state.records(id), initialBalanceCents);
      expect(balance).toEqual({ availableCents: oracle.available, pendingCents: oracle.pending });
    }
    await stop(server);

    expect(entrySums(path)).toEqual(keptBalances(path));
    expect(keptBalances(path)).toEqual(before);
    const kinds = sql(path, 'SELECT DISTINCT kind FROM entries').map((row) => row.kind);
    // Every kind a status path makes (a file of before the entries holds nothing else).
    expect([...kinds].sort()).toEqual(STATUS_PATH_KINDS);
    expect(ENTRY_KINDS).toEqual(expect.arrayContaining(STATUS_PATH_KINDS));
    // Record 9 is a payout to reverse@pix.test (12.00, fee 5.00): reserved, sent, sent back net.
    expect(entriesOf(path, 9)).toEqual([
      'payout-reserved -1200 1200',
      'payout-sent 0 -1200',
      'reversal 700 0',
    ]);
    // Record 10 is a charge of desk (80.00, cash-in fee 0.99), paid.
    expect(entriesOf(path, 10)).toEqual(['charge-paid 8000 0', 'fee -99 0']);
    // Record 3 was paid then charged back; its infraction (4) moves no money.
    expect(entriesOf(path, 3)).toEqual(['charge-paid 3000 0', 'chargeback -3000 0']);
    expect(entriesOf(path, 4)).toEqual([]);
  });

  it('keeps the entries of the moves made after the restart, and restarts again on them', async () => {
    const path = join(await newDir(), 'state.sqlite');
    await versionOneFile(path);
    const first = await start({ state: path });
    // desk's payout 11 waits for approval: approved, it is sent.
    first.service.simulate.approvePayout(11);
    const balance = first.service.state.balance('desk');
    await stop(first);
    expect(entriesOf(path, 11)).toEqual(['payout-reserved -1000 1000', 'payout-sent 0 -1000']);
    expect(entrySums(path)).toEqual(keptBalances(path));
    const second = await start({ state: path });
    expect(second.service.state.balance('desk')).toEqual(balance);
    await stop(second);
  });
});

describe('the restart check sums entries', () => {
  /** A database of the shipped schema made from the fixture, then edited by `edit` (SQL). */
  async function edited(edit: string): Promise<string> {
    const path = join(await newDir(), 'state.sqlite');
    await versionOneFile(path);
    await stop(await start({ state: path }));
    editDatabase(path, edit);
    return path;
  }

  it('serves money that moved without a status step: an entry and the balance that sums it', async () => {
    const path = await edited(`
      INSERT INTO entries (id, record_id, merchant_id, kind, available_cents, pending_cents)
        VALUES ((SELECT max(id) + 1 FROM entries), 1, 'shop', 'reversal', -2500, 0);
      UPDATE balances SET available_cents = available_cents - 2500 WHERE merchant_id = 'shop';`);
    const expected = keptBalances(path).find((row) => row.id === 'shop');
    const server = await start({ state: path });
    expect(server.service.state.balance('shop')).toEqual({
      availableCents: expected?.a,
      pendingCents: expected?.p,
    });
    // The record did not move.
    expect(server.service.state.records('shop')[0]?.status).toBe('COMPLETED');
    await stop(server);
  });

  it.each([
    [
      'an entry without the balance that sums it',
      `INSERT INTO entries (id, record_id, merchant_id, kind, available_cents, pending_cents)
         VALUES ((SELECT max(id) + 1 FROM entries), 1, 'shop', 'reversal', -2500, 0)`,
      /merchant shop has available \d+ cents, but its records imply \d+ \(the sum of their entries\)/,
    ],
    [
      'an entry of a record that is missing',
      'UPDATE entries SET record_id = 99 WHERE id = 1',
      /entry 1 names record 99, which is missing/,
    ],
    [
      'an entry of another merchant than its record’s',
      "UPDATE entries SET merchant_id = 'desk' WHERE id = 1",
      /entry 1 belongs to merchant desk, but its record 1 to shop/,
    ],
    [
      'an entry of a kind the ledger does not know',
      "UPDATE entries SET kind = 'gift' WHERE id = 1",
      /store\.entries\[0\]\.kind: /,
    ],
    [
      'an entry in fractions of a cent',
      'UPDATE entries SET available_cents = 10000.5 WHERE id = 1',
      /store\.entries\[0\]\.availableCents: /,
    ],
  ])('refuses a file with %s, in one line, and leaves it byte for byte', async (_name, edit, message) => {
    const path = await edited(edit);
    const before = await sha256(path);
    await expectRefused(start({ state: path }), message, path, before);
  });
});
