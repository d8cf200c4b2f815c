/**
 * What tracing costs (src/tracing/channels.ts): CPU time per call of the built package against
 * the same package built from before tracing (d8f1515, or the ref TRACING_BASELINE_REF names),
 * both loaded in this process, measured interleaved (rounds alternating which build goes first),
 * the network taken out (a fetch that answers a fixed record at once, as the client bench's
 * "where the time goes"). Two operations: `client.cashouts.retrieve(7)`, and a Fetch webhook
 * receiver handling a signed 600 B delivery. Run: `npx tsup --silent && npx tsx bench/tracing.bench.ts`
 * (the variants interleaved, so collections fall on each alike).
 *
 * Two phases, in this order:
 * 1. No subscriber, ever: nothing has subscribed to a channel in this process yet, as in an app
 *    that does not trace. This is the requirement's figure: "no subscriber ÷ before tracing",
 *    target at most 1.02 in CPU time per call.
 * 2. With subscribers: a no-op one on all three channels (all five handlers, doing nothing), a
 *    recording one (a few fields and a duration per operation, kept in a ring, as an exporter
 *    would), and no subscriber again after they came and went; each subscribes before its own
 *    measurement and unsubscribes after it, outside the measured time.
 *
 * The baseline is built once into .tmp/tracing-baseline/ (`git archive` of the ref, this
 * checkout's node_modules linked, `npx tsup --silent`), and reused while it was built from the
 * same commit. Since the transport became the client's own loop over fetch (after tracing), the
 * client's ratio to d8f1515 (over ky) also holds that speed-up: tracing's own cost with no
 * subscriber was 0.987–0.997 of d8f1515 on the transport over ky (docs/benchmarks.md). The
 * receiver's ratio is tracing's alone.
 */
import { execFileSync } from 'node:child_process';
import diagnosticsChannel from 'node:diagnostics_channel';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { transactionRecord } from '../test/schemas/fixtures.js';
import { transactionEvent } from '../test/webhooks/fixtures.js';
import { cpuPerCall } from './harness.js';

type Package = typeof import('../src/index.js');
type Webhooks = typeof import('../src/webhooks/index.js');
type Client = InstanceType<Package['PaymentsClient']>;

const ROOT = resolve(import.meta.dirname, '..');
const BASELINE_REF = process.env.TRACING_BASELINE_REF ?? 'd8f1515';
const BASELINE_DIR = join(ROOT, '.tmp/tracing-baseline');
const CHANNELS = ['pix-payments:call', 'pix-payments:attempt', 'pix-payments:webhook'] as const;

