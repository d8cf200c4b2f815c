/**
 * The zod floor (npm run test:zod-floor): the lowest zod that package.json's range admits (`^4.x.y`
 * → 4.x.y) is installed into .tmp/zod-floor, then the project is type-checked against its types
 * and the schema, client and webhook tests run with `zod` resolved to it (a vitest alias; a setup
 * file checks that the aliased zod is the one loaded). As the runtime matrix does for Node, this
 * keeps the range honest: a newer zod in node_modules cannot hide a use of something the floor lacks.
 *
 * `tsx scripts/zod-floor.ts 4.3.6` checks another version instead (how the floor was found).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
/** The tests that exercise the schemas in-process, and the mock's that check its answers with them. */
const SUITE = [
  'test/schemas',
  'test/client',
  'test/webhooks',
  ...['charges', 'cashouts', 'webhooks', 'integrations'].map((name) => `test/mock/${name}.test.ts`),
];
/** Runs built dist/ in child processes, which resolve zod from node_modules, not through the alias. */
const EXCLUDE = ['test/webhooks/receiver-processes.test.ts'];

/** The lowest version of `^4.x.y` (or `>=4.x.y`): what package.json promises the SDK works with. */
function floorOfRange(): string {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const range = pkg.dependencies.zod ?? '';
  const match = /^(?:\^|>=)?\s*(\d+\.\d+\.\d+)$/.exec(range.trim());
  if (match === null) throw new Error(`package.json's zod range "${range}" is not ^x.y.z: no single floor`);
  return match[1] as string;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  console.log(`$ ${command} ${args.join(' ')}`);
  execFileSync(command, args, { cwd: ROOT, env, stdio: 'inherit' });
}

/** Installs exactly `version` of zod into `dir` (reused when already there) and returns zod's folder. */
function installZod(version: string, dir: string): string {
  const zodDir = join(dir, 'node_modules', 'zod');
  const installed = join(zodDir, 'package.json');
  if (existsSync(installed) && JSON.parse(readFileSync(installed, 'utf8')).version === version) return zodDir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
  execFileSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--no-package-lock', '--ignore-scripts', `zod@${version}`],
    { cwd: dir, stdio: 'inherit', timeout: 120_000 },
  );
  const got = JSON.parse(readFileSync(installed, 'utf8')).version;
  if (got !== version) throw new Error(`asked npm for zod ${version}, got ${got}`);
  return zodDir;
}

/** The `paths` of the project's tsconfig.json (plain JSON). */
function projectPaths(): Record<string, string[]> {
  return JSON.parse(readFileSync(join(ROOT, 'tsconfig.json'), 'utf8')).compilerOptions.paths ?? {};
}

/**
 * A tsconfig that extends the project's with `zod` and `zod/*` mapped to `zodDir`'s types: to the
 * declaration files themselves, as NodeNext resolution does not look into a mapped folder.
 */
function writeTsconfig(dir: string, zodDir: string): string {
  const file = join(dir, 'tsconfig.json');
  const config = {
    extends: join(ROOT, 'tsconfig.json'),
    compilerOptions: {
      paths: {
        // The project's own mappings, made absolute (a `paths` of an extending config replaces them).
        ...Object.fromEntries(
          Object.entries(projectPaths()).map(([name, targets]) => [
            name,
            targets.map((target) => join(ROOT, target)),
          ]),
        ),
        zod: [join(zodDir, 'index.d.ts')],
        'zod/*': [join(zodDir, '*/index.d.ts'), join(zodDir, '*.d.ts')],
      },
    },
  };
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  return file;
}

function main(): void {
  const version = process.argv[2] ?? floorOfRange();
  const dir = join(ROOT, '.tmp/zod-floor', version);
  console.log(`zod floor: checking against zod ${version}`);
  const zodDir = installZod(version, dir);
  run('npx', ['tsc', '--noEmit', '-p', writeTsconfig(dir, zodDir)]);
  const exclude = EXCLUDE.flatMap((file) => ['--exclude', file]);
  run('npx', ['vitest', 'run', '--config', 'scripts/zod-floor.vitest.config.ts', ...exclude, ...SUITE], {
    ...process.env,
    ZOD_FLOOR_DIR: zodDir,
    ZOD_FLOOR_VERSION: version,
  });
  console.log(`zod floor: zod ${version} passes`);
}

main();
