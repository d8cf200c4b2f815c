/**
 * Keeps README.md and docs/ true (`npm run docs:check`, run by CI after the build):
 *
 * - every relative link names a file that exists, and its `#anchor` (or a bare `#anchor` within
 *   the file) is a heading's anchor as GitHub makes it (lower case, punctuation dropped, spaces to
 *   `-`, repeats `-1`, `-2`) or an HTML `id`/`name`; http(s) links are not followed;
 * - every ```ts / ```typescript block type-checks, as a module of its own (top-level await
 *   allowed), with `tsc --strict` against the built package: `import … from 'pix-payments'` and
 *   its subpaths resolve through the package's `exports` to `dist/` (run `npm run build` first).
 *
 * A fragment opts out of the type-check with an HTML comment on the line before its fence:
 *
 *     <!-- check: skip -->
 *     ```ts
 *     await client.transactions.create({ amount: 10 }); // `client` is made elsewhere
 *     ```
 *
 * Problems print as `file:line: message`; the exit code is 1 when there is any.
 * `npx tsx scripts/docs-check.ts [files…]` checks other markdown files.
 */
import { readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkCodeBlocks, type PlacedBlock } from './docs-check/code-blocks.js';
import { checkLinks, MarkdownFiles } from './docs-check/links.js';
import { formatProblem, type Problem } from './docs-check/problem.js';

/** What one run checked and found. */
export interface DocsReport {
  files: number;
  links: number;
  blocks: number;
  skipped: number;
  problems: Problem[];
}

/** README.md and every markdown file under docs/, but not the generated API reference. */
export function defaultFiles(root: string): string[] {
  const docs = readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.md') && !path.startsWith(join('api', '')))
    .sort()
    .map((path) => join(root, 'docs', path));
  return [join(root, 'README.md'), ...docs];
}

/**
 * Checks the links and TypeScript blocks of `files` (absolute paths); problems name files
 * relative to `root`. Imports resolve against the package at `packageRoot`.
 */
export function checkDocs(files: readonly string[], root: string, packageRoot = root): DocsReport {
  const markdown = new MarkdownFiles();
  const blocks: PlacedBlock[] = files.flatMap((file) =>
    markdown.read(file).codeBlocks.map((block) => ({ ...block, file: relative(root, file) })),
  );
  const problems = [...checkLinks(files, root, markdown), ...checkCodeBlocks(blocks, packageRoot)];
  problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  return {
    files: files.length,
    links: files.reduce((sum, file) => sum + markdown.read(file).links.length, 0),
    blocks: blocks.length,
    skipped: blocks.filter((block) => block.skipped).length,
    problems,
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const root = process.cwd();
  const args = process.argv.slice(2);
  const files = args.length > 0 ? args.map((file) => resolve(file)) : defaultFiles(root);
  const report = checkDocs(files, root);
  for (const problem of report.problems) console.error(formatProblem(problem));
  const checked = `${report.files} files, ${report.links} links, ${report.blocks} ts blocks (${report.skipped} skipped)`;
  if (report.problems.length > 0) {
    console.error(`docs:check: ${report.problems.length} problems in ${checked}`);
    process.exitCode = 1;
  } else {
    console.log(`docs:check: ${checked}: every link resolves, every block type-checks`);
  }
}
