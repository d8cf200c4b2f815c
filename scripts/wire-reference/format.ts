/**
 * Formats generated markdown as `npm run lint` (biome) wants it, tables padded and JSON blocks
 * laid out, so the generated section passes the lint as written.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');

/** `markdown` as biome formats a markdown file of docs/ (with the project's biome.json, from `root`). */
export function formatMarkdown(markdown: string, root: string): string {
  const result = spawnSync(process.execPath, [biome, 'format', '--stdin-file-path=docs/wire-reference.md'], {
    cwd: root,
    input: markdown,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`docs:wire: biome could not format the section: ${result.stderr}`);
  return result.stdout;
}
