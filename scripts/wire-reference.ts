/**
 * The wire reference for other languages in docs/sandbox.md, generated from the OpenAPI document
 * so it cannot drift: `npm run docs:wire` rewrites the text between the markers
 * `<!-- wire-reference:start -->` and `<!-- wire-reference:end -->` (adding them, under their
 * heading, at the end of the file when absent) and nothing else; a test fails until it matches.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openApiDocument } from '../src/openapi/document.js';
import { formatMarkdown } from './wire-reference/format.js';
import { renderWireReference } from './wire-reference/render.js';

export const SANDBOX_DOC = 'docs/sandbox.md';
export const START = '<!-- wire-reference:start -->';
export const END = '<!-- wire-reference:end -->';
const HEADING = '## Wire reference (for other languages)';

const INTRO = `<!-- Generated from the OpenAPI document by \`npm run docs:wire\`: edit src/openapi/, not this section. -->

Every name below is exactly as on the wire, and the wire mixes cases (\`tracking_parameters\` beside \`pixKey\`): copy them as written. Amounts are decimal BRL numbers (\`19.9\`). Fields typed UUID must be UUIDs; the idempotency keys (\`referenceId\` of a charge, \`idempotencyKey\` of a payout) are best made with a UUID v4 generator. The mock serves the whole document at \`GET /openapi.json\`.`;

const ROOT = join(import.meta.dirname, '..');

/** The generated section, markers included, formatted as the lint wants. */
export function wireReferenceSection(document = openApiDocument()): string {
  const body = formatMarkdown(`${INTRO}\n\n${renderWireReference(document)}\n`, ROOT);
  return `${START}\n${body}${END}`;
}

/** The section between the markers of `markdown`, markers included, or `undefined`. */
export function currentSection(markdown: string): string | undefined {
  const start = markdown.indexOf(START);
  const end = markdown.indexOf(END, start);
  return start < 0 || end < 0 ? undefined : markdown.slice(start, end + END.length);
}

/** `markdown` with its section replaced by `section` (appended under its heading when absent). */
export function replaceSection(markdown: string, section: string): string {
  const current = currentSection(markdown);
  if (current !== undefined) return markdown.replace(current, () => section);
  return `${markdown.trimEnd()}\n\n${HEADING}\n\n${section}\n`;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const file = resolve(SANDBOX_DOC);
  const before = readFileSync(file, 'utf8');
  const after = replaceSection(before, wireReferenceSection());
  if (after === before) console.log(`docs:wire: ${SANDBOX_DOC} is up to date`);
  else {
    writeFileSync(file, after);
    console.log(`docs:wire: wrote the wire reference into ${SANDBOX_DOC}`);
  }
}