/** The package built from `BASELINE_REF` into .tmp/tracing-baseline/, built now unless it already is. */
function baselineBuild(): { dir: string; commit: string } {
  const commit = execFileSync('git', ['rev-parse', '--verify', `${BASELINE_REF}^{commit}`], {
    cwd: ROOT,
    encoding: 'utf8',
  }).trim();
  const marker = join(BASELINE_DIR, '.built-from');
  const built =
    existsSync(join(BASELINE_DIR, 'dist/index.js')) &&
    existsSync(join(BASELINE_DIR, 'dist/webhooks.js')) &&
    existsSync(marker) &&
    readFileSync(marker, 'utf8').trim() === commit;
  if (built) return { dir: BASELINE_DIR, commit };
  console.error(`tracing bench: building the baseline (${BASELINE_REF}, ${commit}) into ${BASELINE_DIR}`);
  rmSync(BASELINE_DIR, { recursive: true, force: true });
  mkdirSync(BASELINE_DIR, { recursive: true });
  const tar = execFileSync('git', ['archive', '--format=tar', commit], { cwd: ROOT, maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', BASELINE_DIR], { input: tar });
  symlinkSync(realpathSync(join(ROOT, 'node_modules')), join(BASELINE_DIR, 'node_modules'));
  // tsup's output goes to stderr: stdout is the report.
  execFileSync('npx', ['tsup', '--silent'], { cwd: BASELINE_DIR, stdio: ['ignore', 2, 2] });
  writeFileSync(marker, `${commit}\n`);
  return { dir: BASELINE_DIR, commit };
}

const load = async <T>(dir: string, entry: string) =>
  (await import(pathToFileURL(join(dir, 'dist', entry)).href)) as T;

/** The answer every call reads: the client bench's completed payout, 26 fields. */
const record = JSON.stringify({
  ...transactionRecord,
  status: 'COMPLETED',
  endToEndId: 'E99999999202611211000ABCDEFGHIJK',
});
const fakeFetch = async () =>
  new Response(record, {
    status: 200,
    headers: { 'content-type': 'application/json', 'x-request-id': 'req_bench' },
  });

const clientOf = (pkg: Package): Client =>
  new pkg.PaymentsClient({
    secretKey: `sk_live_prod_${'a'.repeat(32)}`,
    baseUrl: 'https://api.psp.test',
    fetch: fakeFetch,
  });

const SECRET = `whsec_${'k'.repeat(32)}`;

/** A store that leases every key: each delivery of the one signed body is a new event to the receiver. */
const alwaysNew = {
  claim: () => 'claimed' as const,
  renew: () => true,
  complete: () => true,
  release: () => {},
};

/** A receiver of `webhooks` and the signed delivery of about `bytes` it handles, a new Request per call. */
async function receiverOf(webhooks: Webhooks, bytes: number) {
  const event = (note: string) => transactionEvent('transaction.completed', { amount: 19.9, note });
  const unpadded = (await webhooks.createSignedWebhook(event(''), SECRET)).body.length;
  const padded = event('x'.repeat(Math.max(0, bytes - unpadded)));
  const { body, headers } = await webhooks.createSignedWebhook(padded, SECRET);
  const handler = webhooks.createWebhookHandler({
    secret: SECRET,
    store: alwaysNew,
    onEvent: () => {},
    onError: (error) => {
      throw error;
    },
  });
  const deliver = async () => {
    const response = await handler(
      new Request('https://merchant.test/webhook', { method: 'POST', body, headers }),
    );
    if (response.status !== 200) throw new Error(`the receiver answered ${response.status}`);
  };
  return { deliver, bytes: Buffer.byteLength(body) };
}

type Handlers = diagnosticsChannel.TracingChannelSubscribers<object>;
const noop = () => {};
const noOpHandlers: Handlers = { start: noop, end: noop, asyncStart: noop, asyncEnd: noop, error: noop };

/** What a realistic subscriber keeps: a few fields and a duration per operation, in a ring of 1024. */
function recordingHandlers(): Record<(typeof CHANNELS)[number], Handlers> {
  const ring: unknown[] = new Array(1024);
  let next = 0;
  const keep = (span: unknown) => {
    ring[next] = span;
    next = (next + 1) & 1023;
  };
  const started = new WeakMap<object, number>();
  let errors = 0;
  const handlers = (finish: (context: never, ms: number) => unknown): Handlers => ({
    start: (context) => started.set(context, performance.now()),
    end: noop,
    asyncStart: noop,
    asyncEnd: (context) =>
      keep(finish(context as never, performance.now() - (started.get(context) ?? Number.NaN))),
    error: () => errors++,
  });
  const kept = (fields: readonly string[]) =>
    handlers((context: Record<string, unknown>, ms) => ({
      ...Object.fromEntries(fields.map((field) => [field, context[field]])),
      ms,
    }));
  return {
    'pix-payments:call': kept([
      'operationId',
      'serverAddress',
      'statusCode',
      'attempts',
      'requestId',
      'error',
    ]),
    'pix-payments:attempt': kept(['operationId', 'resendCount', 'statusCode', 'error']),
    'pix-payments:webhook': kept(['event', 'eventKey', 'outcome']),
  };
}

/** Subscribes `handlers` on the three channels; answers how to unsubscribe them. */
function subscribe(handlers: (name: (typeof CHANNELS)[number]) => Handlers): () => void {
  const subscriptions = CHANNELS.map((name) => {
    const channel = diagnosticsChannel.tracingChannel(name);
    const own = handlers(name);
    channel.subscribe(own);
    return () => channel.unsubscribe(own);
  });
  return () => {
    for (const unsubscribe of subscriptions) unsubscribe();
  };
}

interface Variant {
  task: () => Promise<unknown>;
  /** Before this variant's measurement, outside it: answers what to undo after it. */
  setUp?: () => () => void;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * q)] as number;

interface Row {
  name: string;
  cpuMicros: number;
  /** Median of each round's ratio to the baseline measured in the same round, and its quartiles. */
  ratio: number;
  quartiles: [number, number];
  /** A 95% confidence interval of that median (the order statistics n/2 ± 0.98·√n). */
  interval: [number, number];
}

/**
 * Measures every variant `rounds` times, `perRound` calls each, after a warm-up; the order of
 * the variants alternates from round to round. Ratios are to `baseline`, round by round.
 */
async function interleave(
  variants: Record<string, Variant>,
  baseline: string,
  { rounds, perRound, warmUp }: { rounds: number; perRound: number; warmUp: number },
): Promise<Row[]> {
  const names = Object.keys(variants);
  const measure = async (name: string, count: number) => {
    const { task, setUp } = variants[name] as Variant;
    const tearDown = setUp?.();
    try {
      return await cpuPerCall(task, count);
    } finally {
      tearDown?.();
    }
  };
  for (const name of names) await measure(name, warmUp);
  const samples: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? names : [...names].reverse();
    for (const name of order) samples[name]?.push(await measure(name, perRound));
  }
  const base = samples[baseline] as number[];
  return names.map((name) => {
    const own = samples[name] as number[];
    const ratios = own.map((value, round) => value / (base[round] as number)).sort((a, b) => a - b);
    const half = 0.98 * Math.sqrt(ratios.length);
    const at = (index: number) => ratios[Math.min(ratios.length - 1, Math.max(0, index))] as number;
    return {
      name,
      cpuMicros: median(own),
      ratio: median(ratios),
      quartiles: [quantile(ratios, 0.25), quantile(ratios, 0.75)],
      interval: [at(Math.floor(ratios.length / 2 - half)), at(Math.ceil(ratios.length / 2 + half))],
    };
  });
}

