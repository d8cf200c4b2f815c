import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createMockService } from '../../src/mock/index.js';
import { bannerOf } from '../mock/harness.js';
import { isObject } from '../mock/varied-oracle.js';
import type { Json } from '../mock/varied-scenario.js';

describe('pix-payments-mock --answers / --seed', () => {
  const cli = (...args: string[]) =>
    spawn(
      process.execPath,
      ['--import', 'tsx', resolve(import.meta.dirname, '../../src/sandbox/cli/cli.ts'), ...args],
      {
        cwd: resolve(import.meta.dirname, '../..'),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
  const refused = async (...args: string[]) => {
    const child = cli(...args);
    let err = '';
    child.stderr.on('data', (chunk) => {
      err += String(chunk);
    });
    const code = await new Promise((done) => child.once('exit', done));
    return { code, lines: err.trim().split('\n') };
  };

  it('refuses an unknown mode with one line and exit code 2', async () => {
    const { code, lines } = await refused('--answers', 'nope');
    expect(code).toBe(2);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/--answers must be reference or varied, got "nope"/);
  });

  it('refuses a seed that is not an integer with one line and exit code 2', async () => {
    const { code, lines } = await refused('--seed', 'x');
    expect(code).toBe(2);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/--seed must be an integer/);
  });

  it('starts with --answers varied --seed 7 and answers as createMockService with that seed', async () => {
    const child = cli('--answers', 'varied', '--seed', '7');
    const out = await bannerOf(child);
    expect(out).toMatch(/Answers\s+varied \(seed 7\)/);
    const url = /Base URL\s+(\S+)/.exec(out)?.[1] as string;
    const key = /Secret key\s+(sk_live_prod_\w{32})/.exec(out)?.[1] as string;
    const served = await (
      await fetch(`${url}/v1/integrations/balance`, { headers: { authorization: `Bearer ${key}` } })
    ).json();
    const mock = createMockService({ answers: 'varied', seed: 7 });
    const local = await getResponse(
      mock.handlers,
      new Request(`${mock.baseUrl}/v1/integrations/balance`, {
        headers: { authorization: `Bearer ${mock.secretKey}` },
      }),
    );
    expect(shape(served)).toEqual(shape(await local?.json()));
    const exit = new Promise((done) => child.once('exit', done));
    child.kill('SIGINT');
    expect(await exit).toBe(0);
  });
});

/** The keys and value types of JSON, without the values. */
function shape(value: Json): Json {
  if (Array.isArray(value)) return value.map(shape);
  if (isObject(value))
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shape(inner)]));
  return value === null ? null : typeof value;
}
