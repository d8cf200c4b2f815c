/**
 * Size budgets: each entry of the built package bundled with its dependencies (every export
 * kept), minified and gzipped, as a bundler would ship it; then where each entry's minified bytes
 * come from, package by package. Run: npm run size (after a build)
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type BuildResult, build } from 'esbuild';
import type { Options } from 'tsup';

/**
 * The budget of each entry in bytes (1 KB = 1,000 bytes) of minified + gzipped code, every export
 * kept; `undefined` means report only. History: the budgets were 35.5 KB (main) and 14 KB
 * (webhooks), and for a while they steered the design: schemas moved beside their users, zod's
 * format checks became plain functions, and at last the transport became its own loop over fetch
 * instead of ky (8.6 KB of main) to stay under them. Issue 40 turned that back: the stack is the
 * brief's (ky for HTTP, zod for schemas), neither is replaced to save bytes, and a budget is a
 * reason to look for waste, never to replace a library's feature. With ky back in the main entry
 * (lazily loaded, inlined by tsup like zod), the budgets became 45 KB and 18 KB. The second table
 * (`npm run size`) says where the bytes go: the SDK's own code, ky, zod, and any other package.
 */
export const BUDGETS: Record<string, number | undefined> = {
  'pix-payments': 45_000,
  'pix-payments/webhooks': 18_000,
  'pix-payments/qr': undefined,
  'pix-payments/reports': undefined,
  'pix-payments/opentelemetry': undefined,
  'pix-payments/mock': undefined,
};

/** Each entry's file in dist/. */
const FILES: Record<string, string> = {
  'pix-payments': 'index.js',
  'pix-payments/webhooks': 'webhooks.js',
  'pix-payments/qr': 'qr.js',
  'pix-payments/reports': 'reports.js',
  'pix-payments/opentelemetry': 'opentelemetry.js',
  'pix-payments/mock': 'mock.js',
};

export interface EntrySize {
  entry: string;
  minified: number;
  gzipped: number;
  budget: number | undefined;
}

/** An entry's file of a build in `dir`, bundled with all it imports and minified, as an app would. */
function bundle(
  entry: string,
  dir: string,
  sourcemap: boolean,
): Promise<BuildResult<{ write: false; metafile: false }>> {
  return build({
    stdin: { contents: `export * from './${FILES[entry]}';`, resolveDir: dir, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: entry === 'pix-payments/mock' ? 'node' : 'neutral',
    // The application's own copy of the OpenTelemetry API, a peer: not this entry's weight.
    external: ['@opentelemetry/api'],
    mainFields: ['module', 'main'],
    ...(sourcemap ? { sourcemap: 'external', outfile: join(dir, 'bundle.js') } : {}),
    write: false,
    logLevel: 'silent',
  }) as Promise<BuildResult<{ write: false; metafile: false }>>;
}

/** Measures every entry (the package must be built). */
export async function measureSizes(): Promise<EntrySize[]> {
  const sizes: EntrySize[] = [];
  for (const entry of Object.keys(FILES)) {
    const result = await bundle(entry, join(process.cwd(), 'dist'), false);
    const code = result.outputFiles[0]?.contents ?? new Uint8Array();
    sizes.push({
      entry,
      minified: code.byteLength,
      gzipped: gzipSync(code, { level: 9 }).byteLength,
      budget: BUDGETS[entry],
    });
  }
  return sizes;
}

/** An entry's minified bytes by where they come from. */
export interface EntryBreakdown {
  entry: string;
  /** The SDK's own code (src/), with the bundlers' glue (their helpers, the lazy-loading wrappers). */
  ours: number;
  ky: number;
  zod: number;
  /** Every other package bundled, by name (uqr, jose, msw...). */
  other: Record<string, number>;
  /** The whole minified bundle (the same code as `measureSizes` measures). */
  total: number;
}

/** The package a bundled file belongs to, or `undefined` for the SDK's own. */
function packageOf(path: string): string | undefined {
  return [...path.matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)/g)].at(-1)?.[1];
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A source map's `mappings`: for each generated line, its segments' columns and source indexes. */
function decodeMappings(mappings: string): { column: number; source: number | undefined }[][] {
  let source = 0;
  return mappings.split(';').map((line) => {
    let column = 0;
    return line
      .split(',')
      .filter((segment) => segment !== '')
      .map((segment) => {
        const values: number[] = [];
        let value = 0;
        let shift = 0;
        for (const char of segment) {
          const digit = BASE64.indexOf(char);
          value += (digit & 31) * 2 ** shift;
          if (digit & 32) shift += 5;
          else {
            values.push(value % 2 === 1 ? -(value - 1) / 2 : value / 2);
            value = 0;
            shift = 0;
          }
        }
        column += values[0] as number;
        if (values.length < 4) return { column, source: undefined };
        source += values[1] as number;
        return { column, source };
      });
  });
}

