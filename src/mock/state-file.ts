/// <reference types="node" />
/**
 * The state file on disk: read once at start, and replaced whole at each write, atomically. The
 * new state goes to a temporary file beside it, is flushed to the disk (fsync), then renamed over
 * the old one, and the directory is flushed too, so that the rename itself survives a crash. At
 * every moment the file is either the old state or the new one, never a mix.
 */
import { open, readFile, rename } from 'node:fs/promises';
import { dirname } from 'node:path';

/** A state file that cannot be used; the message is one line and says the file was left as it is. */
export class StateFileError extends Error {
  override name = 'StateFileError';
}

/** The file's text, or undefined when there is no file yet. */
export async function readStateText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    throw new StateFileError(`Cannot read the state file ${path} (${code ?? (error as Error).message})`);
  }
}

/** Replaces the file with `text`: temporary file, fsync, rename, fsync of the directory. */
export async function writeAtomically(path: string, text: string): Promise<void> {
  const temporary = `${path}.tmp`;
  // Owner-only: the file holds every key, the JWT secret and the webhook secrets.
  const file = await open(temporary, 'w', 0o600);
  try {
    // A temporary file left by a crash keeps its old mode: set it again.
    await file.chmod(0o600);
    await file.writeFile(text);
    await file.sync();
  } finally {
    await file.close();
  }
  await rename(temporary, path);
  await syncDirectory(dirname(path));
}

/** Flushes a directory's entries (the rename). Windows cannot open a directory: NTFS journals it. */
async function syncDirectory(path: string): Promise<void> {
  if (process.platform === 'win32') return;
  const directory = await open(path, 'r');
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
}
