/**
 * The docs checker (`npm run docs:check`) finds exactly what is wrong in a fixture: a missing
 * file, a missing anchor, a block that does not type-check; and nothing in what holds.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { githubSlugs } from '../../scripts/docs-check/markdown.js';
import { checkDocs, defaultFiles } from '../../scripts/docs-check.js';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const ROOT = join(import.meta.dirname, '../..');

describe('docs:check', () => {
  const report = checkDocs([join(FIXTURES, 'guide.md'), join(FIXTURES, 'other.md')], FIXTURES, ROOT);

  it('reports the broken link, the broken anchor, the image and the type error, and nothing else', () => {
    expect(
      report.problems.map(({ file, line, message }) => `${file}:${line}: ${message.split(':')[0]}`),
    ).toEqual([
      'guide.md:6: link to ./missing.md',
      'guide.md:6: link to ./other.md#nowhere',
      'guide.md:8: link to ./picture.png',
      'guide.md:29: TS2322',
    ]);
    expect(report.problems[1]?.message).toBe(
      'link to ./other.md#nowhere: no heading of other.md has the anchor #nowhere',
    );
  });

  it('counts the TypeScript blocks and the one opted out with <!-- check: skip -->', () => {
    expect(report).toMatchObject({ files: 2, blocks: 3, skipped: 1 });
  });

  it("names anchors as GitHub does: lower case, punctuation dropped, spaces to '-', repeats numbered", () => {
    expect(
      githubSlugs([
        'Retries and idempotency: a retry never pays twice',
        'QR codes (`pix-payments/qr`)',
        'Performance',
        'Performance',
        'snake_case & émoji 🎉',
      ]),
    ).toEqual([
      'retries-and-idempotency-a-retry-never-pays-twice',
      'qr-codes-pix-paymentsqr',
      'performance',
      'performance-1',
      'snake_case--émoji-',
    ]);
  });

  it('checks README.md and docs/, not the generated API reference', () => {
    const files = defaultFiles(ROOT).map((file) => file.slice(ROOT.length + 1));
    expect(files).toContain('README.md');
    expect(files).toContain('docs/sandbox.md');
    expect(files.some((file) => file.startsWith('docs/api/'))).toBe(false);
  });
});
