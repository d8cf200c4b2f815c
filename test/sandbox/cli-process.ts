/** The built `pix-payments-mock` (dist/cli.js) as a child process, stopped after each test. */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterEach } from 'vitest';
import { bannerOf } from '../mock/harness.js';

/** The built CLI (`pix-payments-mock`). */
export const CLI = resolve(import.meta.dirname, '../../dist/cli.js');

/** What a started CLI printed, read from its banner. */
export interface RunningCli {
  child: ChildProcess;
  banner: string;
  url: string;
  secretKey: string;
  publicKey: string;
  userToken: string;
  /** The signing secret of `--forward-to`, when given. */
  signingSecret: string | undefined;
}

const field = (banner: string, label: string) => new RegExp(`^ {2}${label} +(\\S+)`, 'm').exec(banner)?.[1];

/** Runs a command to its end; answers its exit code, stdout and stderr. */
export function runCommand(
  command: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string>; clean?: boolean } = {},
): Promise<{ code: number; out: string; err: string }> {
  // `clean`: `env` alone, not added to this process's environment.
  const env = options.clean ? options.env : { ...process.env, ...options.env };
  return new Promise((done) => {
    execFile(command, args, { cwd: options.cwd, env, encoding: 'utf8' }, (error, out, err) =>
      done({ code: error === null ? 0 : Number(error.code ?? 1), out, err }),
    );
  });
}

/** Runs the CLI with `args` to its end (a refusal, or --help). */
export const runCli = (...args: string[]) => runCommand(process.execPath, [CLI, ...args]);

/** Starts CLIs for the current test file, each stopped (SIGINT) after its test. */
export function useCli() {
  const running: ChildProcess[] = [];
  afterEach(async () => {
    await Promise.all(
      running.splice(0).map((child) => {
        if (child.exitCode !== null || child.signalCode !== null) return undefined;
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGINT');
        return exited;
      }),
    );
  });
  return async function startCli(...args: string[]): Promise<RunningCli> {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    running.push(child);
    const banner = await bannerOf(child);
    return {
      child,
      banner,
      url: field(banner, 'Base URL') as string,
      secretKey: field(banner, 'Secret key') as string,
      publicKey: field(banner, 'Public key') as string,
      userToken: field(banner, 'User token') as string,
      signingSecret: field(banner, 'Signing key'),
    };
  };
}
