/**
 * The guides travel with the package: the tarball `npm pack` makes holds README.md, every
 * docs/*.md, the images they show and the examples they link, so that from
 * `node_modules/pix-payments` every relative link of its markdown files (read as
 * `npm run docs:check` reads them: `[…](…)`, `![…](…)`, `<img src>`, `<a href>`) leads to a file
 * inside it. Nothing else of docs/ and examples/ is shipped: not the generated API reference
 * (`docs/api/`, `npm run docs`, 5.7 MB), not an example that no guide links to and no shipped
 * example imports.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readMarkdown } from '../../scripts/docs-check/markdown.js';
import { packedTarball, ROOT, run } from './consumer.js';

/** A link that leaves the package: a scheme (https:, mailto:, data:) or `//host`. */
const WITH_SCHEME = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
/** A relative import or re-export of an example (`./setup.js`), in TypeScript or JavaScript. */
const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** The tarball's files, as paths inside the package (`docs/client.md`), and where it is unpacked. */
function unpacked(): { files: Set<string>; dir: string } {
  const tarball = packedTarball();
  const files = run('tar', ['-tzf', tarball], ROOT)
    .split('\n')
    .filter((line) => line.startsWith('package/') && !line.endsWith('/'))
    .map((line) => line.slice('package/'.length));
  const dir = mkdtempSync(join(tmpdir(), 'pix-unpacked-'));
  folders.push(dir);
  run('tar', ['-xzf', tarball, '-C', dir], ROOT);
  return { files: new Set(files), dir: join(dir, 'package') };
}

/** Whether `path` (inside the package, no trailing slash) is a shipped file or a folder holding one. */
function shipped(files: ReadonlySet<string>, path: string): boolean {
  return files.has(path) || [...files].some((file) => file.startsWith(`${path}/`));
}

/** The shipped files that `path` names: itself, or every file of the folder it names. */
function named(files: ReadonlySet<string>, path: string): string[] {
  return files.has(path) ? [path] : [...files].filter((file) => file.startsWith(`${path}/`));
}

/**
 * Where the link `target`, written in the shipped file `from`, leads inside the package: a path
 * without `#fragment`, `?query` or trailing slash; `undefined` for a link that is not to a file
 * (a scheme, a bare `#anchor`); a string starting with `!` says why it cannot lead anywhere.
 */
function linkTarget(from: string, target: string): string | undefined {
  if (target === '' || target.startsWith('#') || WITH_SCHEME.test(target)) return undefined;
  const path = decodeURIComponent(target.replace(/[#?].*$/, ''));
  if (path.startsWith('/')) return '!a link from the root resolves on GitHub only: make it relative';
  const inside = posix.normalize(posix.join(posix.dirname(from), path)).replace(/\/$/, '');
  if (inside === '..' || inside.startsWith('../')) return `!${inside} is outside the package`;
  return inside;
}

describe('the guides in the tarball', () => {
  const { files, dir } = unpacked();
  const markdown = [...files].filter((file) => file.endsWith('.md')).sort();

  it('holds README.md and every guide of docs/, and not the generated API reference', () => {
    const guides = readdirSync(join(ROOT, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`)
      .sort();
    expect(markdown).toEqual(expect.arrayContaining(['README.md', ...guides]));
    expect([...files].filter((file) => file.startsWith('docs/api/'))).toEqual([]);
  });

  it('resolves every relative link of every shipped markdown file to a file inside the tarball', () => {
    const broken: string[] = [];
    let links = 0;
    for (const file of markdown) {
      for (const link of readMarkdown(readFileSync(join(dir, file), 'utf8')).links) {
        const path = linkTarget(file, link.target);
        if (path === undefined) continue;
        links++;
        if (path.startsWith('!')) broken.push(`${file}:${link.line}: ${link.target}: ${path.slice(1)}`);
        else if (!shipped(files, path))
          broken.push(`${file}:${link.line}: ${link.target}: ${path} is not shipped`);
      }
    }
    expect(broken).toEqual([]);
    expect(links, 'README.md alone links every guide').toBeGreaterThan(20);
  });

  it('holds of docs/ and examples/ only what a guide shows or links, and what those examples import', () => {
    const reached = new Set<string>();
    const queue: string[] = [];
    const reach = (path: string) => {
      for (const file of named(files, path)) {
        if (reached.has(file)) continue;
        reached.add(file);
        queue.push(file);
      }
    };
    for (const file of markdown) {
      for (const link of readMarkdown(readFileSync(join(dir, file), 'utf8')).links) {
        const path = linkTarget(file, link.target);
        if (path !== undefined && !path.startsWith('!')) reach(path);
      }
    }
    const unresolved: string[] = [];
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      if (!/\.[cm]?[jt]s$/.test(file)) continue;
      for (const [, specifier = ''] of readFileSync(join(dir, file), 'utf8').matchAll(RELATIVE_IMPORT)) {
        const path = posix.join(posix.dirname(file), specifier);
        const found = [path, path.replace(/\.js$/, '.ts'), path.replace(/\.mjs$/, '.mts')].find((p) =>
          files.has(p),
        );
        if (found === undefined) unresolved.push(`${file}: ${specifier}`);
        else reach(found);
      }
    }
    expect(unresolved, 'a shipped example imports a file that is not shipped').toEqual([]);
    const extra = [...files].filter(
      (file) => /^(?:docs|examples)\//.test(file) && !/^docs\/[^/]+\.md$/.test(file) && !reached.has(file),
    );
    expect(extra, 'shipped, yet no guide links it and no shipped example imports it').toEqual([]);
  });

  it("leaves docs/api/ out by package.json's `files`, also when `npm run docs` has built it", () => {
    const project = mkdtempSync(join(tmpdir(), 'pix-files-'));
    folders.push(project);
    writeFileSync(join(project, 'package.json'), readFileSync(join(ROOT, 'package.json')));
    mkdirSync(join(project, 'docs/api/assets'), { recursive: true });
    for (const file of [
      'docs/guide.md',
      'docs/api/index.html',
      'docs/api/README.md',
      'docs/api/assets/icon.png',
    ]) {
      writeFileSync(join(project, file), 'x');
    }
    const [packed] = JSON.parse(run('npm', ['pack', '--dry-run', '--json', '--silent'], project));
    const paths = packed.files.map((file: { path: string }) => file.path);
    expect(paths).toContain('docs/guide.md');
    expect(paths.filter((path: string) => path.startsWith('docs/api/'))).toEqual([]);
  });
});
