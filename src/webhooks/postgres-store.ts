/**
 * A de-duplication store in PostgreSQL, shared by every instance of a receiver and kept in the
 * database that holds the app's orders, so an event can be recorded in the app's own transaction
 * ({@link PostgresDedupeStore.completeWithin}). Every expiry is compared with the database's
 * `clock_timestamp()`, never a receiver's clock. No driver is a dependency of this package.
 */
import { kindOf, optionsObject } from '../schemas/checks.js';
import { type OptionNames, refuseUnknownOptions } from '../schemas/known-options.js';
import type { ClaimResult, WebhookDedupeStore } from './dedupe-store.js';
import { WebhookLeaseLostError } from './errors.js';

/** A `pg.Pool`, a `pg.Client`, or any driver's pool or client of that shape. */
export interface PostgresQueryable {
  /** Runs one statement with `$1`-style parameters. */
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount: number | null }>;
}

/** Options of {@link PostgresDedupeStore}. */
export interface PostgresDedupeStoreOptions {
  /** The table: `name` or `schema.name`, each part at most 63 bytes (quoted as given). @default 'pix_payments_webhook_events' */
  table?: string;
  /**
   * Creates the table on first use (`CREATE TABLE IF NOT EXISTS`). With `false`, create it
   * yourself from {@link postgresDedupeTableSql}: for a role without CREATE, or a migration tool.
   * @default true
   */
  createTable?: boolean;
}

const POSTGRES_STORE_OPTION_NAMES = {
  table: 0,
  createTable: 0,
} satisfies OptionNames<PostgresDedupeStoreOptions>;

/** `table` quoted for SQL: `"name"` or `"schema"."name"`. */
function quotedTable(table: string): string {
  if (typeof table !== 'string') throw new TypeError(`table must be a string, got ${kindOf(table)}`);
  const parts = table.split('.');
  if (parts.length > 2 || parts.some((part) => part === '' || new TextEncoder().encode(part).length > 63))
    throw new RangeError(`table must be name or schema.name, each part 1 to 63 bytes, got "${table}"`);
  return parts.map((part) => `"${part.replaceAll('"', '""')}"`).join('.');
}

/**
 * The table's DDL, for an app that creates it itself (`createTable: false`). One row per event
 * key: the token of the attempt that leased or handled it, whether it is handled, and until when
 * the lease or the record holds.
 * @example await pool.query(postgresDedupeTableSql('webhooks.events'))
 */
export function postgresDedupeTableSql(table = 'pix_payments_webhook_events'): string {
  return tableSql(quotedTable(table));
}

const tableSql = (table: string) => `CREATE TABLE IF NOT EXISTS ${table} (
  event_key text PRIMARY KEY,
  token text NOT NULL,
  handled boolean NOT NULL DEFAULT false,
  expires_at timestamptz NOT NULL
) WITH (fillfactor = 80)`;

const AFTER = (n: number) => `clock_timestamp() + $${n}::float8 * interval '1 second'`;

/** What two receivers starting at once may meet in `CREATE TABLE IF NOT EXISTS` (the catalog's race). */
const CREATE_RACE = ['23505', '42P07', '42710'];

/**
 * Leases and records event keys in one PostgreSQL table. A claim is one statement: it takes a
 * free or expired row, and otherwise reads whether the event is handled or in progress.
 */
export class PostgresDedupeStore implements WebhookDedupeStore {
  readonly #pool: PostgresQueryable;
  readonly #table: string;
  readonly #sql: Record<'claim' | 'renew' | 'complete' | 'record' | 'release' | 'within' | 'holder', string>;
  #ready: Promise<unknown> | undefined;

