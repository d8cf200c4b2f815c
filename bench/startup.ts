/**
 * Start-up: the time a fresh Node process takes to load each entry, minus `node -e 0`'s, on
 * Node 20 (the machine's, /usr/bin/node) and on the development Node (24), by `import` (ESM) and
 * by `require` (CommonJS), every case interleaved with its baseline in one run, median of 31
 * runs each. The package is loaded by name from the repository (its exports map, the built dist):
 * run `npm run build` first. Run: npm run bench:startup (RUNS to change the count).
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.RUNS ?? 31);

/** The Nodes measured: the machine's Node 20, and the one running this bench (npm's `node@24`). */
const NODES: Record<string, string> = { 'Node 20': '/usr/bin/node', 'Node 24': process.execPath };

/** What each process does, by name; the first is the baseline the others are measured against. */
const CASES: Record<string, string[]> = {
  'node -e 0 (baseline)': ['-e', '0'],
  "import 'pix-payments/webhooks'": ['--input-type=module', '-e', "await import('pix-payments/webhooks')"],
  "require('pix-payments/webhooks')": ['-e', "require('pix-payments/webhooks')"],
  "import 'pix-payments'": ['--input-type=module', '-e', "await import('pix-payments')"],
  "require('pix-payments')": ['-e', "require('pix-payments')"],
  "import 'zod/mini' (reference)": ['--input-type=module', '-e', "await import('zod/mini')"],
};

/** The issue's targets for the added time, in ms, on both Nodes and both module systems. */
const TARGETS: Record<string, number> = { 'pix-payments/webhooks': 20, 'pix-payments': 35 };

/** One fresh process, its wall time in ms. */
function once(node: string, args: string[]): number {
  const start = process.hrtime.bigint();
  const result = spawnSync(node, args, { cwd: ROOT, stdio: 'ignore' });
  if (result.status !== 0) throw new Error(`${node} ${args.join(' ')} failed`);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

export async function benchStartup(runs = RUNS): Promise<string> {
  const sections: string[] = [];
  for (const [nodeName, node] of Object.entries(NODES)) {
    const version = spawnSync(node, ['-v'], { encoding: 'utf8' }).stdout.trim();
    const samples = Object.fromEntries(Object.keys(CASES).map((name) => [name, [] as number[]]));
    for (const args of Object.values(CASES)) once(node, args); // warm the file cache
    // Interleaved: each run measures every case once, in an order that rotates from run to run.
    const names = Object.keys(CASES);
    for (let i = 0; i < runs; i++)
      for (let j = 0; j < names.length; j++) {
        const name = names[(i + j) % names.length] as string;
        samples[name]?.push(once(node, CASES[name] as string[]));
      }
    const base = median(samples['node -e 0 (baseline)'] ?? []);
    const rows = Object.entries(samples).map(([name, values]) => {
      const entry = /'([^']+)'/.exec(name)?.[1] ?? '';
      const target = TARGETS[entry];
      const added = median(values) - base;
      const verdict =
        target === undefined ? '' : `${added <= target ? 'met' : 'missed'} (at most +${target})`;
      return `| ${name} | ${median(values).toFixed(1)} | ${name.startsWith('node -e') ? '' : `+${added.toFixed(1)}`} | ${verdict} |`;
    });
    sections.push(
      [
        `#### ${nodeName} (${version}), ${runs} interleaved runs`,
        '',
        '| process | median ms | added over `node -e 0`, ms | target |',
        '|---|---:|---:|---|',
        ...rows,
      ].join('\n'),
    );
  }
  return [
    ...sections,
    '',
    "Both entries carry the parts of zod they use, bundled into dist/ (the reference row is what loading zod's own modules costs: `import 'zod/mini'`); the main entry loads no HTTP library (its transport is a loop over fetch).",
  ].join('\n\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await benchStartup());
}
