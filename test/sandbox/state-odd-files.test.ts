/**
 * `startMockServer({ state })` on a path that holds no regular file: a dangling symbolic link, a
 * FIFO, a socket, a device, a folder, or a file on a read-only file system. Each is refused at
 * once (a FIFO never blocks the start), in one line naming the file, the cause and what to do,
 * and nothing is made or changed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readlink, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonStateFile, useKeptState } from './state-helpers.js';

// A read-only file system is what `access` reports for one path: EROFS (mounting needs privileges).
let readOnlyMount: string | undefined;
vi.mock('node:fs/promises', async (original) => {
  const real = await original<typeof import('node:fs/promises')>();
  const access: typeof real.access = async (path, mode) => {
    if (readOnlyMount !== undefined && String(path).startsWith(readOnlyMount))
      throw Object.assign(new Error(`EROFS: read-only file system, access '${path}'`), { code: 'EROFS' });
    return real.access(path, mode);
  };
  return { ...real, access, default: { ...real, access } };
});

const { newDir, start, stop } = useKeptState();
const sockets: Server[] = [];
afterEach(async () => {
  readOnlyMount = undefined;
  await Promise.all(sockets.splice(0).map((server) => new Promise((done) => server.close(done))));
});

/** A start on `path`, refused within `ms` (a start that blocks fails here, not by the test's timeout). */
async function refusalOf(path: string, ms = 3000): Promise<Error> {
  const outcome = start({ state: path }).then(
    () => new Error('started'),
    (error: unknown) => error as Error,
  );
  const late = new Promise<Error>((done) =>
    setTimeout(() => done(new Error(`no answer within ${ms} ms`)), ms),
  );
  return Promise.race([outcome, late]);
}

/** The refusal's shape: one line, the file named, a cause and what to do, nothing made beside it. */
async function expectOneLine(path: string, dir: string, cause: RegExp) {
  const files = await readdir(dir);
  const error = await refusalOf(path);
  expect(error.name).toBe('StateFileError');
  expect(error.message).not.toMatch(/\n/);
  expect(error.message).toMatch(
    new RegExp(`^The state file ${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `),
  );
  expect(error.message).toMatch(cause);
  expect(error.message).toMatch(/; it was left as it is\.$/);
  expect(await readdir(dir)).toEqual(files);
  return error;
}

describe('a --state path that is not a regular file', () => {
  it('refuses a dangling symbolic link, naming where it points, making nothing there; follows a live one', async () => {
    const dir = await newDir();
    const path = join(dir, 'state.sqlite');
    const target = join(dir, 'gone', 'state.sqlite');
    await symlink(target, path);
    await expectOneLine(
      path,
      dir,
      /is a symbolic link to .*gone\/state\.sqlite, which does not exist: make the link/,
    );
    expect(await readlink(path)).toBe(target);
    expect(existsSync(target)).toBe(false);
    // A link that leads to a database is followed, as to any file.
    const server = await start({ state: join(dir, 'real.sqlite') });
    await stop(server);
    await symlink(join(dir, 'real.sqlite'), join(dir, 'link.sqlite'));
    expect((await start({ state: join(dir, 'link.sqlite') })).service.secretKey).toBe(
      server.service.secretKey,
    );
  });

  it('refuses a FIFO at once, without waiting for a writer', async () => {
    const dir = await newDir();
    const path = join(dir, 'state.sqlite');
    execFileSync('mkfifo', [path]);
    await expectOneLine(path, dir, /is a named pipe \(FIFO\), not a file: name a regular file/);
  });

  it('refuses a socket', async () => {
    const dir = await newDir();
    const path = join(dir, 'state.sqlite');
    const server = createServer();
    await new Promise<void>((done) => server.listen(path, done));
    sockets.push(server);
    await expectOneLine(path, dir, /is a socket, not a file: name a regular file/);
  });

  it.each(['/dev/null', '/dev/zero'])('refuses the device %s, without reading it', async (device) => {
    const error = await refusalOf(device);
    expect(error.message).toBe(
      `The state file ${device} is a device, not a file: name a regular file (a missing one is made); it was left as it is.`,
    );
  });

  it('refuses a folder, and a symbolic link to one', async () => {
    const dir = await newDir();
    const folder = join(dir, 'folder');
    await mkdir(folder);
    await expectOneLine(folder, dir, /is a folder, not a file: name a file inside it/);
    await symlink(folder, join(dir, 'link'));
    await expectOneLine(join(dir, 'link'), dir, /is a folder, not a file/);
  });

  it('refuses a symbolic link that loops', async () => {
    const dir = await newDir();
    const path = join(dir, 'state.sqlite');
    await symlink(path, path);
    await expectOneLine(path, dir, /cannot be used: it is a symbolic link that loops \(ELOOP\)/);
  });
});

describe('a --state file on a read-only file system', () => {
  it('refuses an existing database, saying so and what to do', async () => {
    const dir = await newDir();
    const path = join(dir, 'state.sqlite');
    await stop(await start({ state: path }));
    readOnlyMount = dir;
    await expectOneLine(
      path,
      dir,
      /cannot be used: it is on a read-only file system \(EROFS\): name a file on a writable disk/,
    );
  });

  it('refuses to make a new one, and makes nothing', async () => {
    const dir = await newDir();
    const path = join(dir, 'state.sqlite');
    readOnlyMount = dir;
    const error = await refusalOf(path);
    expect(error.message).toBe(
      `Cannot write the state file ${path}: it is on a read-only file system; name a file on a writable disk, or remount it read-write (EROFS)`,
    );
    expect(await readdir(dir)).toEqual([]);
  });

  it('does not import a JSON state file there: its database could not be made', async () => {
    const dir = await newDir();
    const path = join(dir, 'state.json');
    await writeFile(path, (await jsonStateFile()).text);
    readOnlyMount = dir;
    const error = await refusalOf(path);
    expect(error.message).toBe(
      `Cannot write the state file ${join(dir, 'state.sqlite')}: it is on a read-only file system; name a file on a writable disk, or remount it read-write (EROFS)`,
    );
    expect(await readdir(dir)).toEqual(['state.json']);
  });
});
