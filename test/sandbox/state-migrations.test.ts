/**
 * The kept database's migrations, an ordered list from version 1: a new database is made at
 * version 1 and taken through every step, as a file of an older sandbox is. A step given to the
 * migrator (a fixture, never shipped: a new nullable column) runs on both.
 */
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildMockService } from '../../src/mock/service.js';
import { KeptState } from '../../src/sandbox/state/kept-state.js';
import {
  fieldSteps,
  MIGRATIONS,
  type Migration,
  SCHEMA_VERSION,
} from '../../src/sandbox/state/migrations.js';
import { createDatabase } from '../../src/sandbox/state/state-database.js';
import { TABLES } from '../../src/sandbox/state/state-schema.js';
import { expectRefused, sha256, sql, useKeptState, versionOneFile } from './state-helpers.js';

const { newDir, start, stop } = useKeptState();

/** The fixture step: a nullable column no schema has. */
const ADD_NOTE: Migration = {
  makes: 'the column note of records',
  run: (db: DatabaseSync) => db.exec('ALTER TABLE records ADD COLUMN note TEXT'),
};
const WITH_NOTE = [...MIGRATIONS, ADD_NOTE];

const versionOf = (path: string) => sql(path, 'SELECT user_version AS v FROM pragma_user_version')[0]?.v;

/** Every table's columns (name, type, NOT NULL, key), as SQLite describes them. */
const columnsOf = (path: string) =>
  sql(
    path,
    `SELECT m.name AS tab, p.name, p.type, p."notnull", p.pk FROM sqlite_schema m, pragma_table_info(m.name) p
     WHERE m.type = 'table' ORDER BY m.name, p.cid`,
  );

/** A server's kept state opened through `migrations`, as startMockServer opens it with the shipped ones. */
async function restart(path: string, migrations: readonly Migration[]) {
  const kept = await KeptState.open(path, { deliverWebhooks: false }, migrations);
  const { service, parts } = buildMockService(kept.options, kept.changed);
  kept.attach(parts);
  return { service, kept };
}

describe('a new database', () => {
  it('is made at version 1 and taken through every step, a step given to the migrator included', async () => {
    const dir = await newDir();
    expect(await createDatabase(join(dir, 'shipped.sqlite'))).toBe(true);
    expect(versionOf(join(dir, 'shipped.sqlite'))).toBe(SCHEMA_VERSION);
    const path = join(dir, 'noted.sqlite');
    expect(await createDatabase(path, undefined, WITH_NOTE)).toBe(true);
    expect(versionOf(path)).toBe(SCHEMA_VERSION + 1);
    expect(sql(path, "SELECT name FROM pragma_table_info('records') WHERE name = 'note'")).toEqual([
      { name: 'note' },
    ]);
  });

  it('has the very tables and columns of a version-1 file of before, migrated', async () => {
    const dir = await newDir();
    const old = join(dir, 'old.sqlite');
    await versionOneFile(old);
    expect(versionOf(old)).toBe(1);
    await stop(await start({ state: old }));
    const made = join(dir, 'made.sqlite');
    await stop(await start({ state: made }));
    expect(versionOf(old)).toBe(SCHEMA_VERSION);
    expect(columnsOf(made)).toEqual(columnsOf(old));
  });
});

describe('a version-1 file of the sandbox of before', () => {
  it('restarts through a fixture step: same records and balances, the new column, the new version', async () => {
    const dir = await newDir();
    const [shipped, noted] = [join(dir, 'shipped.sqlite'), join(dir, 'noted.sqlite')];
    await versionOneFile(shipped);
    await versionOneFile(noted);
    const balances = sql(noted, 'SELECT merchant_id, available_cents, pending_cents FROM balances');
    expect(balances).toHaveLength(2);

    const expected = await restart(shipped, MIGRATIONS);
    const migrated = await restart(noted, WITH_NOTE);
    for (const merchant of ['shop', 'desk']) {
      expect(migrated.service.state.records(merchant)).toEqual(expected.service.state.records(merchant));
      const kept = balances.find((row) => row.merchant_id === merchant);
      expect(migrated.service.state.balance(merchant)).toEqual({
        availableCents: kept?.available_cents,
        pendingCents: kept?.pending_cents,
      });
    }
    expect(migrated.service.state.records('shop').map((r) => r.status)).toContain('CHARGEBACK');
    // It serves: a new record is kept, the column empty.
    const created = await getResponse(
      migrated.service.handlers,
      new Request(`${migrated.service.baseUrl}/v1/integrations/create-transaction`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk_fixture_shop', 'content-type': 'application/json' },
        body: JSON.stringify({ amount: 1 }),
      }),
    );
    expect(created?.status).toBe(201);
    await migrated.kept.durable(new Request('http://x/', { method: 'POST' }));
    await expected.kept.close();
    await migrated.kept.close();

    expect(versionOf(noted)).toBe(SCHEMA_VERSION + 1);
    expect(sql(noted, 'SELECT count(*) AS n, count(note) AS noted FROM records')).toEqual([
      { n: 14, noted: 0 },
    ]);
    // The shipped steps do not know version SCHEMA_VERSION + 1: the file is refused, unchanged.
    const before = await sha256(noted);
    await expectRefused(
      start({ state: noted }),
      new RegExp(`has schema version ${SCHEMA_VERSION + 1}, newer than this pix-payments reads`),
      noted,
      before,
    );
  });
});

describe("a field the record gains (records.ts's RECORD_FIELDS_SINCE)", () => {
  const NEXT = SCHEMA_VERSION + 1;

  it('is a column added by the step of its version; the table is made without it', async () => {
    const dir = await newDir();
    const [shipped, later] = [join(dir, 'shipped.sqlite'), join(dir, 'later.sqlite')];
    // The fixture: `relatedId` as if the version after the shipped ones had added it.
    const steps = [...MIGRATIONS, ...fieldSteps(TABLES.records, { relatedId: NEXT }, NEXT)];
    expect(steps.at(-1)?.makes).toBe('the columns relatedId of records');
    expect(await createDatabase(shipped)).toBe(true);
    expect(await createDatabase(later, undefined, steps)).toBe(true);
    expect(versionOf(later)).toBe(NEXT);
    const records = (path: string) => columnsOf(path).filter((row) => row.tab === 'records');
    // Same columns (the added one last), same types and nullability.
    const byName = (rows: Record<string, unknown>[]) =>
      [...rows].sort((a, b) => String(a.name).localeCompare(String(b.name)));
    expect(byName(records(later))).toEqual(byName(records(shipped)));
    expect(records(later).at(-1)?.name).toBe('related_id');
  });

  it('makes one step per version, in order, and refuses a gap or a version among the written steps', () => {
    const steps = fieldSteps(TABLES.records, { relatedId: NEXT + 1, paidAt: NEXT, clientCpf: NEXT }, NEXT);
    expect(steps.map((step) => step.adds)).toEqual([
      { table: 'records', fields: ['paidAt', 'clientCpf'] },
      { table: 'records', fields: ['relatedId'] },
    ]);
    expect(fieldSteps(TABLES.records, {}, NEXT)).toEqual([]);
    expect(() => fieldSteps(TABLES.records, { relatedId: NEXT + 1 }, NEXT)).toThrow(
      `no field of records is added at schema version ${NEXT} (versions run from ${NEXT})`,
    );
    expect(() => fieldSteps(TABLES.records, { relatedId: NEXT - 1 }, NEXT)).toThrow(
      `records.relatedId is added at schema version ${NEXT - 1}, but the written steps run to ${NEXT - 1}`,
    );
  });
});
