/**
 * The client's CPU time per request, this build against the old one (the commit before issue 29's
 * transport, 3684c50), measured in the same process, interleaved, against the same scripted fetch
 * (it answers at once: the network is taken out, what is left is the client and ky). The figure
 * is the median over rounds of process.cpuUsage() per request; the ratio is new ÷ old (the target
 * is at most 1.03). Run: npm run bench:transport
 *
 * The old build is made once into /tmp/old-build (a git worktree of that commit, this
 * repository's node_modules linked, `npx tsup`); OLD_BUILD=<folder> and NEW_BUILD=<folder> point
 * at other builds (each a folder holding dist/index.js).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { transactionRecord } from '../test/schemas/fixtures.js';
import { cpuPerCall } from './harness.js';

const OLD_COMMIT = '3684c50';
const ROOT = resolve(import.meta.dirname, '..');
const OLD = process.env.OLD_BUILD ?? '/tmp/old-build';
const NEW = process.env.NEW_BUILD ?? ROOT;

/** The old build, made once (a worktree of the old commit, built with this repository's tools). */
function oldBuild(): string {
  if (existsSync(join(OLD, 'dist/index.js'))) return OLD;
  if (!existsSync(OLD)) execFileSync('git', ['worktree', 'add', '--detach', OLD, OLD_COMMIT], { cwd: ROOT });
  if (!existsSync(join(OLD, 'node_modules')))
    symlinkSync(join(ROOT, 'node_modules'), join(OLD, 'node_modules'));
  execFileSync('npx', ['tsup', '--silent'], { cwd: OLD, stdio: 'inherit' });
  return OLD;
}

type Client = InstanceType<typeof import('../src/index.js').PaymentsClient>;
type Package = typeof import('../src/index.js');

const record = JSON.stringify({ ...transactionRecord, status: 'COMPLETED' });
/** The same answer for both builds, made anew for every attempt (a body is read once). */
const scriptedFetch = async () =>
  new Response(record, {
    status: 200,
    headers: { 'content-type': 'application/json', 'x-request-id': 'req_bench' },
  });

function clientOf(pkg: Package): Client {
  return new pkg.PaymentsClient({
    secretKey: `sk_live_prod_${'a'.repeat(32)}`,
    baseUrl: 'https://api.psp.test',
    fetch: scriptedFetch,
    logLevel: 'off',
  });
}

/** What a request is: a GET (retried twice on failure) and a keyed POST (a payout). */
const requests: Record<string, (client: Client) => Promise<unknown>> = {
  'GET cashouts.retrieve': (client) => client.cashouts.retrieve(7),
  'POST cashouts.create': (client) =>
    client.cashouts.create({ amount: 100, pixKey: '52998224725', pixKeyType: 'CPF' }),
};

/** CPU µs per request over `count` sequential requests, from a collected heap. */
async function cpuPerRequest(task: () => Promise<unknown>, count: number): Promise<number> {
  (globalThis as { gc?: () => void }).gc?.();
  return cpuPerCall(task, count);
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

export async function benchTransport(rounds = 201, perRound = 100): Promise<string> {
  const oldPkg = (await import(join(oldBuild(), 'dist/index.js'))) as Package;
  const newPkg = (await import(join(NEW, 'dist/index.js'))) as Package;
  const builds = { old: clientOf(oldPkg), new: clientOf(newPkg) };
  const lines = [
    `Node ${process.version}; ${rounds} rounds of ${perRound} requests per build, interleaved, alternating which goes first; CPU µs per request (user + system), median of the rounds; new ÷ old is the median of each round's ratio (both builds ran within the same second, so a change in the machine's load cancels out).`,
    '',
    '| request | old build (3684c50) | this build | new ÷ old |',
    '|---|---:|---:|---:|',
  ];
  let worst = 0;
  for (const [name, request] of Object.entries(requests)) {
    const samples: Record<keyof typeof builds, number[]> = { old: [], new: [] };
    // Warm-up: both builds loaded ky and reached their optimised code.
    for (const client of Object.values(builds)) await cpuPerRequest(() => request(client), 3000);
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? (['old', 'new'] as const) : (['new', 'old'] as const);
      for (const build of order)
        samples[build].push(await cpuPerRequest(() => request(builds[build]), perRound));
    }
    const ratio = median(samples.new.map((now, round) => now / (samples.old[round] as number)));
    worst = Math.max(worst, ratio);
    lines.push(
      `| ${name} | ${median(samples.old).toFixed(1)} | ${median(samples.new).toFixed(1)} | ${ratio.toFixed(3)} |`,
    );
  }
  lines.push('', `Target: new ÷ old at most 1.03. Worst: ${worst.toFixed(3)}.`);
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchTransport());
