/**
 * Start-up: the time a fresh Node process takes to load each entry, minus `node -e 0`'s, on
 * Node 20 (the machine's, /usr/bin/node) and on the development Node (24), by `import` (ESM) and
 * by `require` (CommonJS), every case interleaved with its baseline in one run, median of 31
 * runs each. The package is loaded by name from the repository (its exports map, the built dist):
 * run `npm run build` first. Run: npm run bench:startup (RUNS to change the count).
 *
 * In the same interleaved run, the same entries of the package as built at BASELINE (9384c26, the
 * last commit whose transport was its own loop over fetch, before ky came back) are loaded the
 * same way, by name from a copy of that commit built with this repository's node_modules (made
 * once, under the system's temporary folder, and kept). Issue 40's rule: for each entry and
 * module system, the added time now is at most the baseline's + 3 ms.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.RUNS ?? 31);

/** The commit compared with, and how much more the added time may be now, in ms. */
export const BASELINE = '9384c26';
const BASELINE_ALLOWANCE = 3;

/** The Nodes measured: the machine's Node 20, and the one running this bench (npm's `node@24`). */
const NODES: Record<string, string> = { 'Node 20': '/usr/bin/node', 'Node 24': process.execPath };

/** Where a case runs: this repository, or the baseline's built copy. */
type Where = 'now' | 'baseline';

interface Case {
  args: string[];
  where: Where;
}

const LOADS: Record<string, string[]> = {
  "import 'pix-payments/webhooks'": ['--input-type=module', '-e', "await import('pix-payments/webhooks')"],
  "require('pix-payments/webhooks')": ['-e', "require('pix-payments/webhooks')"],
  "import 'pix-payments'": ['--input-type=module', '-e', "await import('pix-payments')"],
  "require('pix-payments')": ['-e', "require('pix-payments')"],
};

/**
 * What each process does, by name; the first is the baseline the others are measured against.
 * Each entry at BASELINE comes right after the same entry now, so that the pair runs close in time.
 */
const CASES: Record<string, Case> = {
  'node -e 0 (baseline)': { args: ['-e', '0'], where: 'now' },
  ...Object.fromEntries(
    Object.entries(LOADS).flatMap(([name, args]) => [
      [name, { args, where: 'now' }],
      [`${name} at ${BASELINE}`, { args, where: 'baseline' }],
    ]),
  ),
  "import 'zod/mini' (reference)": {
    args: ['--input-type=module', '-e', "await import('zod/mini')"],
    where: 'now',
  },
};

/** The targets for the added time, in ms, on both Nodes and both module systems. */
const TARGETS: Record<string, number> = { 'pix-payments/webhooks': 20, 'pix-payments': 35 };

/**
 * The package as built at BASELINE: its tree (`git archive`, nothing of it enters this
 * repository) with this repository's node_modules, built by tsup. Made once per commit.
 */
