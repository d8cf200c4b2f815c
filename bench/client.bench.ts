/**
 * Client overhead: requests per second of `client.cashouts.retrieve()` against a local
 * node:http server answering a fixed record, at concurrency 1 and 32, as ratios to raw
 * `fetch` + `res.json()` and to ky with its default options, measured in the same run. The client
 * is the built package (what merchants run: tsx's transform adds a name-keeping wrapper to every
 * function of the sources). Run: npm run bench:client (on Node 24, then on the machine's Node 20)
 */
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import ky from 'ky';
import { createTransport, type Outgoing } from '../src/core/transport.js';
import { transactionRecord } from '../test/schemas/fixtures.js';
import { compare, type Figure, onBothNodes, table } from './harness.js';

// The built package, typed by its sources (a clean checkout is type-checked before it is built).
const { PaymentsClient } = (await import('../dist/index.js' as string)) as typeof import('../src/index.js');

/** The answer every figure reads: a completed payout, 26 fields. */
export const record = JSON.stringify({
  ...transactionRecord,
  status: 'COMPLETED',
  endToEndId: 'E99999999202611211000ABCDEFGHIJK',
});

export async function benchClient(): Promise<string> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'req_bench' });
    res.end(record);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = new PaymentsClient({ secretKey: `sk_live_prod_${'a'.repeat(32)}`, baseUrl: base });
  const headers = { authorization: `Bearer sk_live_prod_${'a'.repeat(32)}`, accept: 'application/json' };
  const url = `${base}/v1/integrations/cashout/7`;
  // The client's transport alone: ky with the payment retry rules (the per-attempt closure, its
  // timeout and body read, the verdict that logs a retried attempt), without the core
  // (validation both ways, idempotency, headers, decoding). It tells the transport's cost from
  // the client's own.
  const transport = createTransport({ fetch: undefined });
  const outgoing: Outgoing = {
    method: 'GET',
    url,
    headers,
    body: undefined,
    timeout: 30_000,
    maxRetries: 2,
    signal: undefined,
    secrets: [],
    mayRetry: true,
    expectsJson: true,
    log: () => {},
  };
  const sections: string[] = [];
  for (const concurrency of [1, 32]) {
    const times = (task: () => Promise<unknown>) => () =>
      Promise.all(Array.from({ length: concurrency }, task));
    const figures = await compare(
      {
        'raw fetch + res.json() (baseline)': times(async () => (await fetch(url, { headers })).json()),
        // ky as it comes (a GET is retried twice by default), as the client's calls are.
        'ky, default options': times(() => ky.get(url, { headers }).json()),
        "the client's transport alone (ky with the payment rules)": times(() => transport(outgoing)),
        'client.cashouts.retrieve()': times(async () => client.cashouts.retrieve(7)),
      },
      { samples: 7, sampleMs: 400 },
    );
    const figure = (name: string) => figures.find((one) => one.name === name) as Figure;
    const [ours, viaKy] = [figure('client.cashouts.retrieve()'), figure('ky, default options')];
    const perRequest = (one: Figure) => ((one.cpuMicrosPerOp ?? Number.NaN) / concurrency).toFixed(0);
    sections.push(
      [
        `#### Concurrency ${concurrency} (ops are batches of ${concurrency} requests)`,
        table(figures, 'raw fetch + res.json() (baseline)'),
        `The client ÷ ky with its default options: **${(ours.opsPerSecond / viaKy.opsPerSecond).toFixed(2)}** in requests per second; **${((viaKy.cpuMicrosPerOp ?? Number.NaN) / (ours.cpuMicrosPerOp ?? Number.NaN)).toFixed(2)}** in CPU time per request (${perRequest(ours)} µs against ${perRequest(viaKy)} µs, the local server's share included), the steadier figure when other processes share the machine.`,
      ].join('\n\n'),
    );
  }
  server.closeAllConnections();
  server.close();
  return `${sections.join('\n\n')}\n\nTarget: at concurrency 32, at least 0.9 of ky with its default options. The ratio to raw fetch is reported beside it: ky itself runs at about 0.6 of raw fetch here.\n\n${await whereTheTimeGoes()}\n\n${allocation()}`;
}

/**
 * CPU per call with the network taken out (a fetch that answers at once), so the layers can be
 * told apart: the fetch and Response themselves, then on top of them ky with its defaults (for
 * comparison) and the client (its transport and all the rest).
 */
async function whereTheTimeGoes(): Promise<string> {
  const fakeFetch = async () =>
    new Response(record, { status: 200, headers: { 'content-type': 'application/json' } });
  const viaKy = ky.create({ retry: 0, throwHttpErrors: false, fetch: fakeFetch });
  const client = new PaymentsClient({
    secretKey: `sk_live_prod_${'a'.repeat(32)}`,
    baseUrl: 'https://api.psp.test',
    fetch: fakeFetch,
  });
  const perCall = async (task: () => Promise<unknown>) => {
    for (let i = 0; i < 3000; i++) await task();
    const samples: number[] = [];
    for (let round = 0; round < 5; round++) {
      const start = performance.now();
      for (let i = 0; i < 5000; i++) await task();
      samples.push(((performance.now() - start) / 5000) * 1000);
    }
    return samples.sort((a, b) => a - b)[2] as number;
  };
  const fetchOnly = await perCall(async () => (await fakeFetch()).json());
  const kyCall = await perCall(async () =>
    (await viaKy('https://api.psp.test/v1/integrations/cashout/7', { timeout: 30_000 })).json(),
  );
  const clientCall = await perCall(async () => client.cashouts.retrieve(7));
  const rows = [
    ['Response + JSON (no network)', fetchOnly],
    ['ky on top of that, no retry (per-call options, Request, timeout signal)', kyCall - fetchOnly],
    [
      'the client on top of that (its transport, validation both ways, headers, errors, promise)',
      clientCall - fetchOnly,
    ],
  ] as const;
  return [
    '#### Where the time goes (CPU per call, network taken out)',
    '',
    '| layer | µs per call |',
    '|---|---:|',
    ...rows.map(([what, us]) => `| ${what} | ${us.toFixed(1)} |`),
    '',
    "The client sends with ky (src/core/transport.ts), given its retry rules and one fetch closure per attempt; on top of ky it does its own work: the params checked, the answer decoded and checked with zod, the headers, the promise. The ky row is ky's own call with no retry options, beside it for comparison. Wall time on a shared machine: CPU time per request, above, is the steadier figure.",
  ].join('\n');
}

/** Memory allocated per call (bench/allocation.ts, in a process whose young generation never fills). */
function allocation(): string {
  const table = execFileSync(
    process.execPath,
    [
      '--expose-gc',
      '--min-semi-space-size=256',
      '--max-semi-space-size=256',
      '--import',
      'tsx',
      'bench/allocation.ts',
    ],
    { encoding: 'utf8' },
  );
  return `#### Memory allocated per call (network taken out)\n\n${table.trim()}\n\nCounted with no collection running, so it is every byte allocated, garbage included: the steadiest figure of this section.`;
}

// Run directly: on the development Node, then on the machine's Node 20 (the target holds on both).
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await onBothNodes('bench/client.bench.ts', benchClient));
}
