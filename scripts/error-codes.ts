/**
 * The list of error codes in docs/errors.md, generated from the tables (`src/operations.ts`,
 * `src/operations.ts`) so it cannot drift: `npm run docs:errors` rewrites the text between the
 * markers `<!-- error-codes:start -->` and `<!-- error-codes:end -->` and nothing else; a test
 * fails until it matches.
 */
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
import { asSection, type GeneratedSection, sectionIn, writeWhenRun } from './generated-section.js';

const SECTION: GeneratedSection = {
  doc: 'docs/errors.md',
  start: '<!-- error-codes:start -->',
  end: '<!-- error-codes:end -->',
  script: 'docs:errors',
};
export const { doc: ERRORS_DOC, start: START, end: END } = SECTION;
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
  return asSection(SECTION, `${INTRO}\n\n${table.join('\n')}\n`);
}

/** The section between the markers of `markdown`, markers included, or `undefined`. */
export const currentSection = (markdown: string): string | undefined => sectionIn(markdown, SECTION);

writeWhenRun(import.meta.url, SECTION, errorCodesSection);
