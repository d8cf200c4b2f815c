/**
 * `startMockServer({ state })`: the mock's state kept in a SQLite database. The service's stores
 * stay the working set; they tell of each change (which record, ledger entry, claim, balance,
 * subscription or delivery), and the rows changed are written in one transaction, soon after (the changes of
 * requests arriving meanwhile join it). An answer waits for the commit that covers its change.
 */
import type { DatabaseSync } from 'node:sqlite';
import { LAST_CLOCK_MS } from '../../mock/domain/clock.js';
import { ServiceError } from '../../mock/domain/service-error.js';
import type { StateChange } from '../../mock/domain/state-change.js';
import { MAX_KEPT_DELIVERY_ATTEMPTS } from '../../mock/domain/subscriptions.js';
import type { MockMerchantOptions, MockServiceOptions } from '../../mock/options.js';
import type { StatefulParts } from '../../mock/service.js';
import { Dirty, replay } from './dirty-rows.js';
import { MIGRATIONS, type Migration } from './migrations.js';
import { causeInWords, stateCause, unusable } from './state-causes.js';
import { copyDatabase, type DatabaseCopy } from './state-copy.js';
import { type OpenedState, openStateDatabase } from './state-database.js';
import { writeMerchants, writeSettings } from './state-document.js';
import { StateFileError } from './state-error.js';
import type { SavedState } from './state-format.js';
import { type RowWriter, rowWriter } from './state-rows.js';

/** Methods whose requests change nothing, by HTTP's rules (the stores report what else changes). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const DONE = Promise.resolve();

/** What the records and balances of a kept merchant follow from: an option may not change it. */
const LEDGER_FIELDS = ['id', 'initialBalanceCents'] as const;

/**
 * The options with what the file holds: explicit options win, the file replaces the random
 * defaults. A merchant's id and initial balance are the file's: the server would otherwise keep
 * balances its records no longer imply, and refuse its own file at the next start.
 */
function withSaved(options: MockServiceOptions, saved: SavedState, path: string): MockServiceOptions {
  const given = options.merchants ?? [];
  saved.merchants.forEach((kept, i) => {
    for (const field of LEDGER_FIELDS) {
      const asked = given[i]?.[field];
      if (asked !== undefined && asked !== kept[field])
        throw new StateFileError(
          `The state file ${path} keeps merchant ${i + 1} with ${field} ${JSON.stringify(kept[field])}, which its records follow from: ${field} ${JSON.stringify(asked)} cannot replace it (leave it out, or use a new file); it was left as it is.`,
        );
    }
  });
  const count = Math.max(given.length, saved.merchants.length);
  const merchants = Array.from({ length: count }, (_, i): MockMerchantOptions => {
    const explicit = Object.entries(given[i] ?? {}).filter(([, value]) => value !== undefined);
    return { ...saved.merchants[i], ...Object.fromEntries(explicit) };
  });
  // The mock's time went on while it was stopped, as a real service's does.
  const elapsedMs = Math.max(0, Date.now() - Date.parse(saved.savedAt));
  return {
    ...options,
    merchants,
    jwtSecret: options.jwtSecret ?? saved.jwtSecret,
    seed: options.seed ?? saved.answers.seed,
    startAt: options.startAt ?? Math.min(saved.now.getTime() + elapsedMs, LAST_CLOCK_MS),
  };
}

/** One database in use by one server. */
export class KeptState {
  #db: DatabaseSync | undefined;
  #writer: RowWriter | undefined;
  #parts: StatefulParts | undefined;
  #dirty = new Dirty();
  #commit: Promise<void> | undefined;
  /** The cause of the failing commits, said once on stderr until a commit succeeds again. */
  #failing: string | undefined;

  private constructor(
    private readonly opened: OpenedState,
    /** The server's options, with the merchants, keys and clock of the file. */
    readonly options: MockServiceOptions,
  ) {
    this.#db = opened.db;
  }

  /**
   * Opens the database at `path` (none yet is fine: it is made; a JSON state file is imported),
   * locks it for this server, and reads it (migrated by `migrations`: tests add one of their own).
   * @throws StateFileError in one line when the file cannot be used, or another server uses it;
   *   it is then left as it is.
   */
  static async open(
    path: string,
    options: MockServiceOptions,
    migrations: readonly Migration[] = MIGRATIONS,
  ): Promise<KeptState> {
    const opened = await openStateDatabase(path, migrations);
    try {
      return new KeptState(
        opened,
        opened.saved === undefined ? options : withSaved(options, opened.saved, path),
      );
    } catch (error) {
      opened.db.close();
      throw error;
    }
  }

  /** The database in use, and the JSON state file imported into it, if `--state` named one. */
  get file(): Pick<OpenedState, 'path' | 'imported'> {
    return { path: this.opened.path, imported: this.opened.imported };
  }

