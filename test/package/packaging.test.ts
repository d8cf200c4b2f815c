/** Packaging checks on the built package: publint, Are The Types Wrong, and the size budgets. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureSizes } from '../../bench/size.js';
import { ROOT, run } from './consumer.js';

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
});
