/**
 * The kept state's SQLite tables: one row per record, ledger entry, idempotency claim, balance,
 * subscription and delivery attempt, and the settings. Columns are the fields of the JSON state in snake_case
 * (`amountCents` is `amount_cents`), so the two say the same thing; docs/sandbox.md lists them.
 * The records and entries tables are read off their schemas ({@link StoredTransaction},
 * {@link LedgerEntry}); how each
 * version of the database was made is the list of migrations (./migrations.ts).
 */
import { LedgerEntry } from '../../mock/domain/entries.js';
import { StoredTransaction } from '../../mock/domain/records.js';
import { type Table, tableOf } from './schema-columns.js';

/** `PRAGMA application_id` of a database of this mock: "PIXM". Any other is not ours. */
export const APPLICATION_ID = 0x5049584d;
/** The kept tables, and the state's field behind each column. */
export const TABLES = {
  settings: { name: 'settings', fields: ['key', 'value'], key: 'key' },
  merchants: {
    name: 'merchants',
    fields: [
      'position',
      'id',
      'name',
      'city',
      'secretKey',
      'publicKey',
      'initialBalanceCents',
      'manualApproval',
      'cashInFeeCents',
    ],
    key: 'position',
    booleans: ['manualApproval'],
  },
  balances: { name: 'balances', fields: ['merchantId', 'availableCents', 'pendingCents'], key: 'merchantId' },
  /** The kept record: its columns are read off its schema. */
  records: tableOf('records', StoredTransaction, { key: 'id', unique: ['transactionId'] }),
  claims: { name: 'claims', fields: ['scope', 'fingerprint', 'recordId'], key: 'scope' },
  /** The ledger's entries (from schema 2): read off their schema. */
  entries: tableOf('entries', LedgerEntry, { key: 'id' }),
  subscriptions: {
    name: 'subscriptions',
    fields: [
      'id',
      'merchantId',
      'url',
      'events',
      'status',
      'description',
      'secret',
      'createdAt',
      'updatedAt',
    ],
    key: 'id',
    order: 'seq',
    json: ['events'],
  },
  deliveries: {
    name: 'deliveries',
    fields: [
      'deliveryId',
      'webhookId',
      'merchantId',
      'event',
      'url',
      'attempt',
      'at',
      'status',
      'error',
      'ok',
      'durationMs',
      'headers',
      'response',
      'resent',
      'body',
    ],
    key: 'seq',
    json: ['headers'],
    booleans: ['ok', 'resent'],
    optional: ['status', 'error', 'response', 'resent'],
  },
} as const satisfies Record<string, Table>;

/**
 * Schema 1 of the tables not read off a schema (the records table is: ./schema-columns.ts), as
 * it was made then: a migration never changes. Amounts are integer cents; times are ISO 8601
 * text. Subscriptions and deliveries keep their order in `seq`. Not STRICT, so that older
 * `sqlite3` shells read it; a setting's value has no declared type, so it keeps the type it was
 * written with. The CHECKs make a hand edit that breaks a rule fail at once in `sqlite3`; the
 * loader checks every rule again (a CHECK can be switched off).
 */
export const SCHEMA_1_FIXED_TABLES = `
CREATE TABLE settings (key TEXT PRIMARY KEY, value NOT NULL);
CREATE TABLE merchants (
  position INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, name TEXT NOT NULL, city TEXT NOT NULL,
  secret_key TEXT NOT NULL, public_key TEXT NOT NULL, initial_balance_cents INTEGER NOT NULL,
  manual_approval INTEGER NOT NULL CHECK (manual_approval IN (0, 1)),
  cash_in_fee_cents INTEGER NOT NULL CHECK (cash_in_fee_cents >= 0)
);
CREATE TABLE balances (
  merchant_id TEXT PRIMARY KEY, available_cents INTEGER NOT NULL, pending_cents INTEGER NOT NULL
);
CREATE TABLE claims (scope TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, record_id INTEGER NOT NULL);
CREATE TABLE subscriptions (
  seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, merchant_id TEXT NOT NULL, url TEXT NOT NULL,
  events TEXT NOT NULL, status TEXT NOT NULL, description TEXT, secret TEXT NOT NULL,
  created_at TEXT NOT NULL, updated_at TEXT NOT NULL
);
CREATE TABLE deliveries (
  seq INTEGER PRIMARY KEY, delivery_id TEXT NOT NULL, webhook_id TEXT NOT NULL,
  merchant_id TEXT NOT NULL, event TEXT NOT NULL, url TEXT NOT NULL, attempt INTEGER NOT NULL,
  at TEXT NOT NULL, status INTEGER, error TEXT, ok INTEGER NOT NULL, duration_ms REAL NOT NULL,
  headers TEXT NOT NULL, response TEXT, resent INTEGER, body TEXT NOT NULL
);
`;
