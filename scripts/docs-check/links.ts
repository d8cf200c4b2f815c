/**
 * Relative links and anchors: the file a link names exists, and its `#anchor` is a heading (or an
 * HTML `id`/`name`) of the target markdown file, as GitHub renders it. Links with a scheme
 * (https:, mailto:) are not followed: the check runs without a network.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, relative, resolve } from 'node:path';
import { type Link, type MarkdownFacts, readMarkdown } from './markdown.js';
import type { Problem } from './problem.js';

const WITH_SCHEME = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** `%20` and the like decoded; a malformed escape is kept as written (and then not found). */
function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Reads markdown files once each, whether checked or only linked to. */
export class MarkdownFiles {
  readonly #facts = new Map<string, MarkdownFacts>();

  /** The facts of the markdown file at the absolute path `file`. */
  read(file: string): MarkdownFacts {
    let facts = this.#facts.get(file);
    if (facts === undefined) {
      facts = readMarkdown(readFileSync(file, 'utf8'));
      this.#facts.set(file, facts);
    }
    return facts;
  }
}

/** What is wrong with one link of `file` (an absolute path), or `undefined`. */
function checkLink(file: string, link: Link, root: string, files: MarkdownFiles): string | undefined {
  if (link.target === '' || WITH_SCHEME.test(link.target)) return undefined;
  const hash = link.target.indexOf('#');
  const path = decode((hash < 0 ? link.target : link.target.slice(0, hash)).replace(/\?.*$/, ''));
  const anchor = hash < 0 ? undefined : decode(link.target.slice(hash + 1));
  const target =
    path === '' ? file : path.startsWith('/') ? resolve(root, `.${path}`) : resolve(dirname(file), path);
  if (!existsSync(target)) return `link to ${link.target}: ${relative(root, target)} does not exist`;
  if (anchor === undefined || anchor === '' || statSync(target).isDirectory() || extname(target) !== '.md') {
    return undefined;
  }
  if (files.read(target).anchors.has(anchor)) return undefined;
  return `link to ${link.target}: no heading of ${relative(root, target)} has the anchor #${anchor}`;
}

/** The broken links and anchors of the markdown files `paths` (absolute); `root` names them. */
export function checkLinks(paths: readonly string[], root: string, files = new MarkdownFiles()): Problem[] {
  const problems: Problem[] = [];
  for (const file of paths) {
    for (const link of files.read(file).links) {
      const message = checkLink(file, link, root, files);
      if (message !== undefined) problems.push({ file: relative(root, file), line: link.line, message });
    }
  }
  return problems;
}
