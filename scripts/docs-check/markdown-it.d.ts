/**
 * The part of markdown-it's API the docs checker uses (markdown-it ships no declarations, and
 * `@types/markdown-it` would be one more dependency for five members).
 */
declare module 'markdown-it' {
  export interface Token {
    type: string;
    tag: string;
    content: string;
    info: string;
    /** The token's source lines, `[first, last + 1)`, 0-based; block tokens only. */
    map: [number, number] | null;
    children: Token[] | null;
    attrGet(name: string): string | null;
  }
  export default class MarkdownIt {
    constructor(options?: { html?: boolean });
    parse(source: string, env: object): Token[];
  }
}
