/**
 * What the docs checker reads from one markdown file, parsed by markdown-it: the anchors its
 * headings get on GitHub, its links (with their lines) and its TypeScript blocks.
 */
import MarkdownIt, { type Token } from 'markdown-it';

/** The HTML comment, on the line before a fence, that keeps a fragment out of the type-check. */
export const SKIP_MARKER = '<!-- check: skip -->';

/** A link or image target as written, and the 1-based line it is on. */
export interface Link {
  target: string;
  line: number;
}

/** A fenced ```ts block: its code, the 1-based line of its first code line, and its opt-out. */
export interface CodeBlock {
  code: string;
  line: number;
  skipped: boolean;
}

/** A markdown file as the checker sees it. */
export interface MarkdownFacts {
  anchors: Set<string>;
  links: Link[];
  codeBlocks: CodeBlock[];
}

const markdown = new MarkdownIt({ html: true });
const TYPESCRIPT = new Set(['ts', 'typescript']);
/** `href`/`src` targets and `id`/`name` anchors written in raw HTML. */
const HTML_TARGET = /\b(?:href|src)\s*=\s*"([^"]*)"/g;
const HTML_ANCHOR = /\b(?:id|name)\s*=\s*"([^"]*)"/g;
/** What GitHub's slugger keeps: letters, marks, digits, connector punctuation (`_`), space, `-`. */
const NOT_IN_SLUG = /[^\p{L}\p{M}\p{N}\p{Pc} -]/gu;

/** The GitHub anchor of a heading's text, before de-duplication. */
export function githubSlug(text: string): string {
  return text.toLowerCase().replace(NOT_IN_SLUG, '').replace(/ /g, '-');
}

/** GitHub's anchors of several headings in order: a repeated slug gets `-1`, `-2`, … */
export function githubSlugs(headings: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return headings.map((heading) => {
    const base = githubSlug(heading);
    let slug = base;
    while (seen.has(slug)) {
      const count = (seen.get(base) ?? 0) + 1;
      seen.set(base, count);
      slug = `${base}-${count}`;
    }
    seen.set(slug, 0);
    return slug;
  });
}

/** The rendered text of an inline token: what a heading's anchor is made from. */
function plainText(inline: Token | undefined): string {
  return (inline?.children ?? [])
    .filter((child) => child.type === 'text' || child.type === 'code_inline')
    .map((child) => child.content)
    .join('');
}

/** The 1-based line of `target` within a block token spanning `map` (its first line if not found). */
function lineOf(lines: readonly string[], map: Token['map'], target: string): number {
  const [first, end] = map ?? [0, 1];
  for (let index = first; index < end; index++) if (lines[index]?.includes(target)) return index + 1;
  return first + 1;
}

/** Whether the nearest non-blank line above line `index` (0-based) is the skip marker. */
function isSkipped(lines: readonly string[], index: number): boolean {
  for (let above = index - 1; above >= 0; above--) {
    const text = lines[above]?.trim() ?? '';
    if (text !== '') return text === SKIP_MARKER;
  }
  return false;
}

/** Parses `source` and collects its anchors, links and TypeScript blocks. */
export function readMarkdown(source: string): MarkdownFacts {
  const lines = source.split('\n');
  const tokens = markdown.parse(source, {});
  const headings: string[] = [];
  const facts: MarkdownFacts = { anchors: new Set(), links: [], codeBlocks: [] };
  const html = (content: string, map: Token['map']) => {
    for (const [, target = ''] of content.matchAll(HTML_TARGET)) {
      facts.links.push({ target, line: lineOf(lines, map, target) });
    }
    for (const [, anchor = ''] of content.matchAll(HTML_ANCHOR)) facts.anchors.add(anchor);
  };
  // Inline tokens in table cells have no lines of their own: use the row's.
  let lastMap: Token['map'] = null;
  tokens.forEach((token, index) => {
    lastMap = token.map ?? lastMap;
    if (token.type === 'heading_open') headings.push(plainText(tokens[index + 1]));
    if (token.type === 'html_block') html(token.content, token.map);
    if (token.type === 'fence' && TYPESCRIPT.has(token.info.trim().split(/\s/)[0] ?? '')) {
      const fence = token.map?.[0] ?? 0;
      facts.codeBlocks.push({ code: token.content, line: fence + 2, skipped: isSkipped(lines, fence) });
    }
    if (token.type !== 'inline') return;
    for (const child of token.children ?? []) {
      const target =
        child.type === 'link_open'
          ? child.attrGet('href')
          : child.type === 'image'
            ? child.attrGet('src')
            : null;
      if (target !== null) facts.links.push({ target, line: lineOf(lines, lastMap, target) });
      if (child.type === 'html_inline') html(child.content, lastMap);
    }
  });
  for (const slug of githubSlugs(headings)) facts.anchors.add(slug);
  return facts;
}
