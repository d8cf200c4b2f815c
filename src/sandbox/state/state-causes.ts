/// <reference types="node" />
/**
 * Why a state file cannot be used, in words, with what to do: from the system's error code
 * (`EACCES`, `EROFS`, `ENOSPC`…) or from SQLite's result code (`err.errcode` of `node:sqlite`,
 * whose low byte is the primary code: 8 READONLY, 13 FULL…). A cause this table does not know
 * keeps the error's own words, which then say at least what failed.
 */
import { StateFileError } from './state-error.js';
import { refused } from './state-format.js';

/** A cause in words and what the user can do about it. */
export interface StateCause {
  /** What is wrong, e.g. "the disk is full". */
  why: string;
  /** e.g. "free some space, then start again". */
  todo: string;
  /** The code that was mapped (`EACCES`, `SQLITE_FULL`), quoted at the end of the line. */
  code: string;
}

type Cause = Omit<StateCause, 'code'>;

const FULL: Cause = {
  why: 'the disk is full',
  todo: 'free some space, then start again',
};
const READ_ONLY_SYSTEM: Cause = {
  why: 'it is on a read-only file system',
  todo: 'name a file on a writable disk, or remount it read-write',
};
const NO_PERMISSION: Cause = {
  why: 'this user may not read and write it',
  todo: 'give this user read and write permission on it (chmod u+rw), or start the sandbox as its owner',
};

/** System error codes (from `fs`) a state file or its folder can meet. */
const BY_ERRNO: Record<string, Cause> = {
  EACCES: NO_PERMISSION,
  EPERM: NO_PERMISSION,
  EROFS: READ_ONLY_SYSTEM,
  ENOSPC: FULL,
  EDQUOT: { why: "the user's disk quota is used up", todo: 'free some space, then start again' },
  ENOENT: { why: 'its folder does not exist', todo: 'create the folder, or name a file in one' },
  ENOTDIR: { why: 'a part of its path is not a folder', todo: 'name a file in a folder' },
  EISDIR: { why: 'it is a folder', todo: 'name a file inside it, e.g. pix-sandbox.sqlite' },
  ELOOP: {
    why: 'it is a symbolic link that loops',
    todo: 'point the link at a file, or name the file itself',
  },
  ENAMETOOLONG: { why: 'its name is too long for the file system', todo: 'name a shorter path' },
  EIO: {
    why: 'the disk reported an I/O error',
    todo: 'check the disk, or name a file on another one',
  },
};

/** SQLite's primary result codes (the low byte of `errcode`) a state file can meet. */
const BY_SQLITE: Record<number, { name: string } & Cause> = {
  3: { name: 'SQLITE_PERM', ...NO_PERMISSION },
  8: {
    name: 'SQLITE_READONLY',
    why: 'SQLite may not write it (the file, its folder or its disk is read-only)',
    todo: 'give this user write permission on the file and its folder, or name a file on a writable disk',
  },
  10: {
    name: 'SQLITE_IOERR',
    why: 'SQLite could not read or write it (a disk I/O error: a read-only file, folder or disk, or a failing disk)',
    todo: 'give this user write permission on the file and its folder, and check the disk',
  },
  13: { name: 'SQLITE_FULL', ...FULL },
  14: {
    name: 'SQLITE_CANTOPEN',
    why: 'SQLite cannot open it',
    todo: 'check that it and its folder exist and that this user may read and write both',
  },
};

/** This user may not write to the file's folder: SQLite's SQLITE_READONLY_DIRECTORY, or EACCES there. */
const FOLDER_NOT_WRITABLE: Cause = {
  why: 'this user may not write to its folder (SQLite writes its journal beside the file)',
  todo: 'give this user write permission on the folder, or name a file in a writable folder',
};

/** SQLite's extended codes that say more than their primary one. */
const BY_SQLITE_EXTENDED: Record<number, { name: string } & Cause> = {
  1544: { name: 'SQLITE_READONLY_DIRECTORY', ...FOLDER_NOT_WRITABLE },
};

/** Where a file-system error happened: on the file, or on the folder that holds it. */
export type CausePlace = 'file' | 'folder';

/** The cause of a failed file operation or SQLite call, or undefined when it is none of the known ones. */
export function stateCause(error: unknown, place: CausePlace = 'file'): StateCause | undefined {
  const { code, errcode } = (error ?? {}) as { code?: unknown; errcode?: unknown };
  if (typeof errcode === 'number') {
    const known = BY_SQLITE_EXTENDED[errcode] ?? BY_SQLITE[errcode & 0xff];
    if (known === undefined) return undefined;
    const { name, ...cause } = known;
    return { ...cause, code: name };
  }
  if (typeof code !== 'string' || !Object.hasOwn(BY_ERRNO, code)) return undefined;
  const denied = code === 'EACCES' || code === 'EPERM';
  return { ...(place === 'folder' && denied ? FOLDER_NOT_WRITABLE : (BY_ERRNO[code] as Cause)), code };
}

/** The first line of an error's message (SQLite's may hold more). */
export const firstLine = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0] as string;

/** Why an operation failed, in words with its code, e.g. "the disk is full (SQLITE_FULL)". */
export function causeInWords(error: unknown): string {
  const cause = stateCause(error);
  return cause === undefined ? firstLine(error) : `${cause.why} (${cause.code})`;
}

/** A SQLite error (from `node:sqlite`), as opposed to one of the file system. */
const isSqliteError = (error: unknown) => typeof (error as { errcode?: unknown })?.errcode === 'number';

/**
 * The refusal of a state file that exists, for `error`: one line naming the file, the cause in
 * words and what to do.
 */
export function unusable(path: string, error: unknown, place: CausePlace = 'file'): StateFileError {
  const cause = stateCause(error, place);
  if (cause !== undefined)
    return refused(path, `cannot be used: ${cause.why} (${cause.code}): ${cause.todo}`);
  return refused(path, `cannot be used (${isSqliteError(error) ? 'SQLite: ' : ''}${firstLine(error)})`);
}

/** The failure to make a state file that did not exist (nothing is left of the attempt). */
export function cannotMake(path: string, error: unknown, place: CausePlace = 'file'): StateFileError {
  const cause = stateCause(error, place);
  if (cause !== undefined)
    return new StateFileError(
      `Cannot write the state file ${path}: ${cause.why}; ${cause.todo} (${cause.code})`,
    );
  const code = (error as NodeJS.ErrnoException)?.code;
  return new StateFileError(
    `Cannot write the state file ${path} (${typeof code === 'string' && !isSqliteError(error) ? code : firstLine(error)})`,
  );
}
