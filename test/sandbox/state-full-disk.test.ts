/**
 * The kept state on a full disk, simulated with SQLite's `PRAGMA max_page_count` (the database
 * cannot grow: SQLITE_FULL, as when the disk is full): a start is refused in one line naming the
 * file, the cause and what to do, leaving nothing; a change that cannot be committed is answered
 * with that cause, said once on stderr, and written by the next commit that can be.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { DatabaseSync, DatabaseSyncOptions } from 'node:sqlite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { caller } from '../mock/harness.js';
import { sql, useKeptState } from './state-helpers.js';

/** Every read-write connection the sandbox opens, newest last; the limit given to new ones. */
const connections: DatabaseSync[] = [];
let pagesAtMost: number | undefined;
vi.mock('../../src/sandbox/state/sqlite.js', async (original) => {
  const real = await original<typeof import('../../src/sandbox/state/sqlite.js')>();
  return {
    ...real,
    loadSqlite: () => {
      const sqlite = real.loadSqlite();
      class Limited extends sqlite.DatabaseSync {
        constructor(path: string | URL, options?: DatabaseSyncOptions) {
          // node:sqlite refuses an options argument that is undefined.
          if (options === undefined) super(path);
          else super(path, options);
          if (options?.readOnly === true) return;
          if (pagesAtMost !== undefined) this.exec(`PRAGMA max_page_count = ${pagesAtMost}`);
          connections.push(this);
        }
      }
      return { ...sqlite, DatabaseSync: Limited };
    },
  };
});

const { newDir, start, stop } = useKeptState();
afterEach(() => {
  pagesAtMost = undefined;
  connections.splice(0);
  vi.restoreAllMocks();
});

const FULL = /the disk is full \(SQLITE_FULL\)/;

describe('the kept state on a full disk', () => {
  it('refuses to start on a new file in one line, and leaves no file', async () => {
    const dir = await newDir();
    const path = join(dir, 'state.sqlite');
    pagesAtMost = 1;
    await expect(start({ state: path })).rejects.toThrow(
      `Cannot write the state file ${path}: the disk is full; free some space, then start again (SQLITE_FULL)`,
    );
    expect(await readdir(dir)).toEqual([]);
  });

  it('answers a change it cannot commit with the cause, says it once on stderr, and saves it with the next commit', async () => {
    const path = join(await newDir(), 'state.sqlite');
    const server = await start({ state: path });
    const api = caller(server.url, server.service.secretKey);
    const db = connections.at(-1) as DatabaseSync;
    const pages = (db.prepare('PRAGMA page_count').get() as { page_count: number }).page_count;
    db.exec(`PRAGMA max_page_count = ${pages}`);
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // Long descriptions fill the pages there are; the first create that needs another fails.
    const answers: { status: number; body: { message?: string } }[] = [];
    for (let i = 0; i < 200 && answers.every((a) => a.status === 201); i++) {
      answers.push(
        await api('POST', '/v1/integrations/create-transaction', { amount: 1, description: 'x'.repeat(250) }),
      );
    }
    const failed = answers.at(-1) as { status: number; body: { message: string; code: string } };
    expect(failed.status).toBe(500);
    expect(failed.body.code).toBe('INTERNAL_ERROR');
    expect(failed.body.message).toMatch(FULL);
    expect(failed.body.message).not.toContain(path);
    // A second failure of the same cause says nothing more on stderr.
    expect((await api('POST', '/v1/integrations/create-transaction', { amount: 2 })).status).toBe(500);
    expect(stderr).toHaveBeenCalledTimes(1);
    expect(String(stderr.mock.calls[0]?.[0])).toMatch(
      new RegExp(
        `^pix-payments mock: cannot write the state file ${path}: the disk is full \\(SQLITE_FULL\\); free some space\\.`,
      ),
    );
    // Space again: the next commit writes what the failed ones held.
    db.exec('PRAGMA max_page_count = 1073741823');
    expect((await api('POST', '/v1/integrations/create-transaction', { amount: 3 })).status).toBe(201);
    await stop(server);
    const kept = sql(path, 'SELECT count(*) AS n FROM records')[0]?.n;
    expect(kept).toBe(answers.length + 2);
  });
});
