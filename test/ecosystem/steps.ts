/** The steps of the runtime matrix (run.ts), in the order it takes them, and the consumers it runs. */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import {
  APP,
  CHECKS,
  type ConsumerEnv,
  failedRow,
  ROOT,
  type Row,
  rowFrom,
  runConsumer,
  sh,
  WORK,
} from './harness.js';

/** The matrix's own modules: everything else in this folder is a consumer fixture copied into the app. */
const HARNESS_FILES = new Set(['run.ts', 'steps.ts', 'harness.ts']);

/** The part of Miniflare used here (it is installed in the consumer project, not in this repo). */
interface MiniflareModule {
  Miniflare: new (
    options: Record<string, unknown>,
  ) => {
    dispatchFetch(url: string): Promise<Response>;
    dispose(): Promise<void>;
  };
}

const bin = (path: string) => join(APP, 'node_modules', path);
/** The consumers run as child processes: [row name, executable, arguments]. */
const PROCESS_CONSUMERS: [string, string, string[]][] = [
  ['node 20 ESM', '/usr/bin/node', ['smoke.mjs']],
  ['node 20 CJS', '/usr/bin/node', ['smoke.cjs']],
  ['node 22 ESM', bin('node22/bin/node'), ['smoke.mjs']],
  ['node 22 CJS', bin('node22/bin/node'), ['smoke.cjs']],
  ['node 24 ESM', bin('node24/bin/node'), ['smoke.mjs']],
  ['node 24 CJS', bin('node24/bin/node'), ['smoke.cjs']],
  ['node latest ESM', bin('node-latest/bin/node'), ['smoke.mjs']],
  ['node latest CJS', bin('node-latest/bin/node'), ['smoke.cjs']],
  ['bun ESM', bin('.bin/bun'), ['smoke.mjs']],
  ['bun CJS', bin('.bin/bun'), ['smoke.cjs']],
  ['deno ESM', bin('.bin/deno'), ['run', '--allow-all', 'smoke.mjs']],
];

/** Starts from an empty .tmp/ecosystem with an empty consumer project in it. */
export function resetWorkspace(): void {
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(APP, { recursive: true });
}

/** Packs the built package as it would be published and returns the tarball's path. */
export function packTarball(): string {
  console.log('packing the built package…');
  const output = sh('npm', ['pack', '--silent', '--pack-destination', WORK], ROOT);
  return join(WORK, output.trim().split('\n').at(-1) as string);
}

/** Installs the tarball with Node 20's own npm: the package's engines floor must not warn EBADENGINE there. */
export function checkNode20Install(tarball: string): Row {
  const node20Dir = join(WORK, 'node20-install');
  mkdirSync(node20Dir);
  writeFileSync(join(node20Dir, 'package.json'), JSON.stringify({ name: 'n20', private: true }));
  const npmCli = join(
    execFileSync(
      '/usr/bin/node',
      [
        '-p',
        "require('path').dirname(require.resolve('npm/package.json', { paths: [require('path').join(process.execPath, '../../lib/node_modules')] }))",
      ],
      { encoding: 'utf8' },
    ).trim(),
    'bin/npm-cli.js',
  );
  // npm writes its warnings to stderr: both streams are searched.
  const install20 = spawnSync('/usr/bin/node', [npmCli, 'install', '--no-audit', '--no-fund', tarball], {
    cwd: node20Dir,
    encoding: 'utf8',
  });
  const clean = install20.status === 0 && !/EBADENGINE/.test(`${install20.stdout}${install20.stderr}`);
  return { name: 'npm install on Node 20 (no EBADENGINE)', cells: { import: clean } };
}

/** Copies the consumer fixtures into the app and installs the tarball and every runtime from npm. */
export function installConsumerApp(tarball: string): void {
  console.log('installing the tarball and the runtimes into the consumer project…');
  for (const file of readdirSync(import.meta.dirname)) {
    if (/\.(mjs|cjs|ts|json)$/.test(file) && !HARNESS_FILES.has(file))
      cpSync(join(import.meta.dirname, file), join(APP, file));
  }
  const allowScripts = { node: true, bun: true, deno: true, workerd: true };
  writeFileSync(join(APP, 'package.json'), JSON.stringify({ name: 'consumer', private: true, allowScripts }));
  const runtimes = ['node22@npm:node@22', 'node24@npm:node@24', 'node-latest@npm:node@latest', 'bun', 'deno'];
  // No uqr: pix-payments/qr bundles it, so the QR cells also show that nothing else is needed.
  sh('npm', ['install', '--no-audit', '--no-fund', tarball, ...runtimes, 'miniflare'], APP);
}

