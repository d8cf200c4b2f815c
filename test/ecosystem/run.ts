/**
 * The runtime matrix (npm run test:runtimes): packs the built package, installs the tarball into
 * a consumer project, and runs the same smoke scenario on Node 20 (the machine's), Node 22, 24 and
 * the newest Node, Bun, Deno and Cloudflare's workerd, in ESM and CommonJS, then type-checks a
 * TypeScript consumer under node16 and bundler resolution. Every consumer talks to the reference
 * mock over HTTP on loopback. Prints a table runtime × check; exits 1 if any cell fails.
 */
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { PaymentsClient } from 'pix-payments';
import { startMockServer } from 'pix-payments/mock';

const ROOT = resolve(import.meta.dirname, '../..');
const WORK = join(ROOT, '.tmp/ecosystem');
const APP = join(WORK, 'app');
const CHECKS = ['import', 'charge', 'payout', 'errors', 'webhook', 'types'] as const;
type Check = (typeof CHECKS)[number];
type Row = { name: string; cells: Partial<Record<Check, boolean>>; detail?: string | undefined };

/** The part of Miniflare used here (it is installed in the consumer project, not in this repo). */
interface MiniflareModule {
  Miniflare: new (
    options: Record<string, unknown>,
  ) => {
    dispatchFetch(url: string): Promise<Response>;
    dispose(): Promise<void>;
  };
}

function sh(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  return execFileSync(command, args, {
    cwd,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 1 << 26,
  });
}

function runConsumer(command: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, {
      cwd: APP,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => {
      out += String(chunk);
    });
    child.stderr.on('data', (chunk) => {
      err += String(chunk);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) done(out);
      else fail(new Error(`${command} ${args.join(' ')} exited ${code}: ${err || out}`));
    });
  });
}

function rowFrom(name: string, output: string): Row {
  const result = JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
  return {
    name: `${name} (${String(result.runtime ?? '?')})`,
    cells: {
      import: result.import === true,
      charge: result.charge === 'COMPLETED',
      payout: result.payout === 'PENDING fee 5',
      errors: result.errors === true,
      webhook: result.webhook === true,
    },
  };
}

/** A collector the mock delivers to; consumers fetch the raw delivery of their charge from it. */
async function startCollector() {
  const deliveries = new Map<string, { body: string; headers: Record<string, string> }>();
  const server = createServer(async (req: IncomingMessage, res) => {
    if (req.method === 'POST') {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks).toString('utf8');
      const { event, data } = JSON.parse(body) as { event: string; data: { transactionId: string } };
      if (event === 'transaction.completed') {
        const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
        deliveries.set(data.transactionId, { body, headers });
      }
      res.writeHead(200).end();
      return;
    }
    const delivery = deliveries.get(req.url?.split('/').at(-1) ?? '');
    res
      .writeHead(delivery ? 200 : 404, { 'content-type': 'application/json' })
      .end(JSON.stringify(delivery ?? {}));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

async function main(): Promise<void> {
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(APP, { recursive: true });
  console.log('packing the built package…');
  const tarball = join(
    WORK,
    sh('npm', ['pack', '--silent', '--pack-destination', WORK], ROOT).trim().split('\n').at(-1) as string,
  );

  const rows: Row[] = [];
  // Installing on Node 20 prints no engine warning (the published package's floor).
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
  const install20 = execFileSync('/usr/bin/node', [npmCli, 'install', '--no-audit', '--no-fund', tarball], {
    cwd: node20Dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  rows.push({
    name: 'npm install on Node 20 (no EBADENGINE)',
    cells: { import: !/EBADENGINE/.test(install20) },
  });

  console.log('installing the tarball and the runtimes into the consumer project…');
  for (const file of readdirSync(import.meta.dirname)) {
    if (/\.(mjs|cjs|ts|json)$/.test(file) && file !== 'run.ts')
      cpSync(join(import.meta.dirname, file), join(APP, file));
  }
  writeFileSync(
    join(APP, 'package.json'),
    JSON.stringify({
      name: 'consumer',
      private: true,
      allowScripts: { node: true, bun: true, deno: true, workerd: true },
    }),
  );
  sh(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      tarball,
      'node22@npm:node@22',
      'node24@npm:node@24',
      'node-latest@npm:node@latest',
      'bun',
      'deno',
      'miniflare',
    ],
    APP,
  );

  const mock = await startMockServer();
  const collector = await startCollector();
  try {
    const panel = new PaymentsClient({
      baseUrl: mock.url,
      secretKey: mock.service.secretKey,
      userToken: () => mock.service.issueUserToken(),
    });
    const { secret } = await panel.webhooks.create({
      url: `${collector.url}/hook`,
      events: ['transaction.completed'],
    });
    const env = {
      MOCK_URL: mock.url,
      SECRET_KEY: mock.service.secretKey,
      COLLECTOR_URL: collector.url,
      WEBHOOK_SECRET: secret,
    };
    const bin = (path: string) => join(APP, 'node_modules', path);
    const consumers: [string, string, string[]][] = [
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
    for (const [name, command, args] of consumers) {
      console.log(`running: ${name}`);
      try {
        rows.push(rowFrom(name, await runConsumer(command, args, env)));
      } catch (error) {
        rows.push({ name, cells: { import: false }, detail: (error as Error).message.slice(0, 400) });
      }
    }

    console.log('running: workerd (Miniflare)');
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
        bindings: env,
      });
      try {
        const response = await mf.dispatchFetch('http://worker/');
        rows.push(rowFrom('workerd ESM', await response.text()));
      } finally {
        await mf.dispose();
      }
    } catch (error) {
      rows.push({
        name: 'workerd ESM',
        cells: { import: false },
        detail: (error as Error).message.slice(0, 400),
      });
    }
  } finally {
    collector.close();
    await mock.close();
  }

  for (const resolution of ['node16', 'bundler']) {
    console.log(`type-checking: TypeScript consumer (${resolution})`);
    try {
      sh(
        process.execPath,
        [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', `tsconfig.${resolution}.json`],
        APP,
      );
      rows.push({
        name: `TypeScript ${resolution}, strict, skipLibCheck false, no @types/node`,
        cells: { types: true },
      });
    } catch (error) {
      const failure = error as { stdout?: string };
      rows.push({
        name: `TypeScript ${resolution}`,
        cells: { types: false },
        detail: failure.stdout?.slice(0, 400),
      });
    }
  }

  const mark = (value: boolean | undefined) => (value === undefined ? '' : value ? '✓' : '✗');
  console.log(`\n| runtime | ${CHECKS.join(' | ')} |\n|---|${CHECKS.map(() => ':-:').join('|')}|`);
  for (const row of rows)
    console.log(`| ${row.name} | ${CHECKS.map((c) => mark(row.cells[c])).join(' | ')} |`);
  const failed = rows.filter((row) => Object.values(row.cells).some((ok) => ok === false));
  for (const row of failed) console.log(`\n✗ ${row.name}: ${row.detail ?? 'a check failed'}`);
  const cells = rows.flatMap((row) => Object.values(row.cells));
  console.log(
    `\nruntimes: ${cells.filter(Boolean).length} passed, ${cells.filter((ok) => !ok).length} failed`,
  );
  if (failed.length > 0) process.exitCode = 1;
}

await main();
