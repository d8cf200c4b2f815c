/**
 * Run by throwing-sdk.test.ts as its own Node process, with no `uncaughtException` handler, as a
 * merchant's server runs: under `instrumentPixPayments`, an OpenTelemetry SDK that throws in one
 * place per scenario, a payout retried once and a webhook delivery. Prints one JSON line per
 * scenario: the call's result, the receiver's answer, what `diag` was told and the spans exported.
 * Had the bridge let an exception through, Node would end this process before the next line.
 * Last, a subscriber of the application's own that throws, with a handler to see Node's rethrow.
 */
import diagnostics_channel from 'node:diagnostics_channel';
import { context, type DiagLogger, DiagLogLevel, diag } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { type IAttributesProcessor, MeterProvider } from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { instrumentPixPayments } from '../../src/opentelemetry/index.js';
import { createSignedWebhook, createWebhookHandler } from '../../src/webhooks/index.js';
import { clientWith, json, payoutParams, payoutRecord } from '../client/scripted-fetch.js';
import { transactionEvent } from '../webhooks/fixtures.js';

const SECRET = `whsec_${'W3bh00k'.repeat(4)}`;

/** What `diag` is told at warn level and above, per scenario. */
let reports: { level: string; message: string; error: string }[] = [];
const report =
  (level: string) =>
  (message: string, ...args: unknown[]) =>
    reports.push({ level, message, error: String(args[0]) });
const logger: DiagLogger = {
  error: report('error'),
  warn: report('warn'),
  info: () => {},
  debug: () => {},
  verbose: () => {},
};
diag.setLogger(logger, DiagLogLevel.WARN);
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());

const boom = (where: string) => () => {
  throw new Error(`${where} failed`);
};
const processorThat = (hooks: Partial<SpanProcessor>): SpanProcessor => ({
  onStart: () => {},
  onEnd: () => {},
  forceFlush: async () => {},
  shutdown: async () => {},
  ...hooks,
});
const throwingView = (): IAttributesProcessor => ({ process: boom('attributes processor') });

/** Each scenario: the span processors after the exporting one, and the histogram's views. */
const SCENARIOS: Record<string, { processors: SpanProcessor[]; throwingHistogram?: boolean }> = {
  'a working SDK': { processors: [] },
  'a span processor whose onStart throws': { processors: [processorThat({ onStart: boom('onStart') })] },
  'a span processor whose onEnd throws': { processors: [processorThat({ onEnd: boom('onEnd') })] },
  'a histogram whose view throws': { processors: [], throwingHistogram: true },
  'a span processor and a histogram that throw': {
    processors: [processorThat({ onStart: boom('onStart') })],
    throwingHistogram: true,
  },
};

for (const [name, { processors, throwingHistogram = false }] of Object.entries(SCENARIOS)) {
  reports = [];
  const exporter = new InMemorySpanExporter();
  const tracerProvider = new BasicTracerProvider({
    spanProcessors: [new SimpleSpanProcessor(exporter), ...processors],
  });
  const meterProvider = new MeterProvider({
    views: throwingHistogram
      ? [{ instrumentName: 'http.client.request.duration', attributesProcessors: [throwingView()] }]
      : [],
  });
  const stop = instrumentPixPayments({ tracerProvider, meterProvider });

  const unavailable = json(503, { message: 'down', code: 'INTERNAL_ERROR' }, { 'retry-after': '0' });
  const { client } = clientWith([unavailable, json(201, payoutRecord)], { maxRetries: 1, logLevel: 'off' });
  const result = await client.cashouts.create(payoutParams);

  const received: string[] = [];
  const receiver = createWebhookHandler({
    secret: SECRET,
    onEvent: (event) => void received.push(event.event),
  });
  const delivery = await createSignedWebhook(transactionEvent(), SECRET);
  const answer = await receiver(new Request('http://merchant.test/pix', { method: 'POST', ...delivery }));

  // Node rethrows a subscriber's exception on a later tick: give it the chance.
  await new Promise((resolve) => setTimeout(resolve, 20));
  stop();
  await meterProvider.shutdown();
  console.log(
    JSON.stringify({
      scenario: name,
      result,
      answer: { status: answer.status, body: await answer.text(), received },
      reports,
      spans: exporter.getFinishedSpans().map((span) => span.name),
    }),
  );
}

// docs/observability.md: Node rethrows what a subscriber of your own throws, and the call goes on.
const uncaught: string[] = [];
process.on('uncaughtException', (error) => uncaught.push(error.message));
const throwing = boom('my subscriber');
diagnostics_channel.subscribe('tracing:pix-payments:call:start', throwing);
const { client } = clientWith([json(201, payoutRecord)], { logLevel: 'off' });
const result = await client.cashouts.create(payoutParams);
await new Promise((resolve) => setTimeout(resolve, 20));
diagnostics_channel.unsubscribe('tracing:pix-payments:call:start', throwing);
console.log(JSON.stringify({ scenario: "a subscriber of the app's own that throws", result, uncaught }));
