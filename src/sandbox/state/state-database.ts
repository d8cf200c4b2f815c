/// <reference types="node" />
/**
 * The kept state's SQLite file: made, checked, migrated and locked. Nothing is written to a file
 * before it passes every check: a SQLite file of another application or of a newer schema is
 * refused from its header, before SQLite opens it; ours is then checked on a read-only connection,
 * and only then locked and migrated in a transaction. One server per file: the connection holds SQLite's exclusive lock
 * (`locking_mode = EXCLUSIVE`) from its first write until it closes.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync, statSync } from 'node:fs';
import { link, open, readFile, rm } from 'node:fs/promises';
import type { DatabaseSync } from 'node:sqlite';
import { pathToFileURL } from 'node:url';
import { MIGRATIONS, type Migration, migrateSchema } from './migrations.js';
import { loadSqlite } from './sqlite.js';
import { cannotMake, unusable } from './state-causes.js';
import { readState, writeState } from './state-document.js';
import { StateFileError } from './state-error.js';
import { headOfMade, readHead, requireMakeable, requireWritable, stateFileKind } from './state-file-kind.js';
import { decodeState, refused, type SavedState } from './state-format.js';
import { rowWriter } from './state-rows.js';
import { APPLICATION_ID } from './state-schema.js';

const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');
/** The files SQLite keeps beside a database. */
const SIDE_FILES = ['-wal', '-shm', '-journal'];
/** How long a start waits for a server that is closing to let the file go. */
const BUSY_TIMEOUT_MS = 500;

/** A database of ours, locked by this process, with the state it held. */
export interface OpenedState {
  db: DatabaseSync;
  /** The database (beside the JSON file that was imported into it, if any). */
  path: string;
  /** Undefined for a database just made. */
  saved: SavedState | undefined;
  /** The JSON state file named by `--state`, imported into the database at this start or before. */
  imported?: { from: string; now: boolean } | undefined;
}

/** The database a JSON state file is imported into: `state.json` → `state.sqlite`. */
export const importedPath = (path: string) => `${path.replace(/\.json$/i, '')}.sqlite`;

/**
 * Refuses a database that is not ours (its `application_id`), or of a schema newer than `newest`
 * (the last of the migrations this code runs).
 */
function checkOwnership(
  path: string,
  applicationId: number | undefined,
  version: number,
  newest: number,
): void {
  if (applicationId !== APPLICATION_ID) {
    throw refused(
      path,
      'is a SQLite database, but not one of the pix-payments mock (another application_id)',
    );
  }
  if (version > newest) {
    throw refused(
      path,
      `has schema version ${version}, newer than this pix-payments reads (${newest}): update pix-payments`,
    );
  }
}

/** The same, from the file's header alone: before SQLite opens the file. */
function checkHeader(path: string, head: Buffer, newest: number): void {
  if (head.length < 100) checkOwnership(path, undefined, 0, newest);
  else checkOwnership(path, head.readUInt32BE(68), head.readUInt32BE(60), newest);
}

/** The same, through a connection (the header may have changed since it was read); the schema version. */
function checkedVersion(db: DatabaseSync, path: string, newest: number): number {
  const { application_id: id, user_version: version } = db
    .prepare('SELECT application_id, user_version FROM pragma_application_id, pragma_user_version')
    .get() as { application_id: number; user_version: number };
  checkOwnership(path, id >>> 0, version, newest);
  return version;
}

/**
 * Makes a database at `path` holding `state` (or no rows): built under a temporary name, then
 * linked into place only if nothing is there yet, so a crash never leaves half a database.
 * Answers false when another start made it first. Also the bulk path of the benchmark's seeding.
 * @internal
 */
