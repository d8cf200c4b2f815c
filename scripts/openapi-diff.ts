/**
 * What changed between two OpenAPI documents: `npx tsx scripts/openapi-diff.ts before.json
 * after.json` prints the JSON paths removed, changed and added, and exits with 1 if anything was
 * removed or changed (an addition alone exits with 0). A path is written `$.paths['/v1/x'].post`;
 * a subtree that exists on one side only is one line. Arrays of plain values (`required`, `enum`)
 * are compared as sets, an item written `required[='field']`; arrays of objects by their `$ref`
 * when every item has one (`oneOf`), by `in` and `name` when every item has a name
 * (`parameters`), else by position.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The paths that differ, each list sorted. */
export interface DocumentDiff {
  removed: string[];
  changed: string[];
  added: string[];
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The differences from `before` to `after`. */
export function diffDocuments(before: Json, after: Json): DocumentDiff {
  const diff: DocumentDiff = { removed: [], changed: [], added: [] };
  compare(before, after, '$', diff);
  for (const list of Object.values(diff)) list.sort();
  return diff;
}

function compare(before: Json, after: Json, path: string, diff: DocumentDiff): void {
  if (isObject(before) && isObject(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)]))
      compareEntry(before[key], after[key], `${path}${member(key)}`, diff);
  } else if (Array.isArray(before) && Array.isArray(after)) {
    const [was, is] = [keyed(before), keyed(after)];
    for (const key of new Set([...was.keys(), ...is.keys()]))
      compareEntry(was.get(key), is.get(key), `${path}${key}`, diff);
  } else if (JSON.stringify(before) !== JSON.stringify(after)) {
    diff.changed.push(`${path}: ${JSON.stringify(before)} -> ${JSON.stringify(after)}`);
  }
}

function compareEntry(
  before: Json | undefined,
  after: Json | undefined,
  path: string,
  diff: DocumentDiff,
): void {
  if (before === undefined && after !== undefined) diff.added.push(path);
  else if (before !== undefined && after === undefined) diff.removed.push(path);
  else if (before !== undefined && after !== undefined) compare(before, after, path, diff);
}

/** An array's items by the path segment that names them (see the top of the file), else by position. */
function keyed(items: Json[]): Map<string, Json> {
  const byName = keyedByName(items);
  return byName !== undefined && byName.size === items.length
    ? byName
    : new Map(items.map((item, index) => [`[${index}]`, item]));
}

function keyedByName(items: Json[]): Map<string, Json> | undefined {
  if (items.every((item) => !isObject(item) && !Array.isArray(item)))
    return new Map(items.map((item) => [`[=${quote(item)}]`, item]));
  if (items.every((item) => isObject(item) && typeof item.$ref === 'string'))
    return new Map(items.map((item) => [`[$ref=${quote((item as { $ref: string }).$ref)}]`, item]));
  if (items.every((item) => isObject(item) && typeof item.name === 'string'))
    return new Map(items.map((item) => [`[${named(item as { name: string; in?: Json })}]`, item]));
  return undefined;
}

function named(item: { name: string; in?: Json }): string {
  return typeof item.in === 'string'
    ? `in=${quote(item.in)},name=${quote(item.name)}`
    : `name=${quote(item.name)}`;
}

function member(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${quote(key)}]`;
}

function quote(value: Json): string {
  return typeof value === 'string' ? `'${value.replaceAll("'", "\\'")}'` : JSON.stringify(value);
}

function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The report as printed: each non-empty list under its heading. */
export function formatDiff(diff: DocumentDiff): string {
  const sections = (['removed', 'changed', 'added'] as const)
    .filter((kind) => diff[kind].length > 0)
    .map((kind) => `${kind} (${diff[kind].length}):\n${diff[kind].map((path) => `  ${path}`).join('\n')}`);
  return sections.length === 0 ? 'the documents are equal' : sections.join('\n');
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const [beforeFile, afterFile] = process.argv.slice(2);
  if (beforeFile === undefined || afterFile === undefined) {
    console.error('usage: npx tsx scripts/openapi-diff.ts <before.json> <after.json>');
    process.exit(2);
  }
  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Json;
  const diff = diffDocuments(read(beforeFile), read(afterFile));
  console.log(formatDiff(diff));
  process.exitCode = diff.removed.length + diff.changed.length > 0 ? 1 : 0;
}
