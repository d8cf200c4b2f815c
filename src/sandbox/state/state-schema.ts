/**
 * The kept state's SQLite schema: one row per record, idempotency claim, balance, subscription
 * and delivery attempt, and the settings. Columns are the fields of the JSON state in snake_case
 * (`amountCents` is `amount_cents`), so the two say the same thing; docs/sandbox.md lists them.
 */

/** `PRAGMA application_id` of a database of this mock: "PIXM". Any other is not ours. */
export const APPLICATION_ID = 0x5049584d;
/** `PRAGMA user_version`: the schema this code writes, and the newest it reads. */
export const SCHEMA_VERSION = 1;

/** `MIGRATIONS[n]` is the SQL that turns schema n into n + 1. Version 1 is the first: none yet. */
export const MIGRATIONS: Readonly<Record<number, string>> = {};

/** A table and the state's field behind each column. */
export interface Table {
  name: string;
  /** The state's fields, in column order (the column is the field in snake_case). */
  fields: readonly string[];
  /** The field that identifies a row (upserts replace on it). */
  key: string;
  /** The column rows are read in, when not the key's. */
  order?: string;
  /** Fields kept as JSON text (arrays and objects). */
  json?: readonly string[];
  /** Fields kept as 0 or 1. */
  booleans?: readonly string[];
  /** Fields left out of the state when NULL (the state has no such key then). */
  optional?: readonly string[];
}

/** A field's column: `amountCents` is `amount_cents`. */
export const column = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

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
  records: {
    name: 'records',
    fields: [
      'id',
      'transactionId',
      'merchantId',
      'type',
      'status',
      'origin',
      'source',
      'amountCents',
      'feeCents',
      'description',
      'productName',
      'trackingParameters',
      'pixCode',
      'pixKeyType',
      'pixKey',
      'clientName',
      'clientEmail',
      'clientPhone',
      'clientCpf',
      'externalId',
      'endToEndId',
      'receiptUrl',
      'createdAt',
      'updatedAt',
      'paidAt',
      'relatedId',
    ],
    key: 'id',
    json: ['trackingParameters'],
    optional: ['trackingParameters', 'relatedId'],
  },
  claims: { name: 'claims', fields: ['scope', 'fingerprint', 'recordId'], key: 'scope' },
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
 * Schema 1. Amounts are integer cents; times are ISO 8601 text. Subscriptions and deliveries keep
 * their order in `seq`. Not STRICT, so that older `sqlite3` shells read it; a setting's value has no
 * declared type, so it keeps the type it was written with. The CHECKs make a hand edit that breaks
 * a rule fail at once in `sqlite3`; the loader checks every rule again (a CHECK can be switched off).
 */
export const SCHEMA_1 = `
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
CREATE TABLE records (
  id INTEGER PRIMARY KEY, transaction_id TEXT NOT NULL UNIQUE, merchant_id TEXT NOT NULL,
  type TEXT NOT NULL, status TEXT NOT NULL, origin TEXT NOT NULL, source TEXT NOT NULL,
  amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
  fee_cents INTEGER NOT NULL CHECK (fee_cents >= 0),
  description TEXT, product_name TEXT, tracking_parameters TEXT, pix_code TEXT,
  pix_key_type TEXT NOT NULL, pix_key TEXT, client_name TEXT, client_email TEXT, client_phone TEXT,
  client_cpf TEXT, external_id TEXT NOT NULL, end_to_end_id TEXT, receipt_url TEXT,
  created_at TEXT NOT NULL, updated_at TEXT NOT NULL, paid_at TEXT, related_id INTEGER
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
