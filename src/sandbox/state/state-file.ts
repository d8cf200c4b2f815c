/// <reference types="node" />
/**
 * The state file on disk: read once at start, and replaced whole at each write, atomically. The
 * new state goes to a new temporary file beside it, is flushed to the disk (fsync), then renamed over
 * the old one, and the directory is flushed too, so that the rename itself survives a crash. At
 * every moment the file is either the old state or the new one, never a mix. One server per file:
 * a lock file beside it says which process uses it.
 */
import { randomBytes } from 'node:crypto';
import { open, readFile, rename, rm, writeFile } from 'node:fs/promises';
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

/**
 * Replaces the file with `text`: temporary file, fsync, rename, fsync of the directory. The
 * temporary file has a random name and is created only when absent ('wx', O_EXCL), so a symlink
 * planted beside the state file is never followed: the state holds every key and secret.
 */
export async function writeAtomically(path: string, text: string): Promise<void> {
  const temporary = `${path}.${randomBytes(8).toString('hex')}.tmp`;
  // Owner-only from its creation: the file holds every key, the JWT secret and the webhook secrets.
  const file = await open(temporary, 'wx', 0o600);
  try {
    try {
      await file.writeFile(text);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
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

/** True when a process of that id runs (EPERM: it runs, as another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the file for this process: `${path}.lock`, created only when absent ('wx'), holds the pid.
 * A lock left by a process that is gone (a crash, SIGKILL) is taken over. Answers how to let it go.
 * @throws StateFileError, in one line, while another server (in this process or another) holds it.
 */
export async function lockStateFile(path: string): Promise<() => Promise<void>> {
  const lock = `${path}.lock`;
  for (let attempt = 1; ; attempt++) {
    try {
      await writeFile(lock, String(process.pid), { flag: 'wx', mode: 0o600 });
      return () => rm(lock, { force: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') {
        throw new StateFileError(`Cannot write the state file ${path} (${code ?? (error as Error).message})`);
      }
    }
    const holder = (await readFile(lock, 'utf8').catch(() => '')).trim();
    const pid = /^\d+$/.test(holder) ? Number(holder) : undefined;
    // An unreadable lock may be one being written this instant: it is not taken over.
    if (attempt > 1 || pid === undefined || isRunning(pid)) {
      throw new StateFileError(
        `The state file ${path} is in use by another server (process ${pid ?? 'unknown'}): one server per file (if none runs, delete ${lock}); it was left as it is.`,
      );
    }
    await rm(lock, { force: true });
  }
}
