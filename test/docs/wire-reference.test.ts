/**
 * docs/sandbox.md's wire reference is generated from the OpenAPI document (`npm run docs:wire`):
 * it must match what the document says today, and say what other languages need.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  currentSection,
  END,
  replaceSection,
  SANDBOX_DOC,
  START,
  wireReferenceSection,
} from '../../scripts/wire-reference.js';
import { openApiDocument } from '../../src/openapi/document.js';

const sandbox = readFileSync(join(import.meta.dirname, '../..', SANDBOX_DOC), 'utf8');
const generated = wireReferenceSection(openApiDocument());
/** The section with the formatter's column padding collapsed, to read rows by their content. */
const rows = generated.replace(/ {2,}/g, ' ');

describe('wire reference', () => {
  it(`${SANDBOX_DOC} holds the section the OpenAPI document makes (else: npm run docs:wire)`, () => {
    expect(currentSection(sandbox), 'run npm run docs:wire').toBe(generated);
  });

  it('gives each request field its exact wire name, type and whether it is required', () => {
    expect(rows).toContain('| `tracking_parameters.utm_source` | string | no | 1 to 255 characters |');
    expect(rows).toContain('| `pixKeyType` | string | yes | one of `CPF`, `CNPJ`, `EMAIL`, `PHONE`, `EVP` |');
    expect(rows).toContain('| `amount` | number | yes | > 5; ≤ 1000000 |');
  });

  it('says which fields are UUIDs', () => {
    expect(rows).toMatch(/\| `referenceId` \| string \(UUID\) \| no \|/);
    expect(rows).toMatch(/\| `idempotencyKey` \| string \(UUID\) \| no \|/);
  });

  it('lists every endpoint, its query parameters and every webhook event', () => {
    const document = openApiDocument() as { paths: Record<string, object>; webhooks: Record<string, object> };
    for (const [path, item] of Object.entries(document.paths))
      for (const method of Object.keys(item)) expect(rows).toContain(`### ${method.toUpperCase()} ${path}\n`);
    expect(rows).toContain('| `per_page` | query | integer | no | ≥ 1; ≤ 100 |');
    for (const event of Object.keys(document.webhooks)) expect(rows).toContain(`| \`${event}\` |`);
  });

  it('rewrites only the text between the markers, and adds them at the end when absent', () => {
    const markdown = `# Before\n\ntext\n\n${START}\nold\n${END}\n\n## After\n`;
    expect(replaceSection(markdown, `${START}\nnew\n${END}`)).toBe(
      `# Before\n\ntext\n\n${START}\nnew\n${END}\n\n## After\n`,
    );
    expect(replaceSection('# Doc\n', `${START}\nnew\n${END}`)).toBe(
      `# Doc\n\n## Wire reference (for other languages)\n\n${START}\nnew\n${END}\n`,
    );
  });
});
