/**
 * The state's objects as rows of the kept-state database, and back: one prepared upsert per
 * table, and the whole database read as the document the JSON state file held (so one schema
 * checks both).
 */
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import { column, type Table } from './schema-columns.js';
import { TABLES } from './state-schema.js';

/** A state object (a record, a subscription, …) whose fields become columns. */
type Fields = object;

/** A value as SQLite keeps it: a date as ISO 8601 text, JSON for arrays and objects, 0 or 1. */
function toColumn(table: Table, field: string, value: unknown): SQLInputValue {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if ((table.json as readonly string[] | undefined)?.includes(field)) return JSON.stringify(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value as SQLInputValue;
}

/** The prepared upsert of a table: a row replaces the one with the same key, keeping its `seq`. */
function upsert(db: DatabaseSync, table: Table): (fields: Fields) => void {
  const columns = table.fields.map(column);
  const updates = columns
    .filter((name) => name !== column(table.key))
    .map((name) => `${name} = excluded.${name}`);
  const conflict =
    table.key === 'seq' ? '' : ` ON CONFLICT (${column(table.key)}) DO UPDATE SET ${updates.join(', ')}`;
  const statement = db.prepare(
    `INSERT INTO ${table.name} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})${conflict}`,
  );
  return (fields) => {
    statement.run(
      ...table.fields.map((field) => toColumn(table, field, (fields as Record<string, unknown>)[field])),
    );
  };
}

/** The writes of the kept state, prepared once per connection. */
export interface RowWriter {
  setting(key: string, value: SQLInputValue): void;
  merchant(fields: Fields): void;
  balance(fields: Fields): void;
  record(fields: Fields): void;
  entry(fields: Fields): void;
  claim(fields: Fields): void;
  subscription(fields: Fields): void;
  removeSubscription(id: string): void;
  /** Appends an attempt, dropping the oldest past `keep` (when given). */
  delivery(fields: Fields, keep?: number): void;
  /** Empties tables (a reset). */
  clear(...tables: (keyof typeof TABLES)[]): void;
}

export function rowWriter(db: DatabaseSync): RowWriter {
  const removeSubscription = db.prepare('DELETE FROM subscriptions WHERE id = ?');
  const trim = db.prepare('DELETE FROM deliveries WHERE seq <= (SELECT max(seq) FROM deliveries) - ?');
  const insertDelivery = upsert(db, TABLES.deliveries);
  const cleared = new Map<string, StatementSync>();
  return {
    setting: (() => {
      const write = upsert(db, TABLES.settings);
      return (key, value) => write({ key, value });
    })(),
    merchant: upsert(db, TABLES.merchants),
    balance: upsert(db, TABLES.balances),
    record: upsert(db, TABLES.records),
    entry: upsert(db, TABLES.entries),
    claim: upsert(db, TABLES.claims),
    subscription: upsert(db, TABLES.subscriptions),
    removeSubscription: (id) => void removeSubscription.run(id),
    delivery(fields, keep) {
      insertDelivery(fields);
      if (keep !== undefined) trim.run(keep);
    },
    clear(...tables) {
      for (const name of tables) {
        let statement = cleared.get(name);
        if (statement === undefined) {
          statement = db.prepare(`DELETE FROM ${name}`);
          cleared.set(name, statement);
        }
        statement.run();
      }
    },
  };
}

/** Rows read per query: one JSON text each, so that even a million rows never make one huge string. */
const PAGE_ROWS = 10_000;

/** A column as the state's field, in JSON: JSON text embedded, 0 and 1 as false and true. */
function jsonValue(table: Table, field: string): string {
  const name = column(field);
  if ((table.json as readonly string[] | undefined)?.includes(field)) return `json(${name})`;
  if ((table.booleans as readonly string[] | undefined)?.includes(field)) {
    return `CASE ${name} WHEN 1 THEN json('true') WHEN 0 THEN json('false') ELSE ${name} END`;
  }
  return name;
}

/**
 * Every row of a table, in key order, as the state's fields (dates stay ISO text: the state's
 * schema reads them). SQLite writes each page of rows as JSON, which V8 parses several times
 * faster than it builds row objects one by one.
 */
export function readTable(db: DatabaseSync, table: Table): Record<string, unknown>[] {
  const optional = (table.optional ?? []) as readonly string[];
  const object = (fields: readonly string[]) =>
    `json_object(${fields.map((field) => `'${field}', ${jsonValue(table, field)}`).join(', ')})`;
  // The state has no key for an absent optional field: removed when NULL (a path that is not there
  // removes nothing).
  const absent = optional.map(
    (field) => `CASE WHEN ${column(field)} IS NULL THEN '$.${field}' ELSE '$.-' END`,
  );
  const json =
    optional.length === 0
      ? object(table.fields)
      : `json_remove(${object(table.fields)}, ${absent.join(', ')})`;
  const page = db.prepare(
    `SELECT json_group_array(${json}) AS page FROM (SELECT * FROM ${table.name} ORDER BY ${table.order ?? column(table.key)} LIMIT ? OFFSET ?)`,
  );
  const rows: Record<string, unknown>[] = [];
  for (let offset = 0; ; offset += PAGE_ROWS) {
    const found = JSON.parse(page.get(PAGE_ROWS, offset)?.page as string) as Record<string, unknown>[];
    rows.push(...found);
    if (found.length < PAGE_ROWS) return rows;
  }
}
