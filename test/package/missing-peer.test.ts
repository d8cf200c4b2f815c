/**
 * Without the optional peer msw, `pix-payments/mock` (ESM and CommonJS) and the
 * `pix-payments-mock` CLI fail with one message naming the install command, and no stack;
 * everything else (client, webhooks, QR codes, reports) works. The built package is copied into a
 * project whose only dependency is zod, as a merchant's would be without msw.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_COMMAND } from '../../scripts/peer-entries.js';
import { NODE20, ROOT } from './consumer.js';

const INSTALL = 'npm install --save-dev msw@^3';
let project: string;

beforeAll(() => {
  if (!existsSync(join(ROOT, 'dist/mock.js'))) throw new Error('dist/ is missing: run `npm run build` first');
  project = mkdtempSync(join(tmpdir(), 'pix-no-peers-'));
  cpSync(join(ROOT, 'dist'), join(project, 'dist'), { recursive: true });
  cpSync(join(ROOT, 'package.json'), join(project, 'package.json'));
  mkdirSync(join(project, 'node_modules'));
  symlinkSync(join(ROOT, 'node_modules/zod'), join(project, 'node_modules/zod'), 'dir');
});

/** Runs `node` in the project (its own name resolves to itself, as in a consumer's install). */
function node(args: string[], runtime = process.execPath) {
  const result = spawnSync(runtime, args, {
    cwd: project,
    encoding: 'utf8',
    env: { PATH: process.env.PATH },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function expectOneClearMessage(stderr: string): void {
  expect(stderr).toContain(
    `pix-payments/mock needs msw, an optional peer dependency that is not installed. Install it: ${INSTALL}`,
  );
  // No stack frames, no raw ERR_MODULE_NOT_FOUND.
  expect(stderr).not.toMatch(/^\s+at /m);
  expect(stderr).not.toMatch(/ERR_MODULE_NOT_FOUND|Cannot find (package|module)/);
}

describe('without msw installed', () => {
  it('the project really lacks msw', () => {
    const result = node(['--input-type=module', '-e', "await import('msw')"]);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/Cannot find package 'msw'/);
  });

  it("import 'pix-payments/mock' names the install command", () => {
    const result = node(['--input-type=module', '-e', "import 'pix-payments/mock';"]);
    expect(result.status).not.toBe(0);
    expectOneClearMessage(result.stderr);
  });

  it("require('pix-payments/mock') names the install command, and the error can be caught", () => {
    const script = `try { require('pix-payments/mock'); } catch (e) { console.log(JSON.stringify({ message: e.message })); }`;
    const result = node(['-e', script]);
    expect(result.status).toBe(0);
    const caught = JSON.parse(result.stdout);
    expect(caught.message).toContain(INSTALL);
  });

  it('the CLI prints the install command and the sandbox command that needs no install, and exits 1', () => {
    const result = node([join(project, 'dist/cli.js'), '--port', '0']);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(2);
    expectOneClearMessage(result.stderr);
    expect(result.stderr).toContain(`from any folder, with the Node and msw it needs: ${SANDBOX_COMMAND}\n`);
  });

  it('the client, the webhook helpers, QR codes and reports work (on Node 20 too)', () => {
    const script = `
      import { toCents } from 'pix-payments';
      import { signWebhookPayload } from 'pix-payments/webhooks';
      import { pixCodeToSvg } from 'pix-payments/qr';
      import { toCsv } from 'pix-payments/reports';
      const svg = pixCodeToSvg('00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D');
      const lines = [];
      for await (const line of toCsv([])) lines.push(line);
      console.log(JSON.stringify({ cents: toCents(19.9), signed: (await signWebhookPayload('{}', 'whsec_x')).length, svg: svg.startsWith('<svg'), header: lines.length }));
    `;
    for (const runtime of [process.execPath, NODE20]) {
      const result = node(['--input-type=module', '-e', script], runtime);
      expect(result.stderr).toBe('');
      expect(JSON.parse(result.stdout)).toEqual({ cents: 1990, signed: 64, svg: true, header: 1 });
    }
  });
});
