/** The built OpenAPI document and the real OpenAPI tools run on it: Redocly CLI and Prism. */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { ROOT } from '../package/consumer.js';

/** The shipped document, written by the build. */
export const OPENAPI_FILE = join(ROOT, 'dist/openapi.json');

/** The shipped document, read at run time (the type check runs before the build). */
export function shippedDocument(): unknown {
  if (!existsSync(OPENAPI_FILE))
    throw new Error('dist/openapi.json is missing: run `npm run build` first (npm test does)');
  return JSON.parse(readFileSync(OPENAPI_FILE, 'utf8'));
}

const bin = (name: string) => join(ROOT, 'node_modules/.bin', name);
/** No telemetry, no update notice: the tools run offline and quietly. */
const QUIET = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };

/** What Redocly's lint found, with the recommended ruleset of redocly.yaml. */
export interface LintTotals {
  errors: number;
  warnings: number;
  problems: { ruleId: string; message: string }[];
}

/** Runs `redocly lint <file>` and reads its JSON report (the exit code says only "errors or not"). */
export function redoclyLint(file: string): Promise<LintTotals> {
  return new Promise((resolve, reject) => {
    const args = ['lint', file, '--config', join(ROOT, 'redocly.yaml'), '--format', 'json'];
    execFile(bin('redocly'), args, { cwd: ROOT, env: QUIET, encoding: 'utf8' }, (_error, stdout, stderr) => {
      try {
        const report = JSON.parse(stdout);
        resolve({ ...report.totals, problems: report.problems });
      } catch {
        reject(new Error(`redocly lint gave no report:\n${stdout}${stderr}`));
      }
    });
  });
}

/** A free local port (the kernel's pick, released for Prism to take). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A running Prism proxy and everything it logged. */
export interface Prism {
  url: string;
  /** Everything Prism logged so far. */
  log(): string;
  /** Resolves once the log matches `pattern` (its lines arrive a little after the answers). */
  waitForLog(pattern: RegExp, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts `prism proxy <document> <upstream> --errors`: every request and answer is validated
 * against the document, and a violation turns into an error answer (and a log line).
 */
export async function startPrismProxy(
  document: string,
  upstream: string,
  startupMs = 20_000,
): Promise<Prism> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    bin('prism'),
    ['proxy', document, upstream, '--errors', '--host', '127.0.0.1', '--port', String(port)],
    { cwd: ROOT, env: QUIET, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Prism did not start in ${startupMs} ms:\n${output}`)),
      startupMs,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Prism is listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`Prism exited:\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    log: () => output,
    waitForLog: async (pattern, timeoutMs = 5_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(output)) {
        if (Date.now() > deadline) throw new Error(`Prism never logged ${pattern}:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: async () => {
      child.kill();
      await exited;
    },
  };
}
