/**
 * The merchant recipe of docs/testing.md runs as written: its files (each ```ts block marked
 * `<!-- file: NAME -->`) are copied into an empty project that installs only the packed package,
 * msw, express and vitest (at this repository's locked versions, from npm's cache when it has
 * them), and its vitest run passes. The project also gets typescript and the express and node
 * typings, to type-check the files with `--strict` together (the docs checker sees one block at
 * a time, so the test file, which imports app.ts, opts out there). About 15 s.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packedTarball, ROOT } from '../package/consumer.js';

/** The blocks of a guide marked `<!-- file: NAME -->` (other comments may sit between), by name. */
function recipeFiles(markdown: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const [, name, code] of markdown.matchAll(
    /<!-- file: (\S+) -->\n(?:<!--.*-->\n)*```ts\n([\s\S]*?)```/g,
  )) {
    files[name as string] = code as string;
  }
  return files;
}

/** `name@version` as package-lock.json pins it. */
function locked(name: string): string {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));
  return `${name}@${lock.packages[`node_modules/${name}`].version}`;
}

/** Runs a command in the project, without this run's npm and vitest variables; resolves to its output. */
function run(command: string, args: string[], cwd: string): Promise<{ code: number; output: string }> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(npm_|VITEST|NODE_OPTIONS$|FORCE_COLOR$)/i.test(name)),
  );
  env.NO_COLOR = '1';
  return new Promise((resolve) => {
    execFile(command, args, { cwd, env, encoding: 'utf8', timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({
        code: error === null ? 0 : ((error as { code?: number }).code ?? 1),
        output: stdout + stderr,
      });
    });
  });
}

describe('the recipe of docs/testing.md', () => {
  const guide = readFileSync(join(ROOT, 'docs/testing.md'), 'utf8');

  it('has an app and its test', () => {
    expect(Object.keys(recipeFiles(guide))).toEqual(['app.ts', 'app.test.ts']);
  });

  it('passes as written in an empty project with the packed package, msw, express and vitest', {
    timeout: 150_000,
  }, async () => {
    const project = mkdtempSync(join(tmpdir(), 'pix-recipe-'));
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'shop', private: true, type: 'module' }),
    );
    for (const [name, code] of Object.entries(recipeFiles(guide))) writeFileSync(join(project, name), code);

    const packages = ['msw', 'express', 'vitest', 'typescript', '@types/express', '@types/node'].map(locked);
    const install = await run(
      'npm',
      ['install', '--prefer-offline', '--no-audit', '--no-fund', packedTarball(), ...packages],
      project,
    );
    expect(install.code, install.output).toBe(0);

    const tsc = await run(
      process.execPath,
      [
        'node_modules/typescript/bin/tsc',
        ...['--noEmit', '--strict', '--module', 'nodenext', '--target', 'es2022', '--types', 'node'],
        ...Object.keys(recipeFiles(guide)),
      ],
      project,
    );
    expect(tsc.code, tsc.output).toBe(0);

    const vitest = await run(process.execPath, ['node_modules/vitest/vitest.mjs', 'run'], project);
    expect(vitest.code, vitest.output).toBe(0);
    expect(vitest.output).toMatch(/Tests\s+6 passed \(6\)/);
  });
});