function table(rows: Row[]): string {
  return [
    '| what | CPU µs per call (median) | ÷ before tracing (median of rounds) | its 95% interval | quartiles of the rounds |',
    '|---|---:|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${row.cpuMicros.toFixed(1)} | ${row.ratio.toFixed(3)} | ${span(row.interval)} | ${span(row.quartiles)} |`,
    ),
  ].join('\n');
}

const span = ([low, high]: [number, number]) => `${low.toFixed(3)}–${high.toFixed(3)}`;

/** The requirement's figure: the ratio, whether it is within 2%, and how sure the run is of it. */
function verdict(row: Row, what: string): string {
  const [low, high] = row.interval;
  const met = row.ratio <= 1.02 ? 'met' : 'NOT met';
  const sure =
    high <= 1.02
      ? 'the whole 95% interval is within it'
      : low > 1.02
        ? 'the whole 95% interval is past it'
        : `the 95% interval, ${span(row.interval)}, straddles 1.02: run again, or with more rounds`;
  return `No subscriber ÷ before tracing, CPU per ${what}: **${row.ratio.toFixed(3)}** (target: within 2%, at most 1.02: ${met}; ${sure}).`;
}

/**
 * `rounds` and `perRound` calls per variant and round for the requirement's figures (nobody
 * subscribed); the tables with subscribers take half as many rounds. A delivery costs about as
 * much as a call, but each round of deliveries is half as long: the receiver's tables are the
 * rougher.
 */