export async function createDatabase(
  path: string,
  state?: SavedState,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<boolean> {
  const temporary = `${path}.${randomBytes(8).toString('hex')}.tmp`;
  try {
    // Owner-only from its creation (SQLite gives its side files the same mode): it holds every key.
    await (await open(temporary, 'wx', 0o600)).close();
  } catch (error) {
    throw cannotMake(path, error, 'folder');
  }
  try {
    const { DatabaseSync } = loadSqlite();
    const db = new DatabaseSync(temporary);
    try {
      // The header says ours before anything else is written.
      db.exec(`PRAGMA application_id = ${APPLICATION_ID}`);
      db.exec('PRAGMA journal_mode = WAL');
      // Made at version 1 by the first step, then migrated forward as an older file would be.
      db.exec('BEGIN');
      migrateSchema(db, 0, migrations);
      if (state !== undefined) writeState(rowWriter(db), state);
      db.exec('COMMIT');
    } finally {
      db.close();
    }
    await link(temporary, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error instanceof StateFileError ? error : cannotMake(path, error);
  } finally {
    await Promise.all(['', ...SIDE_FILES].map((side) => rm(`${temporary}${side}`, { force: true })));
  }
}

/** Why SQLite refused, as the state file's refusal. */
function translate(error: unknown, path: string): Error {
  if (error instanceof StateFileError) return error;
  const message = (error as Error).message.split('\n')[0] as string;
  if (/locked|busy/i.test(message)) {
    return new StateFileError(
      `The state file ${path} is in use by another server: one server per file; it was left as it is.`,
    );
  }
  if (/malformed|corrupt|not a database/i.test(message)) {
    return refused(path, `is corrupt (SQLite: ${message})`);
  }
  return unusable(path, error);
}

/** The side files of `path` that exist now. */
const sideFilesOf = (path: string) => SIDE_FILES.filter((side) => existsSync(`${path}${side}`));

/**
 * Removes the shared-memory index that opening made (not there `before`): a server in exclusive
 * mode never uses one. A WAL is never removed: one that appeared meanwhile may be a starting
 * server's, and removing it would lose that server's commits.
 */
function removeOpeningsIndex(path: string, before: readonly string[]): void {
  if (!before.includes('-shm')) rmSync(`${path}-shm`, { force: true });
}

/** Fails with the refusal of a database whose pages or rows SQLite finds broken. */
function quickCheck(db: DatabaseSync, path: string): void {
  const problem = db.prepare('PRAGMA quick_check(1)').get()?.quick_check;
  if (problem === 'ok') return;
  // quick_check also finds rows that break a CHECK or NOT NULL: a hand edit, not a torn page.
  const found = String(problem).replace(/\s+/g, ' ');
  const broken = /^(CHECK constraint failed|NULL value in)/.test(found);
  throw refused(
    path,
    broken ? `does not hold a valid state (SQLite: ${found})` : `is corrupt (SQLite: ${found})`,
  );
}

/**
 * Fails with the refusal of a file shorter than the pages its header counts (cut short: a copy
 * that stopped, a full disk). SQLite would read the missing end of its last page as zeros, which
 * may change a row without failing its own checks. Only without a WAL: with one, the WAL's
 * pages count, and the file may rightly be shorter until they are copied into it.
 */
function requireWholePages(db: DatabaseSync, path: string): void {
  const { pages, size } = db
    .prepare('SELECT page_count AS pages, page_size AS size FROM pragma_page_count, pragma_page_size')
    .get() as { pages: number; size: number };
  const bytes = statSync(path).size;
  if (bytes < pages * size) {
    throw refused(path, `is cut short (${bytes} bytes, where its header counts ${pages} pages of ${size})`);
  }
}

/**
 * Every check a database must pass, on a read-only connection: a refusal then changes nothing,
 * not even by folding a crashed server's WAL into the file (a read-write connection does that on
 * close). Without a WAL the file is opened as immutable, which makes no side file at all; with
 * one (a crash's, or a running server's: then busy) it is read with the WAL. The state is read
 * here when the schema is current; an older one is read once migrated.
 */
function checkReadOnly(
  path: string,
  withWal: boolean,
  newest: number,
): { version: number; saved: SavedState | undefined } {
  const { DatabaseSync } = loadSqlite();
  const location = pathToFileURL(path);
  if (!withWal) location.searchParams.set('immutable', '1');
  const db = new DatabaseSync(location, { readOnly: true });
  try {
    db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    const version = checkedVersion(db, path, newest);
    if (!withWal) requireWholePages(db, path);
    quickCheck(db, path);
    return { version, saved: version === newest ? readState(db, path) : undefined };
  } finally {
    db.close();
  }
}

/**
 * The size and time of the file, and of its WAL when it holds frames: unchanged, nobody wrote
 * between two moments. (An empty WAL is what opening makes, not a write.)
 */
function stampOf(path: string): string {
  const main = statSync(path);
  const wal = existsSync(`${path}-wal`) ? statSync(`${path}-wal`) : undefined;
  return `${main.size}@${main.mtimeMs} ${wal === undefined || wal.size === 0 ? '-' : `${wal.size}@${wal.mtimeMs}`}`;
}

/**
 * Opens a database of ours for this server: checked first on a read-only connection (see
 * {@link checkReadOnly}), then locked (SQLite's exclusive lock, held until the server closes) and
 * migrated in one transaction. A refusal removes only the side files that opening made.
 */
function lockAndRead(path: string, head: Buffer, migrations: readonly Migration[]): OpenedState {
  const newest = migrations.length;
  checkHeader(path, head, newest);
  const before = sideFilesOf(path);
  let checked: ReturnType<typeof checkReadOnly>;
  try {
    checked = checkReadOnly(path, before.includes('-wal'), newest);
  } catch (error) {
    throw translate(error, path);
  } finally {
    removeOpeningsIndex(path, before);
  }
  const stamp = stampOf(path);
  const { DatabaseSync } = loadSqlite();
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(path);
    db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}; PRAGMA locking_mode = EXCLUSIVE;`);
    db.exec('BEGIN IMMEDIATE');
    const version = checkedVersion(db, path, newest);
    migrateSchema(db, version, migrations);
    // Read again only if another server wrote between the check and the lock, or to read a
    // migrated schema: a restart on 100,000 records reads them once.
    const saved =
      checked.saved !== undefined && version === checked.version && stampOf(path) === stamp
        ? checked.saved
        : readState(db, path);
    db.exec('COMMIT');
    // Kept in WAL (one append per change), durable on each commit.
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;');
    return { db, path, saved };
  } catch (error) {
    // Not isOpen nor isTransaction: Node 22.13 has neither. Nothing was written; both may fail.
    try {
      db?.exec('ROLLBACK');
    } catch {}
    try {
      db?.close();
    } catch {}
    removeOpeningsIndex(path, before);
    throw translate(error, path);
  }
}

/**
 * The kept state at `path`, locked for this server: a new database when there is no file; a JSON
 * state file of format 1 imported once into `state.sqlite` beside it (left as it is).
 * @param migrations the steps a file is taken through (tests add one of their own).
 * @throws StateFileError in one line, naming the file and the rule, when it cannot be used; the
 *   file is then left byte for byte.
 */
export async function openStateDatabase(
  path: string,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<OpenedState> {
  // An older Node is refused first, in its own words, before any file is read or made.
  loadSqlite();
  const head = (await stateFileKind(path)) === 'file' ? await readHead(path) : undefined;
  if (head === undefined) {
    await requireMakeable(path);
    await createDatabase(path, undefined, migrations);
    return lockAndRead(path, await headOfMade(path), migrations);
  }
  if (head.subarray(0, SQLITE_MAGIC.length).equals(SQLITE_MAGIC)) {
    await requireWritable(path);
    return lockAndRead(path, head, migrations);
  }
  const text = await readFile(path, 'utf8');
  if (!/^\s*[[{]/.test(text)) {
    throw refused(path, 'is neither a SQLite database nor a JSON state file of the pix-payments mock');
  }
  const state = decodeState(text, path);
  const database = importedPath(path);
  let made = false;
  if ((await stateFileKind(database)) === 'missing') {
    await requireMakeable(database);
    made = await createDatabase(database, state, migrations);
  } else await requireWritable(database);
  const opened = lockAndRead(database, await headOfMade(database), migrations);
  return { ...opened, imported: { from: path, now: made } };
}
