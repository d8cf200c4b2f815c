/**
 * Packaging checks on the built package: publint, Are The Types Wrong, the size budgets, and what
 * the bundled code brings with it (its licences, zod's version).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureBreakdown, measureSizes } from '../../bench/size.js';
import { BUNDLED } from '../../scripts/notices.js';
import { floorOfRange } from '../../scripts/zod-floor.js';
import { moduleGraph, ROOT, run } from './consumer.js';

const bin = (name: string) => join(ROOT, 'node_modules/.bin', name);

describe('packaging', () => {
  it('publint reports no problem', () => {
    expect(run(bin('publint'), ['--strict'], ROOT)).toContain('All good!');
  });

  it('Are The Types Wrong reports no problem for any entry, in any resolution mode', () => {
    const out = run(bin('attw'), ['--pack', '.', '--format', 'table-flipped'], ROOT);
    expect(out).toContain('No problems found');
  }, 60_000);

  it('keeps each entry within its size budget (minified + gzipped, with its dependencies)', async () => {
    const sizes = await measureSizes();
    for (const size of sizes) {
      if (size.budget !== undefined) expect(size.gzipped, size.entry).toBeLessThanOrEqual(size.budget);
    }
    expect(sizes.map((s) => s.entry)).toEqual([
      'pix-payments',
      'pix-payments/webhooks',
      'pix-payments/qr',
      'pix-payments/reports',
      'pix-payments/opentelemetry',
      'pix-payments/mock',
    ]);
  });

  it('has ky in the main entry only, and zod in both (minified bytes by package, bench/size.ts)', async () => {
    const breakdowns = await measureBreakdown();
    const main = breakdowns.find((b) => b.entry === 'pix-payments');
    const webhooks = breakdowns.find((b) => b.entry === 'pix-payments/webhooks');
    expect(main?.ky, 'the client sends its requests with ky').toBeGreaterThan(0);
    expect(webhooks?.ky, 'a webhook receiver never carries the HTTP client').toBe(0);
    expect(main?.zod).toBeGreaterThan(0);
    expect(webhooks?.zod).toBeGreaterThan(0);
    // The breakdown's bundles (a build with source maps) are the code measured on dist/.
    const sizes = await measureSizes();
    for (const breakdown of breakdowns) {
      const dist = sizes.find((s) => s.entry === breakdown.entry)?.minified ?? 0;
      expect(Math.abs(breakdown.total - dist) / dist, breakdown.entry).toBeLessThan(0.01);
    }
  }, 60_000);

  it('ships the licence of every bundled package in dist/THIRD_PARTY_NOTICES.md, packed', () => {
    const notices = readFileSync(join(ROOT, 'dist/THIRD_PARTY_NOTICES.md'), 'utf8');
    for (const name of Object.keys(BUNDLED)) {
      const { version } = JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8'));
      expect(notices).toContain(`## ${name} ${version} (MIT)`);
    }
    expect(notices).toContain('Copyright (c) 2025 Colin McDonnell');
    expect(notices).toContain('Copyright (c) Sindre Sorhus');
    const [packed] = JSON.parse(run('npm', ['pack', '--dry-run', '--json', '--silent'], ROOT));
    expect(packed.files.map((file: { path: string }) => file.path)).toContain('dist/THIRD_PARTY_NOTICES.md');
  }, 60_000);

  it("bundles the zod of its range's floor into both entries, so the lowest zod an app shares is the one run", () => {
    const floor = floorOfRange();
    for (const entry of ['index.js', 'index.cjs', 'webhooks.js', 'webhooks.cjs']) {
      const code = moduleGraph(entry)
        .files.map((file) => readFileSync(join(ROOT, 'dist', file), 'utf8'))
        .join('\n');
      const bundled = /major: (\d+),\s*minor: (\d+),\s*patch: (\d+)/.exec(code)?.slice(1).join('.');
      expect(bundled, `${entry}: npm install zod@${floor}`).toBe(floor);
    }
  });
});