/**
 * Each entry's minified bytes by package. dist/ has ky and zod inlined (tsup's `noExternal`), so
 * the files a bundle of dist/ reads cannot tell them from the SDK's code. This builds the package
 * again as tsup.config.ts does, with source maps, into a temporary folder in node_modules/.cache (ESM only, no
 * declarations), bundles each entry as `measureSizes` does (the same minified code), and gives
 * each byte of it to the file it came from through the chain of source maps (src/ or a package in
 * node_modules). Bytes no source accounts for are the bundlers' glue, counted as ours.
 */
export async function measureBreakdown(): Promise<EntryBreakdown[]> {
  const { build: tsup } = await import('tsup');
  const { default: configs } = (await import('../tsup.config.js')) as unknown as { default: Options[] };
  const { writeMockEntry } = await import('../scripts/peer-entries.js');
  // Inside the repository, for the packages the build leaves out (msw: the mock's wrapper reads
  // the names its code exports, and the mock's bundle carries it).
  mkdirSync(join(process.cwd(), 'node_modules/.cache'), { recursive: true });
  const dir = mkdtempSync(join(process.cwd(), 'node_modules/.cache/pix-size-'));
  try {
    // The entries, then opentelemetry and the mock's code (each built on its own); not the CLI.
    for (const { onSuccess: _writesIntoDist, ...config } of configs.slice(0, 3)) {
      await tsup({
        ...config,
        config: false,
        outDir: dir,
        format: ['esm'],
        dts: false,
        sourcemap: true,
        clean: false,
        silent: true,
      });
    }
    await writeMockEntry(dir);
    const breakdowns: EntryBreakdown[] = [];
    for (const entry of Object.keys(FILES)) {
      const result = await bundle(entry, dir, true);
      const code = result.outputFiles.find((file) => file.path.endsWith('.js'));
      const map = result.outputFiles.find((file) => file.path.endsWith('.js.map'));
      if (code === undefined || map === undefined) throw new Error(`${entry}: esbuild wrote no code or map`);
      const parsed = JSON.parse(map.text) as { sources: string[]; sourceRoot?: string; mappings: string };
      // Absolute, so that a package's own source (ky's maps name ky/source/...) is known by its folder.
      const sources = parsed.sources.map((source) =>
        resolve(dirname(map.path), parsed.sourceRoot ?? '', source),
      );
      const breakdown: EntryBreakdown = {
        entry,
        ours: 0,
        ky: 0,
        zod: 0,
        other: {},
        total: code.contents.byteLength,
      };
      let attributed = 0;
      const lines = code.text.split('\n');
      for (const [index, segments] of decodeMappings(parsed.mappings).entries()) {
        const line = lines[index] ?? '';
        for (const [i, { column, source }] of segments.entries()) {
          if (source === undefined) continue;
          const bytes = Buffer.byteLength(line.slice(column, segments[i + 1]?.column ?? line.length));
          attributed += bytes;
          // A file of the build itself with no map of its own (the mock's wrapper) is ours.
          const path = sources[source] ?? '';
          const name = path.startsWith(`${dir}/`) ? undefined : packageOf(path);
          if (name === undefined) breakdown.ours += bytes;
          else if (name === 'ky' || name === 'zod') breakdown[name] += bytes;
          else breakdown.other[name] = (breakdown.other[name] ?? 0) + bytes;
        }
      }
      breakdown.ours += breakdown.total - attributed;
      breakdowns.push(breakdown);
    }
    return breakdowns;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/** The breakdown as a Markdown table, beside the minified size `measureSizes` measured on dist/. */
export function breakdownTable(breakdowns: EntryBreakdown[], sizes: EntrySize[]): string {
  return [
    '| entry | ours | ky | zod | other | total (minified) | dist/ minified |',
    '|---|---:|---:|---:|---|---:|---:|',
    ...breakdowns.map((b) => {
      const other = Object.entries(b.other)
        .sort(([, x], [, y]) => y - x)
        .map(([name, bytes]) => `${name} ${kb(bytes)}`)
        .join(', ');
      const dist = sizes.find((s) => s.entry === b.entry)?.minified;
      return `| \`${b.entry}\` | ${kb(b.ours)} | ${kb(b.ky)} | ${kb(b.zod)} | ${other || '—'} | ${kb(b.total)} | ${dist === undefined ? '' : kb(dist)} |`;
    }),
  ].join('\n');
}

/** The sizes as a Markdown table. */
export function sizeTable(sizes: EntrySize[]): string {
  return [
    '| entry | minified | minified + gzipped | budget |',
    '|---|---:|---:|---:|',
    ...sizes.map(
      (s) =>
        `| \`${s.entry}\` | ${kb(s.minified)} | ${kb(s.gzipped)} | ${s.budget === undefined ? 'report only' : `${kb(s.budget)} ${s.gzipped <= s.budget ? '✓' : '✗ over'}`} |`,
    ),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sizes = await measureSizes();
  console.log(sizeTable(sizes));
  console.log('\nMinified bytes by package (the same bundles, through their source maps):\n');
  console.log(breakdownTable(await measureBreakdown(), sizes));
  if (sizes.some((s) => s.budget !== undefined && s.gzipped > s.budget)) process.exitCode = 1;
}
