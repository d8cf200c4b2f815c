/**
 * `npm run demo`: builds the package first only when `dist/` is older than what a build reads
 * (a build takes about 10 s on a small machine, so it says so before it starts), then runs
 * `demo/run.ts` in this process with the same arguments.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** What a build reads: a change to any of them makes `dist/` stale. */
export const BUILD_INPUTS = [
  'src',
  'scripts/openapi.ts',
  'scripts/peer-entries.ts',
  'tsup.config.ts',
  'tsconfig.build.json',
  'package.json',
];
/** What the demo loads from a build: without any of them `dist/` is stale. */
export const BUILD_OUTPUTS = ['dist/index.js', 'dist/mock.js', 'dist/qr.js', 'dist/webhooks.js'];

/** The modification times of a file, or of every file below a folder; none for a missing path. */
function mtimes(path: string): number[] {
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(path);
  } catch {
    return [];
  }
  if (!stat.isDirectory()) return [stat.mtimeMs];
  return readdirSync(path).flatMap((name) => mtimes(join(path, name)));
}

/**
 * True when `dist/` under `root` holds every output the demo loads and each of its files is at
 * least as new as every build input: then a build would write the same files again.
 */
export function distIsCurrent(root: string): boolean {
  if (BUILD_OUTPUTS.some((file) => mtimes(join(root, file)).length === 0)) return false;
  const oldestOutput = Math.min(...mtimes(join(root, 'dist')));
  return BUILD_INPUTS.every((input) => mtimes(join(root, input)).every((time) => time <= oldestOutput));
}

async function main(): Promise<void> {
  const root = resolve(import.meta.dirname, '..');
  if (distIsCurrent(root)) {
    console.log('dist/ is newer than src/: running the demo without a rebuild.');
  } else {
    console.log('Building the package into dist/ (tsup, about 10 seconds)...');
    const tsup = createRequire(import.meta.url).resolve('tsup/dist/cli-default.js');
    const build = spawnSync(process.execPath, [tsup, '--silent'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) {
      console.error('The build failed (see above); run `npm run build` to see it again.');
      process.exit(build.status ?? 1);
    }
    console.log('Built. Starting the demo...');
  }
  await import(pathToFileURL(join(root, 'demo/run.ts')).href);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
