/**
 * The package under Jest itself, merchants' most common test runner: Jest 30, `testEnvironment:
 * 'node'`, no transformer, runs `webhook-receiver.test.cjs` (the Jest example of docs/testing.md,
 * as written there), which requires the built package and hands the Node receiver the `Buffer`
 * that `express.raw` gives. Jest runs each test file in a `vm` context of its own. About 3 s.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const TEST_FILE = 'test/jest/webhook-receiver.test.cjs';

/** Runs Jest with this folder's config on this run's Node: its exit code, JSON report and stderr. */
function runJest(): Promise<{ code: number; report: Record<string, unknown>; stderr: string }> {
  // Without vitest's own variables, as a merchant's shell would start it.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(VITEST|NODE_OPTIONS$|FORCE_COLOR$)/i.test(name)),
  );
  const args = ['node_modules/jest/bin/jest.js', '--config', 'test/jest/jest.config.cjs', '--ci', '--json'];
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      args,
      { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({
          code: error === null ? 0 : Number(error.code ?? 1),
          report: JSON.parse(stdout || '{}'),
          stderr,
        });
      },
    );
  });
}

describe('Jest', () => {
  it('is given the Jest example of docs/testing.md as written', () => {
    const guide = readFileSync(join(ROOT, 'docs/testing.md'), 'utf8');
    const block = guide.match(
      /<!-- jest: test\/jest\/webhook-receiver\.test\.cjs[^>]*-->\n```js\n([\s\S]*?)```/,
    )?.[1];
    expect(block).toBe(readFileSync(join(ROOT, TEST_FILE), 'utf8'));
  });

  it('runs the example against the built package, every test passing', { timeout: 60_000 }, async () => {
    if (!existsSync(join(ROOT, 'dist/webhooks.cjs')))
      throw new Error('dist/ is missing: run `npm run build`');
    const { code, report, stderr } = await runJest();
    expect(report.numTotalTests, stderr).toBe(3);
    expect([code, report.numPassedTests, report.success], stderr).toEqual([0, 3, true]);
    const [result] = report.testResults as { name: string }[];
    expect(result?.name).toBe(join(ROOT, TEST_FILE));
  });
});
