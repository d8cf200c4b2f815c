import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { buildPlainCheck, TESTED_ZOD } from '../../src/schemas/plain-validator.js';

const readJson = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
const range: string = readJson('../../package.json').dependencies.zod;
const installed: string = readJson('../../node_modules/zod/package.json').version;
const parts = (version: string) => version.split('.').map(Number);

/** The fast path re-states zod's rules as one minor has them (see src/schemas/plain-validator.ts). */
describe('zod is pinned to the minor the fast path was tested with', () => {
  it('package.json admits patch releases of that minor only (~)', () => {
    expect(range).toMatch(new RegExp(`^~${TESTED_ZOD.major}\\.${TESTED_ZOD.minor}\\.\\d+$`));
  });

  it('the installed zod satisfies the range', () => {
    const [major, minor, patch] = parts(installed);
    const [, , floor] = parts(range.slice(1));
    expect([major, minor]).toEqual([TESTED_ZOD.major, TESTED_ZOD.minor]);
    expect(patch).toBeGreaterThanOrEqual(floor as number);
  });

  it('a schema built by another minor is left to zod', () => {
    const schema = z.string();
    expect(buildPlainCheck(schema)).toBeDefined();
    const other = z.string();
    Object.assign(other._zod, {
      version: { major: TESTED_ZOD.major, minor: TESTED_ZOD.minor + 1, patch: 0 },
    });
    expect(buildPlainCheck(other)).toBeUndefined();
  });
});
