/**
 * Cold start: ky, the client's HTTP layer, is bundled into dist/ in a chunk of its own that the
 * client loads on its first request (src/core/ky.ts). Importing or requiring either entry loads no
 * ky code; one request does load it (so this test can fail). Each case runs in a fresh process on
 * Node 24 and on the machine's Node 20, which records every dist/ file it loads: through module
 * hooks (`module.registerHooks` where it exists, else `module.register`) and `require.cache`.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeConsumer, NODE20, ROOT, run } from './consumer.js';

const DIST = join(ROOT, 'dist');

/** Records what a process loads, loads an entry, then makes one request if it is the client's. */
const PROBE = `
import { readFileSync, writeFileSync } from 'node:fs';
import * as module from 'node:module';
import { pathToFileURL } from 'node:url';

const [how, target, log] = process.argv.slice(2);
const loaded = new Set();
if (typeof module.registerHooks === 'function') {
  module.registerHooks({
    load(url, context, next) {
      loaded.add(url);
      return next(url, context);
    },
  });
} else {
  writeFileSync(log, '');
  const hooks = \`import { appendFileSync } from 'node:fs';
let log;
export function initialize(data) { log = data.log; }
export async function load(url, context, next) { appendFileSync(log, url + '\\\\n'); return next(url, context); }\`;
  module.register('data:text/javascript,' + encodeURIComponent(hooks), import.meta.url, { data: { log } });
}
const require = module.createRequire(import.meta.url);
const files = () => [
  ...new Set([
    ...loaded,
    ...(typeof module.registerHooks === 'function' ? [] : readFileSync(log, 'utf8').split('\\n')),
    ...Object.keys(require.cache).map((path) => pathToFileURL(path).href),
  ]),
];

const sdk = how === 'require' ? require(target) : await import(pathToFileURL(target).href);
const atLoad = files();
let answer;
if (typeof sdk.PaymentsClient === 'function') {
  const client = new sdk.PaymentsClient({
    secretKey: 'sk_live_prod_' + 'S3cr3t'.repeat(5) + 'ab',
    baseUrl: 'https://api.psp.test',
    maxRetries: 0,
    fetch: async () =>
      new Response(JSON.stringify({ available: 12.5 }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  });
  answer = await client.balance.retrieve();
}
console.log(JSON.stringify({ atLoad, afterRequest: files(), answer }));
`;

interface Probe {
  atLoad: string[];
  afterRequest: string[];
  answer?: { available?: number };
}

// First: it says to build when dist/ is missing.
const dir = makeConsumer({ 'probe.mjs': PROBE });

/** Texts of ky's own code (its `TimeoutError`'s message, its `Ky` class's input check): none is ours. */
const KY_MARKERS = ['Request timed out: ', 'must be a string, URL, or Request'];

/** The dist/ files that hold ky's code, found by their content. */
const kyFiles = readdirSync(DIST)
  .filter((file) => /\.c?js$/.test(file))
  .filter((file) => {
    const text = readFileSync(join(DIST, file), 'utf8');
    return KY_MARKERS.some((marker) => text.includes(marker));
  });

function probe(node: string, how: 'import' | 'require', file: string): Probe {
  const log = join(dir, `loaded-${Math.random().toString(36).slice(2)}.log`);
  writeFileSync(log, '');
  const out = run(node, ['probe.mjs', how, join(DIST, file), log], dir);
  return JSON.parse(out.trim().split('\n').at(-1) as string) as Probe;
}

/** The dist/ files among the URLs a process loaded. */
const distFiles = (urls: string[]) =>
  urls.filter((url) => url.startsWith(`${pathToFileURL(DIST).href}/`)).map((url) => url.split('/').at(-1));

const NODES: [string, string][] = [
  [`Node ${process.versions.node.split('.')[0]}`, process.execPath],
  ['Node 20', NODE20],
];

describe('ky, loaded on the first request only', () => {
  it('is bundled into dist/ in files of its own, for ESM and for CommonJS, apart from the entries', () => {
    expect(kyFiles.filter((file) => file.endsWith('.js')).length, 'an ESM chunk with ky').toBeGreaterThan(0);
    expect(
      kyFiles.filter((file) => file.endsWith('.cjs')).length,
      'a CommonJS chunk with ky',
    ).toBeGreaterThan(0);
    for (const entry of ['index', 'webhooks', 'qr', 'reports']) {
      expect(kyFiles).not.toContain(`${entry}.js`);
      expect(kyFiles).not.toContain(`${entry}.cjs`);
    }
  });

  describe.each(NODES)('on %s', (_name, node) => {
    it.each([
      ['import', 'index.js'],
      ['require', 'index.cjs'],
    ] as const)(
      "%s of the main entry (%s) loads no ky code; the client's first request does",
      (how, file) => {
        const { atLoad, afterRequest, answer } = probe(node, how, file);
        expect(distFiles(atLoad), 'the probe sees the entry it loads').toContain(file);
        expect(distFiles(atLoad).filter((loaded) => kyFiles.includes(loaded as string))).toEqual([]);
        expect(answer?.available).toBe(12.5);
        expect(
          distFiles(afterRequest).filter((loaded) => kyFiles.includes(loaded as string)).length,
        ).toBeGreaterThan(0);
      },
    );

    it.each([
      ['import', 'webhooks.js'],
      ['require', 'webhooks.cjs'],
    ] as const)('%s of the webhooks entry (%s) loads no ky code', (how, file) => {
      const { atLoad } = probe(node, how, file);
      expect(distFiles(atLoad), 'the probe sees the entry it loads').toContain(file);
      expect(distFiles(atLoad).filter((loaded) => kyFiles.includes(loaded as string))).toEqual([]);
    });
  });
});
