/**
 * A real PostgreSQL for tests: `.ci/run` starts one and sets DATABASE_URL; without it, one is
 * started in a temporary data directory on a free loopback port (Debian's `postgresql` package
 * must be installed: apt-get install postgresql). `initdb` and `pg_ctl` live in
 * /usr/lib/postgresql/<version>/bin, not on PATH, and `initdb` refuses root: as root they run
 * under `runuser -u postgres`.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './redis.js';

/** The directory of Debian's newest PostgreSQL server binaries, if any is installed. */
export function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => existsSync(join(root, version, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(root, versions[0], 'bin');
}

/** Runs a PostgreSQL tool, as the `postgres` user when this process is root. */
function asPostgres(bin: string, tool: string, args: string[]): void {
  const command = join(bin, tool);
  const asRoot = process.getuid?.() === 0;
  execFileSync(asRoot ? 'runuser' : command, asRoot ? ['-u', 'postgres', '--', command, ...args] : args, {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

/** The URL of a PostgreSQL server (database `postgres`, user `postgres`), and how to stop it if this call started it. */
export async function postgresServer(): Promise<{ url: string; stop(): void }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: () => {} };
  const bin = postgresBinDir();
  if (bin === undefined)
    throw new Error('PostgreSQL is not installed (apt-get install postgresql), and DATABASE_URL is not set');
  const dir = mkdtempSync(join(tmpdir(), 'pix-payments-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freePort();
  asPostgres(bin, 'initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const settings = [
    `-p ${port}`,
    "-c listen_addresses='127.0.0.1'",
    `-c unix_socket_directories='${dir}'`,
    '-c max_connections=200',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ];
  asPostgres(bin, 'pg_ctl', ['-D', data, '-o', settings.join(' '), '-l', join(dir, 'log'), '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      try {
        asPostgres(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