/** Runs the smoke scenario on every Node, Bun and Deno consumer, one after another, a row each. */
export async function runSmokeInProcesses(env: ConsumerEnv): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [name, command, args] of PROCESS_CONSUMERS) {
    console.log(`running: ${name}`);
    try {
      rows.push(rowFrom(name, await runConsumer(command, args, env)));
    } catch (error) {
      rows.push(failedRow(name, error));
    }
  }
  return rows;
}

/**
 * Bundles worker.mjs with the workerd export conditions and runs it in workerd through Miniflare,
 * with or without `nodejs_compat` (with it, the SDK publishes its traces there too).
 */
export async function runSmokeInWorkerd(env: ConsumerEnv, nodejsCompat = false): Promise<Row> {
  const name = nodejsCompat ? 'workerd ESM, nodejs_compat' : 'workerd ESM';
  console.log(`running: ${name} (Miniflare)`);
  try {
    const bundled = await build({
      entryPoints: [join(APP, 'worker.mjs')],
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      conditions: ['workerd', 'worker', 'import'],
      mainFields: ['module', 'main'],
      write: false,
      absWorkingDir: APP,
      logLevel: 'silent',
    });
    const { Miniflare } = (await import(
      join(APP, 'node_modules/miniflare/dist/src/index.js')
    )) as MiniflareModule;
    const mf = new Miniflare({
      modules: true,
      script: bundled.outputFiles[0]?.text ?? '',
      compatibilityDate: '2025-09-01',
      compatibilityFlags: nodejsCompat ? ['nodejs_compat'] : [],
      bindings: env,
    });
    try {
      const response = await mf.dispatchFetch('http://worker/');
      return rowFrom(name, await response.text());
    } finally {
      await mf.dispose();
    }
  } catch (error) {
    return failedRow(name, error);
  }
}

/** Type-checks types.ts strictly against the installed .d.ts files under node16 and bundler resolution. */
export function typeCheckConsumers(): Row[] {
  return ['node16', 'bundler'].map((resolution): Row => {
    console.log(`type-checking: TypeScript consumer (${resolution})`);
    try {
      const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
      sh(process.execPath, [tsc, '-p', `tsconfig.${resolution}.json`], APP);
      return {
        name: `TypeScript ${resolution}, strict, skipLibCheck false, no @types/node`,
        cells: { types: true },
      };
    } catch (error) {
      const failure = error as { stdout?: string };
      return {
        name: `TypeScript ${resolution}`,
        cells: { types: false },
        detail: failure.stdout?.slice(0, 400),
      };
    }
  });
}

/** A row fails when any of its cells does; one such row makes the run exit 1. */
export const hasFailure = (row: Row) => Object.values(row.cells).some((ok) => ok === false);

/** Prints the runtime × check table, then each failing row's detail, then the pass/fail tally. */
export function printSummary(rows: Row[]): void {
  const mark = (value: boolean | undefined) => (value === undefined ? '' : value ? '✓' : '✗');
  console.log(`\n| runtime | ${CHECKS.join(' | ')} |\n|---|${CHECKS.map(() => ':-:').join('|')}|`);
  for (const row of rows)
    console.log(`| ${row.name} | ${CHECKS.map((c) => mark(row.cells[c])).join(' | ')} |`);
  for (const row of rows.filter(hasFailure))
    console.log(`\n✗ ${row.name}: ${row.detail ?? 'a check failed'}`);
  const cells = rows.flatMap((row) => Object.values(row.cells));
  console.log(
    `\nruntimes: ${cells.filter(Boolean).length} passed, ${cells.filter((ok) => !ok).length} failed`,
  );
}
