/**
 * The sandbox command that README and docs/sandbox.md give starts the mock from an empty folder
 * on a machine whose Node is 20: npx brings Node 24 (`node@24`: the mock needs 22.12), msw (an
 * optional peer, so npx would not install it) and the package itself; nothing depends on a
 * registry package named `pix-payments-mock`. Run here with Node 20's own npx and the packed
 * tarball in place of `pix-payments`. npm's cache is one of the test's own (so the user's is
 * untouched): the first run downloads Node 24 and msw (about 40 MB) into it, later runs take
 * about 10 s; the install npx makes (about 200 MB, keyed by the tarball's path) is removed after.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_COMMAND } from '../../scripts/peer-entries.js';
import { openApiDocument } from '../../src/openapi/document.js';
import { bannerOf } from '../mock/harness.js';
import { freshShellEnv } from '../support/shell-env.js';
import { packedTarball } from './consumer.js';

/** npm's cache for this test: downloads kept between runs, npx's installs removed after each. */
const NPM_CACHE = join(tmpdir(), 'pix-payments-sandbox-test-npm-cache');

let child: ChildProcess | undefined;
const folders: string[] = [];
afterEach(async () => {
  // npx runs the mock in a child of its own: end the whole group this test started.
  if (child?.pid !== undefined && child.exitCode === null) {
    const exited = once(child, 'exit');
    process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
  child = undefined;
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('the documented sandbox command', () => {
  it('starts the mock from an empty folder with Node 20 on the PATH, and it answers', {
    timeout: 240_000,
  }, async () => {
    const tarball = packedTarball();
    const empty = mkdtempSync(join(tmpdir(), 'pix-sandbox-'));
    folders.push(empty, join(NPM_CACHE, '_npx'));
    const [npx, ...args] = SANDBOX_COMMAND.split(' ').map((word) =>
      word === 'pix-payments' ? tarball : word,
    );
    child = spawn('/usr/bin/npx', [...args, '--port', '0'], {
      cwd: empty,
      env: freshShellEnv(NPM_CACHE),
      detached: true,
    });
    expect(npx).toBe('npx');
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += String(chunk);
    });
    const banner = await bannerOf(child).catch((error: Error) => {
      throw new Error(`${error.message}\n${stderr}`);
    });
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(banner)?.[1] as string;
    const secretKey = /Secret key\s+(\S+)/.exec(banner)?.[1] as string;
    const openapi = await fetch(`${url}/openapi.json`);
    expect([openapi.status, (await openapi.json()).openapi]).toEqual([200, expect.stringMatching(/^3\.1/)]);
    const balance = await fetch(`${url}/v1/integrations/balance`, {
      headers: { authorization: `Bearer ${secretKey}` },
    });
    expect(balance.status).toBe(200);
    // The folder stays empty: npx installs into its own cache, not the merchant's folder.
    expect(readdirSync(empty)).toEqual([]);
  });

  it('is the one README, docs/sandbox.md and the OpenAPI document give', () => {
    const root = join(import.meta.dirname, '../..');
    for (const page of ['README.md', 'docs/sandbox.md'])
      expect(readFileSync(join(root, page), 'utf8'), page).toContain(SANDBOX_COMMAND);
    const { servers } = openApiDocument() as { servers: { description: string }[] };
    expect(servers.map((server) => server.description).join('\n')).toContain(SANDBOX_COMMAND);
  });
});