export async function benchTracing(options = { rounds: 401, perRound: 300 }): Promise<string> {
  const baseline = baselineBuild();
  const [now, before] = [
    { pkg: await load<Package>(ROOT, 'index.js'), webhooks: await load<Webhooks>(ROOT, 'webhooks.js') },
    {
      pkg: await load<Package>(baseline.dir, 'index.js'),
      webhooks: await load<Webhooks>(baseline.dir, 'webhooks.js'),
    },
  ];
  const ref = `${BASELINE_REF === baseline.commit.slice(0, BASELINE_REF.length) ? '' : `${BASELINE_REF}, `}${baseline.commit.slice(0, 7)}`;
  const BEFORE = `before tracing (${ref})`;
  const NONE = 'this build, no subscriber';
  const clients = { now: clientOf(now.pkg), before: clientOf(before.pkg) };
  const retrieve = (client: Client) => () => client.cashouts.retrieve(7);
  const receivers = {
    now: await receiverOf(now.webhooks, 600),
    before: await receiverOf(before.webhooks, 600),
  };
  const { rounds, perRound } = options;
  const client = { rounds, perRound, warmUp: 5000 };
  const webhook = { rounds, perRound: Math.ceil(perRound / 2), warmUp: 3000 };
  const fewer = (settings: typeof client) => ({ ...settings, rounds: Math.ceil(rounds / 2) | 1 });

  // Phase 1: nothing has subscribed in this process yet.
  const pristineClient = await interleave(
    { [BEFORE]: { task: retrieve(clients.before) }, [NONE]: { task: retrieve(clients.now) } },
    BEFORE,
    client,
  );
  const pristineWebhook = await interleave(
    { [BEFORE]: { task: receivers.before.deliver }, [NONE]: { task: receivers.now.deliver } },
    BEFORE,
    webhook,
  );

  // Phase 2: subscribers come and go, each around its own measurements.
  const recording = recordingHandlers();
  const withSubscribers = (task: () => Promise<unknown>, beforeTask: () => Promise<unknown>) => ({
    [BEFORE]: { task: beforeTask },
    'this build, no subscriber (after subscribers came and went)': { task },
    'this build, no-op subscriber (3 channels × 5 handlers)': {
      task,
      setUp: () => subscribe(() => ({ ...noOpHandlers })),
    },
    'this build, recording subscriber': { task, setUp: () => subscribe((name) => recording[name]) },
  });
  const subscribedClient = await interleave(
    withSubscribers(retrieve(clients.now), retrieve(clients.before)),
    BEFORE,
    fewer(client),
  );
  const subscribedWebhook = await interleave(
    withSubscribers(receivers.now.deliver, receivers.before.deliver),
    BEFORE,
    fewer(webhook),
  );

  const none = (rows: Row[]) => rows.find((row) => row.name === NONE) as Row;
  return [
    `Node ${process.version}; CPU time of this process per call (user + system, process.cpuUsage()), the network taken out (a fetch that answers a fixed 26-field record at once); both builds loaded in this process. ${rounds} rounds per table without subscribers (${fewer(client).rounds} with), ${client.perRound} calls (${webhook.perRound} deliveries) per variant and round, the variants' order alternating from round to round, after a warm-up. A ratio is the median of each round's ratio to the build before tracing measured in the same round, so a change in the machine's load cancels out; its 95% interval says how far the run pins it down.`,
    '',
    '#### `client.cashouts.retrieve(7)`, nobody has subscribed in this process',
    '',
    table(pristineClient),
    '',
    verdict(none(pristineClient), 'call'),
    '',
    '#### `client.cashouts.retrieve(7)`, with subscribers (each subscribed around its own measurements)',
    '',
    table(subscribedClient),
    '',
    `#### Webhook receiver (\`createWebhookHandler\`, a signed ${receivers.now.bytes} B delivery, a store that leases every key), nobody has subscribed in this process`,
    '',
    table(pristineWebhook),
    '',
    verdict(none(pristineWebhook), 'delivery'),
    '',
    '#### Webhook receiver, with subscribers',
    '',
    table(subscribedWebhook),
    '',
    'The recording subscriber keeps, per operation, its name, status, attempts, request id, outcome and duration (a WeakMap from the context to its start time, a ring of 1024 records): about what an exporter does before its batching. "After subscribers came and went" is no subscriber in a process that has traced before: unsubscribing the last handler changes the channel objects back, and code that read them has seen both shapes.',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await benchTracing());
}
