/**
 * The kept state between the database's rows and the state the service restores: read whole at
 * start (as the document the JSON state file held, so one schema checks both), written whole when
 * a database is made (an import), and setting by setting after each change.
 */
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { savedEntries } from '../../mock/domain/store.js';
import type { MockMerchant } from '../../mock/options.js';
import { type SavedState, STATE_FORMAT, STATE_VERSION, validateState } from './state-format.js';
import { type RowWriter, readTable } from './state-rows.js';
import { TABLES } from './state-schema.js';

/** The settings the database keeps, by key in the `settings` table. */
export interface Settings {
  jwt_secret: string;
  /** The real time of the last write (ISO 8601): the clock goes on from `now` by the time since. */
  saved_at: string;
  /** The mock's clock (ISO 8601). */
  now: string;
  answers_seed: number;
  answers_position: number;
  next_id: number;
  last_created_at: number;
}

/** Writes settings (the clock and counters after each change; all of them when a database is made). */
export function writeSettings(writer: RowWriter, settings: Partial<Settings>): void {
  for (const [key, value] of Object.entries(settings)) writer.setting(key, value as SQLInputValue);
}

/** Writes the merchants, in their order (the first is the default one). */
export function writeMerchants(writer: RowWriter, merchants: readonly MockMerchant[]): void {
  merchants.forEach((merchant, position) => {
    writer.merchant({ position, ...merchant });
  });
}

/** Writes a whole state into an empty database (a JSON state file imported). */
export function writeState(writer: RowWriter, state: SavedState): void {
  writeSettings(writer, {
    jwt_secret: state.jwtSecret,
    saved_at: state.savedAt,
    now: state.now.toISOString(),
    answers_seed: state.answers.seed,
    answers_position: state.answers.position,
    next_id: state.store.nextId,
    last_created_at: state.store.lastCreatedAt,
  });
  writeMerchants(writer, state.merchants);
  for (const [merchantId, balance] of state.store.balances) writer.balance({ merchantId, ...balance });
  for (const record of state.store.records) writer.record(record);
  for (const entry of savedEntries(state.store)) writer.entry(entry);
  for (const [scope, claim] of state.store.claims) writer.claim({ scope, ...claim });
  for (const subscription of state.subscriptions.subscriptions) writer.subscription(subscription);
  for (const attempt of state.subscriptions.deliveries) writer.delivery(attempt);
}

/** True when no table holds a row: a database just made, whose state the first start writes. */
function isEmpty(db: DatabaseSync): boolean {
  return Object.values(TABLES).every(
    (table) => db.prepare(`SELECT EXISTS (SELECT 1 FROM ${table.name}) AS found`).get()?.found === 0,
  );
}

/**
 * The database's state, checked as a JSON state file's is (schema, references, ledger); undefined
 * for a database with no rows yet.
 * @throws StateFileError, in one line naming the file, when it does not hold a valid state.
 */
export function readState(db: DatabaseSync, path: string): SavedState | undefined {
  if (isEmpty(db)) return undefined;
  const settings = new Map(readTable(db, TABLES.settings).map((row) => [row.key, row.value]));
  const pairs = (table: (typeof TABLES)['claims' | 'balances'], key: string) =>
    readTable(db, table).map(({ [key]: id, ...rest }) => [id, rest]);
  const document = {
    format: STATE_FORMAT,
    version: STATE_VERSION,
    savedAt: settings.get('saved_at'),
    now: settings.get('now'),
    jwtSecret: settings.get('jwt_secret'),
    merchants: readTable(db, TABLES.merchants).map(({ position: _, ...merchant }) => merchant),
    store: {
      records: readTable(db, TABLES.records),
      entries: readTable(db, TABLES.entries),
      claims: pairs(TABLES.claims, 'scope'),
      balances: pairs(TABLES.balances, 'merchantId'),
      nextId: settings.get('next_id'),
      lastCreatedAt: settings.get('last_created_at'),
    },
    subscriptions: {
      subscriptions: readTable(db, TABLES.subscriptions),
      deliveries: readTable(db, TABLES.deliveries),
    },
    answers: { seed: settings.get('answers_seed'), position: settings.get('answers_position') },
  };
  return validateState(document, path);
}