  constructor(pool: PostgresQueryable, options?: PostgresDedupeStoreOptions) {
    const { table = 'pix_payments_webhook_events', createTable = true } = refuseUnknownOptions(
      optionsObject(options, 'PostgresDedupeStore options'),
      POSTGRES_STORE_OPTION_NAMES,
      'PostgresDedupeStore',
    );
    if (typeof (pool as Partial<PostgresQueryable> | null)?.query !== 'function')
      throw new TypeError(
        'PostgresDedupeStore needs a pool or client with query(text, values), e.g. a pg.Pool',
      );
    if (typeof createTable !== 'boolean')
      throw new TypeError(`createTable must be a boolean, got ${kindOf(createTable)}`);
    this.#pool = pool;
    const t = quotedTable(table);
    this.#table = t;
    const live = 'expires_at > clock_timestamp()';
    this.#sql = {
      // Takes the row if it is new or expired, by one clock reading after its lock; else leaves it
      // as it is and answers what holds it, as committed (a claim waits on the app's transaction).
      claim: `INSERT INTO ${t} AS e VALUES ($1, $2, false, ${AFTER(3)})
ON CONFLICT (event_key) DO UPDATE SET (token, handled, expires_at) = (SELECT CASE WHEN f THEN $2 ELSE e.token END,
e.handled AND NOT f, CASE WHEN f THEN excluded.expires_at ELSE e.expires_at END FROM (SELECT e.expires_at <= clock_timestamp() AS f) AS x)
RETURNING CASE WHEN handled THEN 'handled' WHEN token = $2 THEN 'claimed' ELSE 'in-progress' END AS claim`,
      // Locks the row by key and token first, so a renewal waits on the app's open transaction.
      renew: `UPDATE ${t} SET expires_at = CASE WHEN NOT handled AND ${live} THEN ${AFTER(3)} ELSE expires_at END
WHERE event_key = $1 AND token = $2 RETURNING handled OR ${live} AS held`,
      complete: `UPDATE ${t} AS e SET token = $2, handled = true, expires_at = ${AFTER(3)}
FROM (SELECT event_key, token = $2 AND (handled OR ${live}) AS held FROM ${t} WHERE event_key = $1 FOR UPDATE) AS p
WHERE e.event_key = p.event_key RETURNING p.held`,
      record: `INSERT INTO ${t} VALUES ($1, $2, true, ${AFTER(3)})
ON CONFLICT (event_key) DO UPDATE SET token = $2, handled = true, expires_at = excluded.expires_at`,
      release: `DELETE FROM ${t} WHERE event_key = $1 AND token = $2 AND NOT handled`,
      within: `UPDATE ${t} SET handled = true, expires_at = ${AFTER(3)} WHERE event_key = $1 AND token = $2 AND (handled OR ${live})`,
      holder: `SELECT token FROM ${t} WHERE event_key = $1`,
    };
    if (!createTable) this.#ready = Promise.resolve();
  }

  async claim(key: string, token: string, leaseSeconds: number): Promise<ClaimResult> {
    const { rows } = await this.#query('claim', [key, token, leaseSeconds]);
    return (rows[0] as { claim: ClaimResult }).claim;
  }

  async renew(key: string, token: string, leaseSeconds: number): Promise<boolean> {
    const { rows } = await this.#query('renew', [key, token, leaseSeconds]);
    return (rows[0] as { held?: boolean } | undefined)?.held === true;
  }

  /** Records `key` as handled; true if `token` held the lease, or had recorded it in {@link completeWithin}. */
  async complete(key: string, token: string, ttlSeconds: number): Promise<boolean> {
    const { rows } = await this.#query('complete', [key, token, ttlSeconds]);
    if (rows.length > 0) return (rows[0] as { held: boolean }).held;
    // The row is gone (deleteExpired took a lapsed lease): record it all the same.
    await this.#query('record', [key, token, ttlSeconds]);
    return false;
  }

  async release(key: string, token: string): Promise<void> {
    await this.#query('release', [key, token]);
  }

  /**
   * Records the event as handled inside the app's own transaction, on `client` (the one that ran
   * `BEGIN`), if `leaseToken` still holds its lease by the database's clock; otherwise throws a
   * {@link WebhookLeaseLostError}, so the app's writes roll back and the attempt that holds the
   * event now does them. Commit, then return from `onEvent`: the receiver's own `complete` counts
   * the event recorded by this token as its own. Use READ COMMITTED (PostgreSQL's default).
   * @param ttlSeconds how long the record holds until the receiver's `complete` sets its own
   *   `dedupeTtlSeconds` (the same one day by default).
   * @example
   * await client.query('BEGIN');
   * await client.query('UPDATE orders SET paid = true WHERE id = $1', [orderId]);
   * await store.completeWithin(client, delivery.eventKey, delivery.leaseToken);
   * await client.query('COMMIT');
   */
  async completeWithin(
    client: PostgresQueryable,
    eventKey: string,
    leaseToken: string,
    ttlSeconds = 86_400,
  ): Promise<void> {
    if ((await client.query(this.#sql.within, [eventKey, leaseToken, ttlSeconds])).rowCount === 1) return;
    const { rows } = await client.query(this.#sql.holder, [eventKey]);
    const mine = (rows[0] as { token?: string } | undefined)?.token === leaseToken;
    throw new WebhookLeaseLostError(eventKey, mine ? 'lapsed' : 'taken', 0);
  }

  /** Deletes expired rows (handled records past their TTL, lapsed leases); answers how many. */
  async deleteExpired(): Promise<number> {
    await this.#ensureTable();
    const { rowCount } = await this.#pool.query(
      `DELETE FROM ${this.#table} WHERE expires_at <= clock_timestamp()`,
    );
    return rowCount ?? 0;
  }

  async #query(name: 'claim' | 'renew' | 'complete' | 'record' | 'release', values: unknown[]) {
    await this.#ensureTable();
    return this.#pool.query(this.#sql[name], values);
  }

  /** Creates the table once; receivers starting together may race in the catalog: retried. */
  #ensureTable(): Promise<unknown> {
    this.#ready ??= (async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await this.#pool.query(tableSql(this.#table));
        } catch (error) {
          if (attempt >= 5 || !CREATE_RACE.includes((error as { code?: string }).code ?? '')) throw error;
        }
      }
    })().catch((error: unknown) => {
      this.#ready = undefined;
      throw error;
    });
    return this.#ready;
  }
}
