/**
 * The SDK's traces as OpenTelemetry spans (`pix-payments/opentelemetry`): a payout whose first two
 * attempts are answered 503, retried by the client, inside a span of the application's own. The
 * spans are kept in memory and printed; in production an exporter (OTLP) sends them instead.
 * Run: npx tsx examples/tracing-opentelemetry.ts
 */
import { context, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { instrumentPixPayments } from 'pix-payments/opentelemetry';
import { connect } from './setup.js';

// What NodeSDK sets up: a context manager (a span made active is the parent of what starts
// inside it) and a tracer provider.
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
const exporter = new InMemorySpanExporter();
const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const stop = instrumentPixPayments({ tracerProvider });

const { client, mock, close } = await connect();
try {
  // The service is unavailable twice: the client retries with the same idempotency key.
  mock?.service.faults.inject({ route: 'create-cashout', kind: 'status', status: 503, times: 2 });
  await tracerProvider.getTracer('supplier-payments').startActiveSpan('pay supplier', async (span) => {
    try {
      await client.cashouts.create({ amount: 120, pixKey: 'supplier@example.com', pixKeyType: 'EMAIL' });
    } finally {
      span.end();
    }
  });
} finally {
  stop();
  await close();
}

/** A span's line, then its attributes, its children indented beneath it. */
function print(
  span: ReadableSpan,
  spans: ReadableSpan[],
  parent: ReadableSpan | undefined,
  indent = '',
): void {
  const status = span.status.code === SpanStatusCode.ERROR ? ', status ERROR' : '';
  console.log(`${indent}${span.name} (${SpanKind[span.kind]}, parent: ${parent?.name ?? 'none'}${status})`);
  for (const [key, value] of Object.entries(span.attributes)) console.log(`${indent}    ${key} = ${value}`);
  const children = spans.filter((s) => s.parentSpanContext?.spanId === span.spanContext().spanId);
  for (const child of children) print(child, spans, span, `${indent}  `);
}

const spans = [...exporter.getFinishedSpans()].sort(
  (a, b) => a.startTime[0] - b.startTime[0] || a.startTime[1] - b.startTime[1],
);
for (const root of spans.filter((span) => span.parentSpanContext === undefined))
  print(root, spans, undefined);
