/**
 * A section of a page of docs/ that a script writes from the tables (`npm run docs:errors`,
 * `npm run docs:events`): the text between two markers, which the script rewrites and nothing
 * else; a test compares it with what the script makes and fails until they match.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatMarkdown } from './wire-reference/format.js';

/** Where a generated section lives, and the npm script that writes it. */
export interface GeneratedSection {
  /** The page, from the root (`docs/errors.md`). */
  doc: string;
  start: string;
  end: string;
  /** The npm script (`docs:errors`). */
  script: string;
}

const ROOT = join(import.meta.dirname, '..');

/** The section between the markers of `markdown`, markers included, or `undefined`. */
export function sectionIn(markdown: string, { start, end }: GeneratedSection): string | undefined {
  const from = markdown.indexOf(start);
  const to = markdown.indexOf(end, from);
  return from < 0 || to < 0 ? undefined : markdown.slice(from, to + end.length);
}

/** `markdown` as the section: formatted as the lint wants, between its markers. */
export function asSection({ start, end }: GeneratedSection, markdown: string): string {
  return `${start}\n${formatMarkdown(markdown, ROOT)}${end}`;
}

/** When `moduleUrl` is the script being run: rewrites the page's section with `make()`. */
export function writeWhenRun(moduleUrl: string, section: GeneratedSection, make: () => string): void {
  if (process.argv[1] === undefined || moduleUrl !== pathToFileURL(resolve(process.argv[1])).href) return;
  const file = resolve(section.doc);
  const before = readFileSync(file, 'utf8');
  const current = sectionIn(before, section);
  if (current === undefined)
    throw new Error(`${section.doc} has no ${section.start} … ${section.end} markers`);
  const after = before.replace(current, () => make());
  if (after === before) console.log(`${section.script}: ${section.doc} is up to date`);
  else {
    writeFileSync(file, after);
    console.log(`${section.script}: wrote its section of ${section.doc}`);
  }
}
