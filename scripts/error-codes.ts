/**
 * The list of error codes in docs/errors.md, generated from the tables (`src/operations.ts`,
 * `src/operations.ts`) so it cannot drift: `npm run docs:errors` rewrites the text between the
 * markers `<!-- error-codes:start -->` and `<!-- error-codes:end -->` and nothing else; a test
 * fails until it matches.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { OperationId } from '../src/endpoints.js';
import { APIError } from '../src/errors/api-error.js';
import {
  type CodeScope,
  ERROR_CODES,
  type ErrorCode,
  type ErrorCodeName,
  type OperationContract,
  operations,
} from '../src/operations.js';
import { formatMarkdown } from './wire-reference/format.js';

export const ERRORS_DOC = 'docs/errors.md';
export const START = '<!-- error-codes:start -->';
export const END = '<!-- error-codes:end -->';

const ROOT = join(import.meta.dirname, '..');
const INTRO =
  '<!-- Generated from src/operations.ts by `npm run docs:errors`: edit it, not this section. -->';

/** The class an answer of `status` arrives as (`APIError.generate` picks it). */
const classOf = (status: number) =>
  APIError.generate(status, { message: '', code: undefined, errors: undefined }, new Headers(), undefined)
    .constructor.name;

function arrivesAs(code: ErrorCode): string {
  const fromService = `\`${classOf(code.status)}\``;
  return code.local === true
    ? `\`ValidationError\` (refused before sending); ${fromService} from the service`
    : fromService;
}

const WHO: Record<CodeScope, string> = {
  any: 'every operation',
  body: 'every operation with a body',
  operation: '',
  server: 'the sandbox server, before any operation',
};

/** Which operations answer a code: by scope, and the operations that name it themselves. */
function answeredBy(name: ErrorCodeName, code: ErrorCode): string {
  if (code.scope === 'any' || code.scope === 'server') return WHO[code.scope];
  const named = (Object.keys(operations) as OperationId[])
    .filter((id) => (operations[id] as OperationContract).errors.includes(name))
    .map((id) => `\`${id}\``);
  return code.scope === 'body' ? [WHO.body, ...named].join(', ') : named.join(', ');
}

/** The generated section, markers included, formatted as the lint wants. */
export function errorCodesSection(): string {
  const rows = (Object.entries(ERROR_CODES) as [ErrorCodeName, ErrorCode][]).map(
    ([name, code]) =>
      `| \`${name}\` | ${code.status} | ${arrivesAs(code)} | ${answeredBy(name, code)} | ${code.meaning} |`,
  );
  const table = [
    '| code | status | arrives as | answered by | meaning |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
  ];
  const body = formatMarkdown(`${INTRO}\n\n${table.join('\n')}\n`, ROOT);
  return `${START}\n${body}${END}`;
}

/** The section between the markers of `markdown`, markers included, or `undefined`. */
export function currentSection(markdown: string): string | undefined {
  const start = markdown.indexOf(START);
  const end = markdown.indexOf(END, start);
  return start < 0 || end < 0 ? undefined : markdown.slice(start, end + END.length);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const file = resolve(ERRORS_DOC);
  const before = readFileSync(file, 'utf8');
  const current = currentSection(before);
  if (current === undefined) throw new Error(`${ERRORS_DOC} has no ${START} … ${END} markers`);
  const after = before.replace(current, () => errorCodesSection());
  if (after === before) console.log(`docs:errors: ${ERRORS_DOC} is up to date`);
  else {
    writeFileSync(file, after);
    console.log(`docs:errors: wrote the error codes into ${ERRORS_DOC}`);
  }
}
