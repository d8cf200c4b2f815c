/** `npm run demo` rebuilds only when dist/ is older than what a build reads (scripts/demo.ts). */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILD_OUTPUTS, distIsCurrent } from '../../scripts/demo.js';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A checkout in a temporary folder with each file at the given time (seconds since 1970). */
function checkout(files: Record<string, number>): string {
  const root = mkdtempSync(join(tmpdir(), 'demo-build-'));
  roots.push(root);
  for (const [file, seconds] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), '');
    utimesSync(join(root, file), seconds, seconds);
  }
  return root;
}

const built = (seconds: number) =>
  Object.fromEntries([...BUILD_OUTPUTS, 'dist/chunk-A.js'].map((file) => [file, seconds]));

describe('whether the demo rebuilds', () => {
  it('skips the build when every file of dist/ is newer than every source', () => {
    expect(distIsCurrent(checkout({ 'src/index.ts': 100, 'package.json': 50, ...built(200) }))).toBe(true);
  });

  it('builds when one source, however deep, is newer than one file of dist/', () => {
    const root = checkout({ 'src/mock/domain/ledger.ts': 300, 'src/index.ts': 100, ...built(200) });
    expect(distIsCurrent(root)).toBe(false);
    expect(distIsCurrent(checkout({ 'tsup.config.ts': 300, ...built(200) }))).toBe(false);
    expect(distIsCurrent(checkout({ 'src/index.ts': 100, ...built(200), 'dist/chunk-A.js': 50 }))).toBe(
      false,
    );
  });

  it('builds when dist/ or one output the demo loads is missing', () => {
    expect(distIsCurrent(checkout({ 'src/index.ts': 100 }))).toBe(false);
    const { 'dist/mock.js': _, ...partial } = built(200);
    expect(distIsCurrent(checkout({ 'src/index.ts': 100, ...partial }))).toBe(false);
  });

  it('is current exactly when the newest source is no newer than the oldest output', () => {
    fc.assert(
      fc.property(
        // A few distinct times, so that equal ones (a build within the same second) come up often.
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 4 }),
        (sources, outputs) => {
          const files: Record<string, number> = built(Math.min(...outputs));
          outputs.forEach((seconds, i) => {
            files[`dist/chunk-${i}.js`] = seconds;
          });
          sources.forEach((seconds, i) => {
            files[`src/part-${i}/file.ts`] = seconds;
          });
          expect(distIsCurrent(checkout(files))).toBe(Math.max(...sources) <= Math.min(...outputs));
          for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
        },
      ),
      { numRuns: 40 },
    );
  });
});
