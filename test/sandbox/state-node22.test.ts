/**
 * The sandbox with `--state` on Node 22, as merchants' machines run it: on the newest 22.x (which
 * ships `node:sqlite` unflagged but still experimental) it starts, keeps a create, and prints
 * nothing on stderr, no ExperimentalWarning either; on 22.12 (before `node:sqlite` was unflagged)
 * it refuses in one line. Node 22 comes from the npm registry (`node@22`), into a cache of this
 * test's own: the first run downloads it (about 30 MB per version), later runs install it from there.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bannerOf } from '../mock/harness.js';
import { freshShellEnv } from '../support/shell-env.js';
import { CLI, runCommand } from './cli-process.js';

const NPM_CACHE = join(tmpdir(), 'pix-payments-node22-test-npm-cache');

let child: ChildProcess | undefined;
const folders: string[] = [];
afterEach(async () => {
  if (child !== undefined && child.exitCode === null && child.signalCode === null) {
    const exited = once(child, 'exit');
    child.kill('SIGINT');
    await exited;
  }
  child = undefined;
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** The path of a Node binary of `version` from the npm registry (`node@22`, `node@22.12.0`). */
async function nodeBinary(version: string): Promise<string> {
  const where = mkdtempSync(join(tmpdir(), 'pix-node22-'));
  folders.push(where);
  const env = freshShellEnv(NPM_CACHE);
  const { code, err } = await runCommand(
    '/usr/bin/npm',
    ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', where, `node@${version}`],
    { cwd: where, env, clean: true },
  );
  if (code !== 0) throw new Error(`npm install node@${version} failed: ${err}`);
  return join(where, 'node_modules/node/bin/node');
}

describe('the sandbox with --state on Node 22', () => {
  it('starts on the newest 22.x, keeps a create, and prints no warning', { timeout: 180_000 }, async () => {
    const node = await nodeBinary('22');
    const version = (await runCommand(node, ['--version'])).out.trim();
    expect(version).toMatch(/^v22\./);
    const folder = mkdtempSync(join(tmpdir(), 'pix-state22-'));
    folders.push(folder);
    child = spawn(node, [CLI, '--port', '0', '--state', join(folder, 'sandbox.sqlite')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += String(chunk);
    });
    const banner = await bannerOf(child);
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(banner)?.[1] as string;
    const secretKey = /Secret key\s+(\S+)/.exec(banner)?.[1] as string;
    const created = await fetch(`${url}/v1/integrations/create-transaction`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 12.34 }),
    });
    expect(created.status).toBe(201);
    const exited = once(child, 'exit');
    child.kill('SIGINT');
    await exited;
    expect(stderr, `${version} wrote on stderr`).toBe('');
    // The create was kept: a second start on the same file lists it.
    child = spawn(node, [CLI, '--port', '0', '--state', join(folder, 'sandbox.sqlite')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const again = await bannerOf(child);
    const list = await fetch(
      `${/listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(again)?.[1]}/v1/integrations/list-transactions`,
      { headers: { authorization: `Bearer ${secretKey}` } },
    );
    expect(((await list.json()) as { data: { amount: number }[] }).data.map((row) => row.amount)).toEqual([
      12.34,
    ]);
  });

  it('refuses on 22.12 (node:sqlite still behind a flag) in one line', { timeout: 180_000 }, async () => {
    const node = await nodeBinary('22.12.0');
    const folder = mkdtempSync(join(tmpdir(), 'pix-state22-'));
    folders.push(folder);
    const { code, out, err } = await runCommand(node, [CLI, '--state', join(folder, 'sandbox.sqlite')]);
    expect([code, out]).toEqual([1, '']);
    // Nothing was made: the refusal comes before any file is touched.
    expect(readdirSync(folder)).toEqual([]);
    expect(err.trimEnd().split('\n')).toEqual([
      expect.stringMatching(
        /^pix-payments-mock: The sandbox with --state needs Node\.js 22\.13 or later .*22\.12\.0/,
      ),
    ]);
  });
});
