/** Redocly CLI lint of the shipped document, with the recommended ruleset (redocly.yaml). */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPENAPI_FILE, redoclyLint, shippedDocument } from './tools.js';

describe('redocly lint', () => {
  it('finds no error and no warning in dist/openapi.json', async () => {
    const report = await redoclyLint(OPENAPI_FILE);
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report).toMatchObject({ errors: 0, warnings: 0 });
  }, 30_000);

  it('does find the error of a document with two operations of one operationId', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the JSON document.
    const broken = shippedDocument() as any;
    broken.paths['/v1/integrations/balance'].get.operationId = 'createTransaction';
    const file = join(mkdtempSync(join(tmpdir(), 'pix-openapi-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(broken));
    const report = await redoclyLint(file);
    expect(report.problems.map((p) => p.ruleId)).toContain('operation-operationId-unique');
    expect(report.errors).toBeGreaterThan(0);
  }, 30_000);
});
