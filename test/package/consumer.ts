/** Helpers for tests that use the built package the way a merchant's project would. */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
/** The machine's own Node (20), the runtime floor of the published package. */
export const NODE20 = '/usr/bin/node';

/** A throwaway project whose node_modules/pix-payments is this repository (built). */
export function makeConsumer(files: Record<string, string>): string {
  if (!existsSync(join(ROOT, 'dist/index.js'))) {
    throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
  }
  const dir = mkdtempSync(join(tmpdir(), 'pix-consumer-'));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(ROOT, join(dir, 'node_modules/pix-payments'), 'dir');
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

let packed: string | undefined;

/**
 * The built package packed as it would be published (`npm pack`), into a temporary folder: the
 * tarball's path. Packed once per test file's process, however many tests ask for it.
 */
export function packedTarball(): string {
  if (packed !== undefined) return packed;
  if (!existsSync(join(ROOT, 'dist/index.js'))) {
    throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
  }
  const into = mkdtempSync(join(tmpdir(), 'pix-pack-'));
  const name = run('npm', ['pack', '--silent', '--pack-destination', into], ROOT).trim().split('\n').at(-1);
  packed = join(into, name as string);
  return packed;
}

/** Runs a command in `cwd`, returning stdout; a non-zero exit throws with its output. */
export function run(command: string, args: string[], cwd: string): string {
  try {
    return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${stdout}${stderr}`);
  }
}

/** Like `run`, without blocking the event loop (for a consumer that calls a server in this process). */
export function runAsync(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { cwd, encoding: 'utf8', env: { ...process.env, ...env } },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${command} ${args.join(' ')} failed:\n${stdout}${stderr}`));
        else resolve(stdout);
      },
    );
  });
}

/** The dist files an entry loads, and the bare specifiers it imports. */
export function moduleGraph(entry: string): { files: string[]; external: string[] } {
  const files = new Set<string>();
  const external = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(join(ROOT, 'dist', file), 'utf8');
    // `from` after `}`, `*` or a space, so that a string such as "from" is not read as an import.
    for (const match of text.matchAll(/(?:(?<=[}*\s])from\s*|import\(|require\()\s*['"]([^'"]+)['"]/g)) {
      const specifier = match[1] as string;
      if (specifier.startsWith('./')) visit(specifier.slice(2));
      else external.add(specifier);
    }
  };
  visit(entry);
  return { files: [...files], external: [...external] };
}
