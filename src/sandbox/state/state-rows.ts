/**
 * The state's objects as rows of the kept-state database, and back: one prepared upsert per
 * table, and the whole database read as the document the JSON state file held (so one schema
 * checks both).
 */
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import { column, TABLES, type Table } from './state-schema.js';

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

/** A row back as the state's fields (dates stay ISO text: the state's schema reads them). */
function fromRow(table: Table, row: Record<string, unknown>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const field of table.fields) {
    const value = row[column(field)];
    if (value === null && (table.optional as readonly string[] | undefined)?.includes(field)) continue;
    if (value !== null && (table.json as readonly string[] | undefined)?.includes(field)) {
      fields[field] = parseJson(value);
    } else if (value !== null && (table.booleans as readonly string[] | undefined)?.includes(field)) {
      fields[field] = value === 1 ? true : value === 0 ? false : value;
    } else {
      fields[field] = value;
    }
  }
  return fields;
}

/** JSON text parsed; anything else left as it is, for the state's schema to refuse. */
function parseJson(value: unknown): unknown {
  try {
    return typeof value === 'string' ? JSON.parse(value) : value;
  } catch {
    return value;
  }
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

/** Every row of a table, in key order, as the state's fields. */
export function readTable(db: DatabaseSync, table: Table): Record<string, unknown>[] {
  return db
    .prepare(`SELECT * FROM ${table.name} ORDER BY ${table.order ?? column(table.key)}`)
    .all()
    .map((row) => fromRow(table, row));
}
