/// <reference types="node" />
/**
 * What lies at a state file's path, looked at before anything opens it: opening a FIFO blocks
 * until a writer comes, reading a device may never end, and SQLite's own error for a read-only
 * file is "disk I/O error". So the path is stat'ed first: anything but a regular file (or a
 * missing one, which is made), and a file or folder this user may not write, is refused in one
 * line naming the cause and what to do, before the file is opened, made or changed.
 */
import { constants, type Stats } from 'node:fs';
import { access, lstat, open, readlink, realpath, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { cannotMake, unusable } from './state-causes.js';
import { StateFileError } from './state-error.js';
import { refused } from './state-format.js';

/** The words for a path that is not a regular file, or undefined for a regular file. */
export function oddKind(stats: Stats): string | undefined {
  if (stats.isFile()) return undefined;
  if (stats.isDirectory()) return 'is a folder, not a file: name a file inside it, e.g. pix-sandbox.sqlite';
  const kind = stats.isFIFO()
    ? 'a named pipe (FIFO)'
    : stats.isSocket()
      ? 'a socket'
      : stats.isCharacterDevice() || stats.isBlockDevice()
        ? 'a device'
        : 'not a regular file';
  return `is ${kind}, not a file: name a regular file (a missing one is made)`;
}

/** Refuses a dangling symbolic link: SQLite would make the file it points to, somewhere else. */
async function refuseDangling(path: string): Promise<void> {
  let link: Stats;
  try {
    link = await lstat(path);
  } catch {
    return; // nothing there: a new file
  }
  if (!link.isSymbolicLink()) return;
  const target = await readlink(path).catch(() => 'a path');
  throw refused(
    path,
    `is a symbolic link to ${target}, which does not exist: make the link point to a file, or name another file`,
  );
}

/**
 * What is at `path` (symbolic links followed): `'missing'` or `'file'`.
 * @throws StateFileError for a dangling or looping link, a folder, a FIFO, a socket or a device.
 */
export async function stateFileKind(path: string): Promise<'missing' | 'file'> {
  let stats: Stats;
  try {
    stats = await stat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw unusable(path, error);
    await refuseDangling(path);
    return 'missing';
  }
  const odd = oddKind(stats);
  if (odd !== undefined) throw refused(path, odd);
  return 'file';
}

/**
 * Refuses a file this server could not write, or in a folder it could not write (SQLite writes
 * its journal beside the file): as this user, and on a disk mounted read-only for everyone.
 */
export async function requireWritable(path: string): Promise<void> {
  try {
    await access(path, constants.R_OK | constants.W_OK);
  } catch (error) {
    throw unusable(path, error);
  }
  // SQLite resolves links: its journal goes beside the file they lead to.
  const folder = dirname(await realpath(path));
  try {
    await access(folder, constants.W_OK);
  } catch (error) {
    throw unusable(path, error, 'folder');
  }
}

/** Refuses to make a file in a folder that is missing or that this user may not write to. */
export async function requireMakeable(path: string): Promise<void> {
  const folder = dirname(path);
  try {
    await access(folder, constants.W_OK);
  } catch (error) {
    throw cannotMake(path, error, 'folder');
  }
}

/** Opening never waits: a FIFO put in place since the path was stat'ed opens at once, and is refused. */
const READ_NOW = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY;

/** The first 100 bytes (SQLite's header) of a regular file, or undefined when there is none. */
export async function readHead(path: string): Promise<Buffer | undefined> {
  let file: Awaited<ReturnType<typeof open>>;
  try {
    file = await open(path, READ_NOW);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw unusable(path, error);
  }
  try {
    const odd = oddKind(await file.stat());
    if (odd !== undefined) throw refused(path, odd);
    const { buffer, bytesRead } = await file.read(Buffer.alloc(100), 0, 100, 0);
    return buffer.subarray(0, bytesRead);
  } catch (error) {
    throw error instanceof StateFileError ? error : unusable(path, error);
  } finally {
    await file.close();
  }
}

/** The header of a database just made (by this start or another one). */
export async function headOfMade(path: string): Promise<Buffer> {
  const head = await readHead(path);
  if (head === undefined)
    throw new StateFileError(
      `Cannot write the state file ${path}: it was removed as it was made; start again`,
    );
  return head;
}
