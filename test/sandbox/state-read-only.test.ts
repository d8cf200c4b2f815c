/**
 * The built CLI with `--state` on a file or folder its user may not write: refused at start in
 * one line on stderr naming the file, the cause in words and what to do (exit code 1), and
 * nothing made or changed. Root ignores file modes, so as root (CI) the sandbox runs as `nobody`
 * (`runuser`); as another user it runs as that user, whom the modes bind already.
 */
import { execFileSync } from 'node:child_process';
import { chmod, chown, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI, runCommand } from './cli-process.js';
import { jsonStateFile, sha256, useKeptState } from './state-helpers.js';

const asRoot = process.getuid?.() === 0;
const NOBODY = asRoot ? Number(execFileSync('id', ['-u', 'nobody'], { encoding: 'utf8' })) : undefined;

/** Runs the CLI as the sandbox's user (nobody, when this is root). */
function runAsSandboxUser(cwd: string, ...args: string[]) {
  return asRoot
    ? runCommand('runuser', ['-u', 'nobody', '--', process.execPath, CLI, ...args], { cwd })
    : runCommand(process.execPath, [CLI, ...args], { cwd });
}

/** Gives `path` to the sandbox's user (already its owner when this is not root). */
async function ownedBySandboxUser(path: string): Promise<void> {
  if (NOBODY !== undefined) await chown(path, NOBODY, -1);
}

const { newDir, start, stop } = useKeptState();
/** Folders made read-only, writable again after each test so that they can be removed by any user. */
const locked: string[] = [];
afterEach(async () => {
  await Promise.all(locked.splice(0).map((dir) => chmod(dir, 0o755)));
});

/** Makes `dir` read-only (r-x) for everyone. */
async function lock(dir: string): Promise<void> {
  locked.push(dir);
  await chmod(dir, 0o555);
}

/** A folder the sandbox's user can enter, holding a database a server made. */
async function folderWithDatabase(): Promise<{ dir: string; path: string }> {
  const dir = await newDir();
  await chmod(dir, 0o755);
  const path = join(dir, 'state.sqlite');
  await stop(await start({ state: path }));
  return { dir, path };
}

/** Runs the sandbox on `path`; expects one line naming it with `cause`, exit code 1, and nothing changed. */
async function expectRefusedAsUser(dir: string, path: string, line: RegExp) {
  const files = await readdir(dir);
  const digests = await Promise.all(files.map((file) => sha256(join(dir, file))));
  const { code, out, err } = await runAsSandboxUser(dir, '--port', '0', '--state', path);
  expect(out).toBe('');
  const lines = err.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(line);
  expect(code).toBe(1);
  expect(await readdir(dir)).toEqual(files);
  expect(await Promise.all(files.map((file) => sha256(join(dir, file))))).toEqual(digests);
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('pix-payments-mock --state on a file its user may not write', () => {
  it('refuses a read-only database, saying so and what to do', async () => {
    const { dir, path } = await folderWithDatabase();
    await ownedBySandboxUser(dir);
    await ownedBySandboxUser(path);
    await chmod(path, 0o400);
    await expectRefusedAsUser(
      dir,
      path,
      new RegExp(
        `^pix-payments-mock: The state file ${escaped(path)} cannot be used: this user may not read and write it \\(EACCES\\): give this user read and write permission on it \\(chmod u\\+rw\\), or start the sandbox as its owner; it was left as it is\\.$`,
      ),
    );
  });

  it('refuses a database in a folder its user may not write (where SQLite keeps its journal)', async () => {
    const { dir, path } = await folderWithDatabase();
    await ownedBySandboxUser(path);
    await lock(dir);
    await expectRefusedAsUser(
      dir,
      path,
      new RegExp(
        `^pix-payments-mock: The state file ${escaped(path)} cannot be used: this user may not write to its folder .*\\(EACCES\\): give this user write permission on the folder, or name a file in a writable folder; it was left as it is\\.$`,
      ),
    );
  });

  it('refuses to make a new database in a folder its user may not write, and makes nothing', async () => {
    const dir = await newDir();
    await lock(dir);
    const path = join(dir, 'state.sqlite');
    await expectRefusedAsUser(
      dir,
      path,
      new RegExp(
        `^pix-payments-mock: Cannot write the state file ${escaped(path)}: this user may not write to its folder .*; give this user write permission on the folder, or name a file in a writable folder \\(EACCES\\)$`,
      ),
    );
  });

  it('refuses to import a JSON state file into a folder its user may not write, and leaves it as it is', async () => {
    const dir = await newDir();
    const path = join(dir, 'state.json');
    await writeFile(path, (await jsonStateFile()).text);
    await chmod(path, 0o644);
    await lock(dir);
    await expectRefusedAsUser(
      dir,
      path,
      new RegExp(
        `^pix-payments-mock: Cannot write the state file ${escaped(join(dir, 'state.sqlite'))}: .*\\(EACCES\\)$`,
      ),
    );
  });
});
