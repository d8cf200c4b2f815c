/**
 * The kept database's versions, as an ordered list of steps: step n (from 0) turns a database of
 * schema version n into version n + 1, so the list's length is the version this code writes
 * (`PRAGMA user_version`), and the newest it reads. A new database is an empty one taken through
 * every step: made at version 1, then migrated forward like any older file, so the first
 * migration ever runs on new databases too. A step never changes once shipped; a change to the
 * kept state is a new step at the end. A field added to the record's schema (a nullable one) is
 * the field, plus its version in `RECORD_FIELDS_SINCE` (`records.ts`), which makes the step
 * `addColumns(TABLES.records, ['newField'])` of that version: the column's DDL is read off the
 * schema, and the step that made the table leaves out the columns later steps add.
 */
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { historyEntries } from '../../mock/domain/money-rules.js';
import { RECORD_FIELDS_SINCE, type StoredTransaction } from '../../mock/domain/records.js';
import { column, createTableSql, type SchemaTable } from './schema-columns.js';
import { SCHEMA_1_FIXED_TABLES, TABLES } from './state-schema.js';

/** One step of the list. */
export interface Migration {
  /** What the step makes, in words. */
  readonly makes: string;
  /** The schema fields this step adds as columns (the step that made their table left them out). */
  readonly adds?: { readonly table: string; readonly fields: readonly string[] };
  /** Runs the step inside the caller's transaction; `steps` is the whole list being run. */
  readonly run: (db: DatabaseSync, steps: readonly Migration[]) => void;
}

/** The fields of `table` that steps of `steps` add as columns. */
const addedBy = (steps: readonly Migration[], table: SchemaTable) =>
  steps.flatMap((step) => (step.adds?.table === table.name ? step.adds.fields : []));

/** The step that makes a schema table, without the columns later steps add. */
export const createTable = (table: SchemaTable): Migration['run'] => {
  return (db, steps) => db.exec(createTableSql(table, addedBy(steps, table)));
};

/** Inserts `rows` into a schema table as it stands at this step (without the columns later steps add). */
function insertRows(
  db: DatabaseSync,
  table: SchemaTable,
  steps: readonly Migration[],
  rows: readonly object[],
): void {
  const later = addedBy(steps, table);
  const fields = table.fields.filter((field) => !later.includes(field));
  const insert = db.prepare(
    `INSERT INTO ${table.name} (${fields.map(column).join(', ')}) VALUES (${fields.map(() => '?').join(', ')})`,
  );
  for (const row of rows)
    insert.run(...fields.map((field) => (row as Record<string, SQLInputValue>)[field] ?? null));
}

/** The records' fields the money rules read, from rows not checked yet (a damaged one is refused after). */
function recordsForMoney(db: DatabaseSync) {
  const rows = db
    .prepare(
      'SELECT id, merchant_id AS merchantId, type, status, amount_cents AS amountCents, fee_cents AS feeCents FROM records',
    )
    .all() as unknown as Pick<
    StoredTransaction,
    'id' | 'merchantId' | 'type' | 'status' | 'amountCents' | 'feeCents'
  >[];
  return rows.filter((row) => [row.id, row.amountCents, row.feeCents].every(Number.isSafeInteger));
}

/** The step that adds fields of a table's schema (nullable ones: old rows hold NULL) as columns. */
export function addColumns(table: SchemaTable, fields: readonly string[]): Migration {
  return {
    makes: `the columns ${fields.join(', ')} of ${table.name}`,
    adds: { table: table.name, fields },
    run: (db) => {
      for (const field of fields) db.exec(`ALTER TABLE ${table.name} ADD COLUMN ${table.columns[field]}`);
    },
  };
}

/**
 * The steps that add a table's later fields, `since` giving each field's version: one
 * `addColumns` step per version from `next` on, in order (fields of one version, one step). A
 * version with no field is a mistake in `since`, refused here rather than shipped as a gap.
 */
export function fieldSteps(
  table: SchemaTable,
  since: Readonly<Record<string, number | undefined>>,
  next: number,
): Migration[] {
  const added = Object.entries(since).filter((entry): entry is [string, number] => entry[1] !== undefined);
  const early = added.find(([, version]) => version < next);
  if (early !== undefined) {
    throw new Error(
      `${table.name}.${early[0]} is added at schema version ${early[1]}, but the written steps run to ${next - 1}: a field's version comes after them`,
    );
  }
  const last = Math.max(next - 1, ...added.map(([, version]) => version));
  const steps: Migration[] = [];
  for (let version = next; version <= last; version++) {
    const fields = added.filter(([, at]) => at === version).map(([field]) => field);
    if (fields.length === 0) {
      throw new Error(
        `no field of ${table.name} is added at schema version ${version} (versions run from ${next})`,
      );
    }
    steps.push(addColumns(table, fields));
  }
  return steps;
}

/** The steps written by hand: those that make tables or move data. */
const WRITTEN: readonly Migration[] = [
  {
    makes: 'schema 1: settings, merchants, balances, records, claims, subscriptions, deliveries',
    run: (db, steps) => {
      db.exec(SCHEMA_1_FIXED_TABLES);
      createTable(TABLES.records)(db, steps);
    },
  },
  {
    makes: "schema 2: the ledger's entries, each record's derived from its status path",
    run: (db, steps) => {
      createTable(TABLES.entries)(db, steps);
      insertRows(db, TABLES.entries, steps, historyEntries(recordsForMoney(db)));
    },
  },
];

/** Every step, oldest first: the written ones, then those of the record's later fields. */
export const MIGRATIONS: readonly Migration[] = [
  ...WRITTEN,
  ...fieldSteps(TABLES.records, RECORD_FIELDS_SINCE, WRITTEN.length + 1),
];

/** `PRAGMA user_version`: the schema this code writes, and the newest it reads. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/**
 * Brings a database of schema version `from` to the last of `steps` (0 for an empty database),
 * one step at a time, inside the caller's transaction.
 */
export function migrateSchema(
  db: DatabaseSync,
  from: number,
  steps: readonly Migration[] = MIGRATIONS,
): void {
  if (from > steps.length) {
    throw new Error(`schema version ${from} is newer than the last migration (${steps.length})`);
  }
  for (let version = from; version < steps.length; version++) {
    (steps[version] as Migration).run(db, steps);
    db.exec(`PRAGMA user_version = ${version + 1}`);
  }
}