export function baselinePackage(commit = BASELINE): string {
  const git = (...args: string[]) => {
    const result = spawnSync('git', ['-C', ROOT, ...args], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${result.stderr}`);
    return result.stdout.trim();
  };
  const hash = git('rev-parse', `${commit}^{commit}`);
  const dir = join(tmpdir(), 'pix-payments-baseline', hash);
  if (existsSync(join(dir, 'dist/index.cjs'))) return dir;
  const building = `${dir}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  const steps: [string, string[]][] = [
    ['sh', ['-c', `git -C '${ROOT}' archive ${hash} | tar -x -C '${building}'`]],
    [process.execPath, [join(ROOT, 'node_modules/tsup/dist/cli-default.js'), '--silent']],
  ];
  for (const [index, [command, args]] of steps.entries()) {
    if (index === 1) symlinkSync(join(ROOT, 'node_modules'), join(building, 'node_modules'), 'dir');
    const result = spawnSync(command, args, { cwd: building, encoding: 'utf8' });
    if (result.status !== 0) {
      throw new Error(
        `building ${commit} in ${building}: ${command} failed:\n${result.stdout}${result.stderr}`,
      );
    }
  }
  rmSync(dir, { recursive: true, force: true });
  renameSync(building, dir);
  return dir;
}

/** One fresh process, its wall time in ms. */
function once(node: string, args: string[], cwd: string): number {
  const start = process.hrtime.bigint();
  const result = spawnSync(node, args, { cwd, stdio: 'ignore' });
  if (result.status !== 0) throw new Error(`${node} ${args.join(' ')} failed in ${cwd}`);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

const signed = (ms: number) => `${ms < 0 ? '−' : '+'}${Math.abs(ms).toFixed(1)}`;

export async function benchStartup(runs = RUNS): Promise<string> {
  const dirs: Record<Where, string> = { now: ROOT, baseline: baselinePackage() };
  const sections: string[] = [];
  for (const [nodeName, node] of Object.entries(NODES)) {
    const version = spawnSync(node, ['-v'], { encoding: 'utf8' }).stdout.trim();
    const samples = Object.fromEntries(Object.keys(CASES).map((name) => [name, [] as number[]]));
    const run = (name: string) => {
      const { args, where } = CASES[name] as Case;
      return once(node, args, dirs[where]);
    };
    for (const name of Object.keys(CASES)) run(name); // warm the file cache
    // Interleaved: each run measures every case once, in an order that rotates from run to run.
    const names = Object.keys(CASES);
    for (let i = 0; i < runs; i++)
      for (let j = 0; j < names.length; j++) {
        const name = names[(i + j) % names.length] as string;
        samples[name]?.push(run(name));
      }
    const base = median(samples['node -e 0 (baseline)'] ?? []);
    const added = (name: string) => median(samples[name] ?? []) - base;
    const rows = Object.entries(samples)
      .filter(([name]) => CASES[name]?.where === 'now')
      .map(([name, values]) => {
        const entry = /'([^']+)'/.exec(name)?.[1] ?? '';
        const target = TARGETS[entry];
        const verdict =
          target === undefined ? '' : `${added(name) <= target ? 'met' : 'missed'} (at most +${target})`;
        return `| ${name} | ${median(values).toFixed(1)} | ${name.startsWith('node -e') ? '' : signed(added(name))} | ${verdict} |`;
      });
    const against = Object.keys(LOADS).map((name) => {
      const now = added(name);
      const then = added(`${name} at ${BASELINE}`);
      const verdict = now - then <= BASELINE_ALLOWANCE ? `met (≤ +${BASELINE_ALLOWANCE} ms)` : 'missed';
      // The same difference run by run (each pair ran side by side): steadier on a busy machine.
      const old = samples[`${name} at ${BASELINE}`] ?? [];
      const paired = median((samples[name] ?? []).map((ms, i) => ms - (old[i] as number)));
      return `| ${name} | ${signed(then)} | ${signed(now)} | ${signed(now - then)} | ${signed(paired)} | ${verdict} |`;
    });
    sections.push(
      [
        `#### ${nodeName} (${version}), ${runs} interleaved runs`,
        '',
        '| process | median ms | added over `node -e 0`, ms | target |',
        '|---|---:|---:|---|',
        ...rows,
        '',
        `Against ${BASELINE} (its dist/, loaded by name, in the same interleaved run):`,
        '',
        `| process | added at ${BASELINE}, ms | added now, ms | now − ${BASELINE}, ms | median of the runs' differences, ms | at most +${BASELINE_ALLOWANCE} ms |`,
        '|---|---:|---:|---:|---:|---|',
        ...against,
      ].join('\n'),
    );
  }
  return [
    ...sections,
    '',
    "Both entries carry the parts of zod they use, bundled into dist/ (the reference row is what loading zod's own modules costs: `import 'zod/mini'`). The main entry's HTTP layer, ky, is bundled into a chunk of its own that the client loads on its first request: loading an entry loads no ky code (test/package/lazy-ky.test.ts).",
  ].join('\n\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await benchStartup());
}
