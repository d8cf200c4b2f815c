/**
 * Plumbing for the runtime matrix (run.ts): where it works, the shape of a table row, running
 * commands and consumers, and the reference mock with the webhook collector the consumers talk to.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { PaymentsClient } from 'pix-payments';
import { startMockServer } from 'pix-payments/mock';

export const ROOT = resolve(import.meta.dirname, '../..');
export const WORK = join(ROOT, '.tmp/ecosystem');
export const APP = join(WORK, 'app');
export const CHECKS = [
  'import',
  'charge',
  'payout',
  'reports',
  'qr',
  'errors',
  'webhook',
  'traces',
  'types',
] as const;
/** What a subscriber to the three channels sees in the scenario, where the runtime has them. */
const TRACES_EXPECTED =
  'attempt GET /v1/integrations/balance 200; call getBalance 200 1; webhook transaction.completed handled';
export type Check = (typeof CHECKS)[number];
export type Row = { name: string; cells: Partial<Record<Check, boolean>>; detail?: string | undefined };
/** What every consumer is given: where the mock and the collector listen, and the webhook's secret. */
export type ConsumerEnv = Record<'MOCK_URL' | 'SECRET_KEY' | 'COLLECTOR_URL' | 'WEBHOOK_SECRET', string>;

/** Runs a command to completion and returns its stdout; throws if it exits non-zero. */
export function sh(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): string {
  return execFileSync(command, args, {
    cwd,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 1 << 26,
  });
}

/** Runs one consumer in the consumer project and resolves with its stdout; rejects on failure or after 60 s. */
export function runConsumer(command: string, args: string[], env: Record<string, string>): Promise<string> {
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

/**
 * What scenario.mjs reports for its own charge (12.34, paid) and payout (20.00, fee 5.00): the
 * payout may have moved on by the time it is listed.
 */
const REPORTS_EXPECTED =
  /^CASHIN COMPLETED 1 1234\/0\/1234, CASHOUT (PENDING|PROCESSING|COMPLETED) 1 2000\/500\/1500; csv ok$/;

/** The row for a smoke scenario's output: its last line is the JSON report of scenario.mjs. */
export function rowFrom(name: string, output: string): Row {
  const result = JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
  const row: Row = {
    name: `${name} (${String(result.runtime ?? '?')})`,
    cells: {
      import: result.import === true,
      charge: result.charge === 'COMPLETED',
      payout: result.payout === 'PENDING fee 5',
      reports: typeof result.reports === 'string' && REPORTS_EXPECTED.test(result.reports),
      qr: result.qr === true,
      errors: result.errors === true,
      webhook: result.webhook === true,
    },
  };
  // Blank where the runtime has no node:diagnostics_channel (workerd without nodejs_compat).
  if (result.traces !== 'none') row.cells.traces = result.traces === TRACES_EXPECTED;
  // A failed cell is explained by what the consumer reported.
  if (Object.values(row.cells).includes(false)) row.detail = JSON.stringify(result).slice(0, 400);
  return row;
}

/** The row for a consumer that did not report at all: its import cell fails, with the error as detail. */
export function failedRow(name: string, error: unknown): Row {
  return { name, cells: { import: false }, detail: (error as Error).message.slice(0, 400) };
}

/** A collector the mock delivers to; consumers fetch the raw delivery of their charge from it. */
export async function startCollector() {
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

/** Runs `use` against the reference mock, with a webhook registered to a collector; stops both after. */
export async function withMockService<T>(use: (env: ConsumerEnv) => Promise<T>): Promise<T> {
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
    return await use({
      MOCK_URL: mock.url,
      SECRET_KEY: mock.service.secretKey,
      COLLECTOR_URL: collector.url,
      WEBHOOK_SECRET: secret,
    });
  } finally {
    collector.close();
    await mock.close();
  }
}
