/**
 * The sandbox over real HTTP against a bare node:http server doing the same wire exchange.
 *
 * - The sandbox: `startMockServer({ deliverWebhooks: false })`.
 * - The baseline: a node:http server that reads and parses the JSON body and answers, for each
 *   path, a fixed record taken from the sandbox's own answer to it (same size), with the same
 *   headers (`content-type`, `x-request-id`, written as the adapter writes them).
 * - The load: bench/sandbox-load-child.mjs in its own process, 32 requests in flight, 40% creates,
 *   60% reads; the two servers in turn, several rounds (the machine is noisy).
 *
 * Prints req/s (median of the rounds) and p99 (of every request of every round) of both, and
 * their ratio, and the server's CPU time per request (this process: both servers live here, one
 * loaded at a time). Run: npm run bench:sandbox (ROUNDS, ROUND_MS to change the run; ONLY=sandbox
 * loads the sandbox alone, to profile it; npm run bench includes it: node --cpu-prof --import tsx bench/sandbox-http.bench.ts).
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startMockServer } from '../src/mock-entry.js';

const CONCURRENCY = 32;
const ROUNDS = Number(process.env.ROUNDS ?? 6);
const ROUND_MS = Number(process.env.ROUND_MS ?? 3_000);
const WARMUP_MS = 2_000;

interface RunResult {
  /** CPU time of this process (where both servers run, one loaded at a time) during the run, µs. */
  cpuMicros: number;
  /** The part of it spent in the kernel. */
  systemMicros: number;
  count: number;
  wallMs: number;
  errors: number;
  statuses: Record<string, number>;
  latencies: number[];
}

/** A record the sandbox answers, by path, for the baseline to answer in its place. */
async function sampleAnswers(url: string, secretKey: string) {
  const headers = { authorization: `Bearer ${secretKey}`, 'content-type': 'application/json' };
  const created = await fetch(`${url}/v1/integrations/create-transaction`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ amount: 12.34, referenceId: randomUUID() }),
  });
  const create = await created.json();
  const id = create.transactionId as string;
  const read = await (
    await fetch(`${url}/v1/integrations/list-transactions?transactionId=${id}`, { headers })
  ).json();
  const balance = await (await fetch(`${url}/v1/integrations/balance`, { headers })).json();
  return { id, create, read, balance };
}

/** The baseline: parse the JSON body, answer a fixed record of the path. */
function bareServer(answers: Awaited<ReturnType<typeof sampleAnswers>>): Promise<Server> {
  const answer = (req: IncomingMessage, text: string): [number, unknown] => {
    if (req.method === 'POST') {
      JSON.parse(text);
      return [201, answers.create];
    }
    return req.url?.startsWith('/v1/integrations/balance') ? [200, answers.balance] : [200, answers.read];
  };
  const server = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      text += chunk;
    });
    req.on('end', () => {
      const [status, body] = answer(req, text);
      res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': `req_${randomUUID()}` });
      res.end(JSON.stringify(body));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

/** The figures, as Markdown. */
export async function benchSandboxHttp(): Promise<string> {
  const lines: string[] = [];
  const sandbox = await startMockServer({ deliverWebhooks: false });
  const secretKey = sandbox.service.secretKey;
  const samples = await sampleAnswers(sandbox.url, secretKey);
  const bare = await bareServer(samples);
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
  const child = fork(new URL('./sandbox-load-child.mjs', import.meta.url), { execArgv: [] });
  const run = (url: string, ms: number) =>
    new Promise<RunResult>((resolve) => {
      const cpu = process.cpuUsage();
      child.once('message', (result) => {
        const { user, system } = process.cpuUsage(cpu);
        resolve({ ...(result as RunResult), cpuMicros: user + system, systemMicros: system });
      });
      child.send({ url, secretKey, ms, concurrency: CONCURRENCY, ids: [samples.id] });
    });
  const targets = { sandbox: sandbox.url, bare: bareUrl } as const;
  const figures = { sandbox: [] as RunResult[], bare: [] as RunResult[] };
  try {
    await run(bareUrl, WARMUP_MS);
    await run(sandbox.url, WARMUP_MS);
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate which goes first, so neither always follows the other.
      const order = round % 2 === 0 ? (['bare', 'sandbox'] as const) : (['sandbox', 'bare'] as const);
      for (const name of order) {
        if (process.env.ONLY === undefined || process.env.ONLY === name)
          figures[name].push(await run(targets[name], ROUND_MS));
      }
    }
  } finally {
    child.send('exit');
    await sandbox.close();
    await new Promise((resolve) => bare.close(resolve));
  }
  const summary = (results: RunResult[]) => ({
    rps: median(results.map((r) => (r.count / r.wallMs) * 1000)),
    rounds: results.map((r) => Math.round((r.count / r.wallMs) * 1000)),
    p50: percentile(
      results.flatMap((r) => r.latencies),
      50,
    ),
    p99: percentile(
      results.flatMap((r) => r.latencies),
      99,
    ),
    cpuPerRequest: median(results.map((r) => r.cpuMicros / r.count)),
    systemPerRequest: median(results.map((r) => r.systemMicros / r.count)),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    requests: results.reduce((sum, r) => sum + r.count, 0),
  });
  const s = summary(figures.sandbox);
  const b = summary(figures.bare);
  const row = (label: string, x: typeof s) =>
    `| ${label} | ${Math.round(x.rps).toLocaleString('en')} | ${x.p50.toFixed(1)} | ${x.p99.toFixed(1)} | ${Math.round(x.cpuPerRequest)} (${Math.round(x.systemPerRequest)}) | ${x.requests.toLocaleString('en')} | ${x.errors} | ${x.rounds.map((r) => r.toLocaleString('en')).join(', ')} |`;
  lines.push(
    `Node ${process.version}, ${CONCURRENCY} in flight, 40% creates / 60% reads, ${ROUNDS} rounds of ${ROUND_MS} ms each, interleaved\n`,
  );
  lines.push(
    '| server | req/s (median) | p50 ms | p99 ms | server CPU µs/req (system) | requests | errors | req/s by round |',
  );
  lines.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  lines.push(row('bare node:http (baseline)', b));
  lines.push(row('startMockServer', s));
  lines.push(
    `\nsandbox ÷ bare: ${(s.rps / b.rps).toFixed(2)} in req/s (target ≥ 0.5); p99 ${(s.p99 / b.p99).toFixed(2)}× the bare server's (target ≤ 2); ${(b.cpuPerRequest / s.cpuPerRequest).toFixed(2)} in server CPU time per request (the steadier figure when other processes share the machine)`,
  );
  if (s.errors > 0 || b.errors > 0) {
    lines.push(`statuses: ${JSON.stringify(figures.sandbox.map((r) => r.statuses))}`);
    process.exitCode = 1;
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchSandboxHttp());
