/**
 * The app's own zod (npm run test:zod-floor). pix-payments bundles the zod it runs on into dist/
 * (zod's ESM build): the lowest version its `zod` range admits (`^4.x.y` → 4.x.y), which the
 * lockfile pins (test/package/packaging.test.ts checks the built dist/ against `floorOfRange`). A merchant's app often has a zod of its own, which npm
 * shares with the SDK's range for the types; the exported schemas must keep working with it, from
 * that floor to the latest 4.x: `z.parse`, composition in the app's `z.object`,
 * `extend`/`partial`/`pick`, `toJSONSchema`, at run time and in types.
 *
 * For each version: the built package is packed as it would be published, installed with that zod
 * into .tmp/zod-floor/<version>, and scripts/zod-compat/ is run there: check.mjs (ES modules) and
 * check.cjs (CommonJS) on Node 20 (the machine's) and the development Node, and types.ts as an ES
 * module (`.mts`) and as CommonJS (`.cts`) through `tsc`. Run `npm run build` first.
 *
 * `tsx scripts/zod-floor.ts 4.3.6` checks another version instead.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(import.meta.dirname, '..');
/** The machine's Node 20, the published package's runtime floor; and the Node running this. */
const NODES = ['/usr/bin/node', process.execPath];

function run(command: string, args: string[], cwd = ROOT): string {
  console.log(`$ ${command} ${args.join(' ')}`);
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
}

const versionIn = (dir: string) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;

/** The lowest version of `^4.x.y` (or `>=4.x.y`): the one bundled, the oldest an app may have. */
export function floorOfRange(): string {
  const range = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).dependencies.zod ?? '';
  const match = /^(?:\^|>=)?\s*(\d+\.\d+\.\d+)$/.exec(range.trim());
  if (match === null) throw new Error(`package.json's zod range "${range}" is not ^x.y.z: no single floor`);
  return match[1] as string;
}

/** The newest 4.x on the registry. */
function latestZod4(): string {
  const versions = JSON.parse(run('npm', ['view', 'zod@4', 'version', '--json'])) as string | string[];
  return typeof versions === 'string' ? versions : (versions.at(-1) as string);
}

/** The built package as it would be published: the tarball's path. */
function pack(into: string): string {
  if (!existsSync(join(ROOT, 'dist/index.js'))) throw new Error('dist/ is missing: run npm run build first');
  mkdirSync(into, { recursive: true });
  const name = run('npm', ['pack', '--silent', '--pack-destination', into]).trim().split('\n').at(-1);
  return join(into, name as string);
}

function checkAppZod(version: string, tarball: string): void {
  const dir = join(ROOT, '.tmp/zod-floor', version);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
  run(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--no-package-lock',
      '--ignore-scripts',
      tarball,
      `zod@${version}`,
    ],
    dir,
  );
  // The app's zod is the version asked for, and the one the SDK's declarations use: no nested copy.
  const appZod = versionIn(join(dir, 'node_modules/zod'));
  if (appZod !== version) throw new Error(`asked npm for zod ${version}, got ${appZod}`);
  if (existsSync(join(dir, 'node_modules/pix-payments/node_modules/zod')))
    throw new Error(`npm gave the SDK a zod of its own beside the app's ${appZod}`);

  for (const file of ['checks.cjs', 'check.mjs', 'check.cjs'])
    copyFileSync(join(ROOT, 'scripts/zod-compat', file), join(dir, file));
  for (const node of NODES)
    for (const file of ['check.mjs', 'check.cjs']) process.stdout.write(run(node, [file], dir));

  for (const extension of ['mts', 'cts'])
    copyFileSync(join(ROOT, 'scripts/zod-compat/types.ts'), join(dir, `types.${extension}`));
  const tsconfig = {
    compilerOptions: {
      module: 'nodenext',
      moduleResolution: 'nodenext',
      target: 'es2022',
      strict: true,
      noEmit: true,
      // The declarations of the SDK and of both zods are checked too, as an app without it would.
      skipLibCheck: false,
      types: [],
    },
    files: ['types.mts', 'types.cts'],
  };
  writeFileSync(join(dir, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`);
  run(join(ROOT, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json'], dir);
  console.log(`zod floor: the app's zod ${version} passes (ESM and CommonJS, Node 20 and 24, types)`);
}

function main(): void {
  const versions = process.argv[2] ? [process.argv[2]] : [...new Set([floorOfRange(), latestZod4()])];
  const tarball = pack(join(ROOT, '.tmp/zod-floor'));
  for (const version of versions) checkAppZod(version, tarball);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