  /** Told of every change the stores make: written with the next commit. */
  readonly changed = (change: StateChange): void => {
    if (this.#parts === undefined || this.#db === undefined) return;
    this.#dirty.add(change);
    this.#schedule();
  };

  /**
   * Puts the database's state into the service, then writes the merchants, balances and settings
   * at once: the database holds what explicit options changed, and is known writable before any
   * request.
   */
  attach(parts: StatefulParts): void {
    const { saved } = this.opened;
    if (saved !== undefined) {
      parts.store.restore(saved.store);
      parts.subscriptions.restore(saved.subscriptions);
      // Another seed is another sequence: it starts from its beginning.
      const { seed, position } = saved.answers;
      parts.answers.reset(parts.answers.seed === seed ? position : 0);
    }
    this.#parts = parts;
    this.#dirty = new Dirty();
    for (const merchant of parts.options.merchants) this.#dirty.balances.add(merchant.id);
    try {
      this.#write(this.#dirty, (writer) => {
        writeMerchants(writer, parts.options.merchants);
        writeSettings(writer, { jwt_secret: parts.options.jwtSecret, answers_seed: parts.answers.seed });
      });
    } catch (error) {
      throw unusable(this.opened.path, error);
    }
    this.#dirty = new Dirty();
  }

  /**
   * Resolves once what a request may have changed is committed: before its answer goes out. A
   * request of another method than GET, HEAD or OPTIONS counts as a change (the clock, a reset).
   */
  readonly durable = (request: Request): Promise<void> => {
    if (!SAFE_METHODS.has(request.method) && this.#parts !== undefined && this.#db !== undefined) {
      this.#dirty.settings = true;
      this.#schedule();
    }
    return this.#commit ?? DONE;
  };

  /**
   * A consistent copy of the database (`VACUUM INTO` a temporary file of this server's own
   * choosing), holding every change committed so far, so every change already answered.
   * @throws ServiceError when the server keeps no state any more, or the copy cannot be made.
   */
  async copy(): Promise<DatabaseCopy> {
    if (this.#db === undefined) throw new ServiceError('STATE_CLOSED', 'The server is closing');
    return copyDatabase(this.#db);
  }

  /** Writes the last state (the clock as it stands), and lets the file go for another server. */
  async close(): Promise<void> {
    const db = this.#db;
    if (db === undefined) return;
    try {
      if (this.#parts !== undefined) {
        this.#dirty.settings = true;
        this.#flush();
      }
    } catch (error) {
      throw new StateFileError(
        `The last changes could not be written to the state file ${this.opened.path}: ${causeInWords(error)}; it holds the state of its last commit.`,
      );
    } finally {
      this.#db = undefined;
      db.close();
    }
  }

  /** Lets the file go without writing (the server did not start). */
  async release(): Promise<void> {
    this.#db?.close();
    this.#db = undefined;
  }

  /** A commit after the current turn: a change is made of several steps (a balance, then a record). */
  #schedule(): void {
    if (this.#commit !== undefined) return;
    const commit = new Promise<void>((resolve, reject) => {
      setImmediate(() => {
        this.#commit = undefined;
        try {
          this.#flush();
          this.#failing = undefined;
          resolve();
        } catch (error) {
          reject(this.#notSaved(error));
        }
      });
    });
    // A commit no answer waits for (a delivery logged, a charge expired) fails quietly: its rows
    // stay dirty, and the next commit writes them.
    commit.catch(() => undefined);
    this.#commit = commit;
  }

  /**
   * The answer to a request whose change could not be committed (a full disk, a file made
   * read-only meanwhile), and one line on stderr naming the file, once per run of failures.
   */
  #notSaved(error: unknown): ServiceError {
    const cause = stateCause(error);
    const why = causeInWords(error);
    if (this.#failing !== why) {
      this.#failing = why;
      const todo =
        cause === undefined ? 'check the file and its disk' : cause.todo.replace(/, then start again$/, '');
      console.error(
        `pix-payments mock: cannot write the state file ${this.opened.path}: ${why}; ${todo}. Changes stay in memory and are saved with the next commit that succeeds.`,
      );
    }
    return new ServiceError(
      'INTERNAL_ERROR',
      `The sandbox could not save this change to its state file: ${why}. The change was made in memory and is saved with the next commit that succeeds: read it back before retrying`,
    );
  }

  /** Commits what changed since the last commit. */
  #flush(): void {
    if (this.#db === undefined || this.#dirty.empty) return;
    const dirty = this.#dirty;
    this.#dirty = new Dirty();
    try {
      this.#write(dirty);
    } catch (error) {
      for (const change of replay(dirty)) this.#dirty.add(change);
      this.#dirty.settings = true;
      throw error;
    }
  }

  /** One transaction: the rows `dirty` names, then the settings that move with every change. */
  #write(dirty: Dirty, more?: (writer: RowWriter) => void): void {
    const db = this.#db as DatabaseSync;
    const parts = this.#parts as StatefulParts;
    this.#writer ??= rowWriter(db);
    const writer = this.#writer;
    db.exec('BEGIN IMMEDIATE');
    try {
      if (dirty.storeReset) {
        writer.clear('records', 'entries', 'claims', 'balances');
        for (const merchant of parts.options.merchants) dirty.balances.add(merchant.id);
      }
      if (dirty.subscriptionsReset) writer.clear('subscriptions', 'deliveries');
      const { store, subscriptions } = parts;
      for (const id of dirty.records) {
        const record = store.record(id);
        if (record !== undefined) writer.record(record);
      }
      for (const change of dirty.entries) {
        if (change.part === 'entry') writer.entry(change.entry);
      }
      for (const scope of dirty.claims) writer.claim({ scope, ...store.claim(scope) });
      for (const merchantId of dirty.balances) writer.balance({ merchantId, ...store.balance(merchantId) });
      for (const id of dirty.subscriptions) {
        const subscription = subscriptions.get(id);
        if (subscription === undefined) writer.removeSubscription(id);
        else writer.subscription(subscription);
      }
      for (const change of dirty.deliveries) {
        if (change.part === 'delivery') writer.delivery(change.attempt, MAX_KEPT_DELIVERY_ATTEMPTS);
      }
      const counters = store.counters();
      writeSettings(writer, {
        saved_at: new Date().toISOString(),
        now: parts.clock.now().toISOString(),
        answers_position: parts.answers.position,
        next_id: counters.nextId,
        last_created_at: counters.lastCreatedAt,
      });
      more?.(writer);
      db.exec('COMMIT');
    } catch (error) {
      // SQLite may have rolled back already (a full disk, an I/O error): the cause is `error`.
      try {
        db.exec('ROLLBACK');
      } catch {}
      throw error;
    }
  }
}
