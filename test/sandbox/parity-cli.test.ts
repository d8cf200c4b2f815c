/** `pix-payments-mock parity` as a merchant runs it: the built CLI, its output and exit codes. */

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI, runCli, runCommand, useCli } from './cli-process.js';
import { downUrl, html, refusing, seededSandbox } from './parity-servers.js';

const KEY = `sk_live_prod_${'b2'.repeat(16)}`;
const parity = (args: string[], env: Record<string, string> = {}) =>
  runCommand(process.execPath, [CLI, 'parity', ...args], { env: { PIX_PAYMENTS_SECRET_KEY: '', ...env } });

const closing: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

describe('pix-payments-mock parity', () => {
  it('says in its help that it never moves money', async () => {
    const { code, out } = await parity(['--help']);
    expect(code).toBe(0);
    expect(out.replace(/\s+/g, ' ')).toContain(
      'It never creates a payout, a subscription or anything that moves money',
    );
  });

  it('exits 0 against the sandbox, reading the key from PIX_PAYMENTS_SECRET_KEY', async () => {
    const sandbox = await seededSandbox();
    closing.push(sandbox.close);
    const { code, out } = await parity(['--base-url', sandbox.url, '--user-token', sandbox.userToken], {
      PIX_PAYMENTS_SECRET_KEY: sandbox.secretKey,
    });
    expect(code).toBe(0);
    expect(out).toContain('No divergences.');
    expect(out).toContain('10 probes: 10 compared (10 same, 0 differ), 0 not compared.');
    expect(out).not.toContain(sandbox.secretKey);
    expect(out).not.toContain(sandbox.userToken);
  });

  it('prints JSON for CI with --json', async () => {
    const sandbox = await seededSandbox();
    closing.push(sandbox.close);
    const { code, out } = await parity([
      '--base-url',
      sandbox.url,
      '--secret-key',
      sandbox.secretKey,
      '--json',
    ]);
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ summary: { probes: 8, compared: 8, differs: 0 } });
  });

  it('exits 2 with one line when the service is down', async () => {
    const url = await downUrl();
    const { code, out, err } = await parity(['--base-url', url, '--secret-key', KEY]);
    expect({ code, out, err }).toEqual({
      code: 2,
      out: '',
      err: `pix-payments-mock parity: cannot reach ${url}: ECONNREFUSED\n`,
    });
  });

  it('exits 2 with one line when the service answers 401 to the key', async () => {
    const server = await refusing();
    closing.push(server.close);
    const { code, err } = await parity(['--base-url', server.url, '--secret-key', KEY]);
    expect(code).toBe(2);
    expect(err.trim().split('\n')).toEqual([
      'pix-payments-mock parity: the service refused the secret key (401 to GET /v1/integrations/balance): nothing could be compared',
    ]);
  });

  it('exits 1 when the service answers HTML', async () => {
    const server = await html();
    closing.push(server.close);
    const { code, out } = await parity(['--base-url', server.url, '--secret-key', KEY]);
    expect(code).toBe(1);
    expect(out).toMatch(/^ {2}balance +body +html +JSON$/m);
  });

  it('exits 2 without a key, and never echoes a mistyped one', async () => {
    const missing = await parity(['--base-url', 'http://127.0.0.1:9']);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('parity needs your secret key');
    const typo = await parity(['--base-url', 'http://127.0.0.1:9', '--secret-key', 'sk_live_prod_secret123']);
    expect(typo.code).toBe(2);
    expect(typo.err).not.toContain('secret123');
  });
});

describe('pix-payments-mock --answers-from', () => {
  const startCli = useCli();
  const file = join(mkdtempSync(join(tmpdir(), 'answers-from-')), 'recording.json');
  writeFileSync(
    file,
    JSON.stringify({
      format: 'pix-payments-parity-recording/1',
      baseUrl: 'https://api.example.com',
      answers: [
        {
          probe: 'balance',
          method: 'GET',
          target: '/v1/integrations/balance',
          status: 200,
          headers: { 'content-type': 'application/json' },
          kind: 'json',
          body: { data: { available: '1.00', pending: '0.00', currency: 'BRL' } },
        },
      ],
    }),
  );

  it("answers in the recorded shapes, values the mock's own", async () => {
    const cli = await startCli('--answers-from', file);
    const answer = await fetch(`${cli.url}/v1/integrations/balance`, {
      headers: { authorization: `Bearer ${cli.secretKey}` },
    });
    expect(await answer.json()).toEqual({
      data: { available: '10000.00', pending: '0.00', currency: 'BRL' },
    });
  });

  it('refuses a file that is not a recording, in one line', async () => {
    const other = join(file, '..', 'other.json');
    writeFileSync(other, '{"answers": "no"}');
    const { code, err } = await runCli('--answers-from', other);
    expect(code).toBe(1);
    expect(err.trim().split('\n')).toEqual([
      `pix-payments-mock: --answers-from: ${other} is not a recording of pix-payments-mock parity --record`,
    ]);
  });
});
