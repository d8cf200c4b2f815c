/**
 * The real OpenTelemetry SDK for a test: spans kept in memory, the histogram read on demand, and
 * AsyncLocalStorage as the global context manager (as NodeSDK sets it), so that a span made active
 * with `startActiveSpan` is the parent of what starts inside it.
 */
import { context, type Span } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { type HistogramMetricData, MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { afterEach, beforeEach } from 'vitest';
import { type InstrumentPixPaymentsOptions, instrumentPixPayments } from '../../src/opentelemetry/index.js';

/** A reader that exports nothing: `collect()` answers what has been recorded so far. */
class TestReader extends MetricReader {
  protected override onForceFlush(): Promise<void> {
    return Promise.resolve();
  }
  protected override onShutdown(): Promise<void> {
    return Promise.resolve();
  }
}

export interface Otel {
  tracerProvider: BasicTracerProvider;
  meterProvider: MeterProvider;
  /** The spans ended so far, in the order they ended. */
  spans(): ReadableSpan[];
  /** The `http.client.request.duration` points recorded so far. */
  durations(): Promise<HistogramMetricData['dataPoints']>;
  /** Runs `body` inside an active span of the test's own (`test`), which it then ends. */
  inSpan<T>(body: (span: Span) => Promise<T>): Promise<T>;
  /** Subscribes the bridge to this SDK; unsubscribed after the test. */
  instrument(options?: Omit<InstrumentPixPaymentsOptions, 'tracerProvider' | 'meterProvider'>): () => void;
}

/** A fresh SDK per test, its context manager global while the test runs. */
export function useOtel(): Otel {
  const exporter = new InMemorySpanExporter();
  let reader: TestReader;
  const stops: (() => void)[] = [];
  const otel = {} as Otel;
  beforeEach(() => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    otel.tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    // A reader serves one provider in its life: a new one for each.
    reader = new TestReader();
    otel.meterProvider = new MeterProvider({ readers: [reader] });
  });
  afterEach(async () => {
    for (const stop of stops.splice(0)) stop();
    exporter.reset();
    await otel.meterProvider.shutdown();
    context.disable();
  });
  otel.spans = () => exporter.getFinishedSpans();
  otel.durations = async () => {
    const { resourceMetrics } = await reader.collect();
    const metric = resourceMetrics.scopeMetrics
      .flatMap((scope) => scope.metrics)
      .find((m) => m.descriptor.name === 'http.client.request.duration') as HistogramMetricData | undefined;
    return metric?.dataPoints ?? [];
  };
  otel.inSpan = (body) =>
    otel.tracerProvider.getTracer('test').startActiveSpan('test', async (span) => {
      try {
        return await body(span);
      } finally {
        span.end();
      }
    });
  otel.instrument = (options = {}) => {
    const stop = instrumentPixPayments({
      ...options,
      tracerProvider: otel.tracerProvider,
      meterProvider: otel.meterProvider,
    });
    stops.push(stop);
    return stop;
  };
  return otel;
}

/** The span that `child` names as its parent, if any. */
export function parentOf(child: ReadableSpan, among: readonly ReadableSpan[]): ReadableSpan | undefined {
  const id = child.parentSpanContext?.spanId;
  return among.find((span) => span.spanContext().spanId === id);
}
