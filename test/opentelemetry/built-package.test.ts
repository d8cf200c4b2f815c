/**
 * pix-payments/opentelemetry as a merchant's project loads it: the built package, on Node 20, and
 * @opentelemetry/api (an optional peer) reached by that entry alone.
 */
import { readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeConsumer, moduleGraph, NODE20, ROOT, run } from '../package/consumer.js';

describe('the built pix-payments/opentelemetry', () => {
  it('is the only entry that imports @opentelemetry: pix-payments and pix-payments/webhooks, with their chunks, never do', () => {
    for (const entry of ['index.js', 'index.cjs', 'webhooks.js', 'webhooks.cjs']) {
      const graph = moduleGraph(entry);
      expect(
        graph.external.filter((name) => name.startsWith('@opentelemetry')),
        entry,
      ).toEqual([]);
      for (const file of graph.files)
        expect(readFileSync(join(ROOT, 'dist', file), 'utf8'), file).not.toContain('@opentelemetry');
    }
    for (const entry of ['opentelemetry.js', 'opentelemetry.cjs'])
      expect(moduleGraph(entry).external).toContain('@opentelemetry/api');
  });

  const script = `
    const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    const stop = instrumentPixPayments({ tracerProvider: provider });
    const fetch = async () => new Response(JSON.stringify({ available: 1, pending: 0, currency: 'BRL', updatedAt: '2026-11-21T10:00:00Z' }), { status: 200, headers: { 'content-type': 'application/json' } });
    const client = new PaymentsClient({ secretKey: 'sk_test_' + 'k'.repeat(32), baseUrl: 'https://api.psp.test', fetch });
    await client.balance.retrieve();
    stop();
    const spans = exporter.getFinishedSpans();
    const parent = (span) => spans.find((s) => s.spanContext().spanId === span.parentSpanContext?.spanId)?.name ?? null;
    console.log(JSON.stringify(spans.map((span) => [span.name, span.kind, parent(span), span.attributes['http.response.status_code'] ?? null])));
  `;

  it.each([
    [
      'ESM',
      'esm.mjs',
      `import { PaymentsClient } from 'pix-payments';
       import { instrumentPixPayments } from 'pix-payments/opentelemetry';
       import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
       const exporter = new InMemorySpanExporter();
       ${script}`,
    ],
    [
      'CommonJS',
      'cjs.cjs',
      `const { PaymentsClient } = require('pix-payments');
       const { instrumentPixPayments } = require('pix-payments/opentelemetry');
       const { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } = require('@opentelemetry/sdk-trace-base');
       const exporter = new InMemorySpanExporter();
       (async () => {${script}})();`,
    ],
  ])('traces a call as %s under Node 20', (_, file, source) => {
    const dir = makeConsumer({ [file]: source });
    symlinkSync(join(ROOT, 'node_modules/@opentelemetry'), join(dir, 'node_modules/@opentelemetry'), 'dir');
    expect(JSON.parse(run(NODE20, [file], dir))).toEqual([
      ['GET /v1/integrations/balance', 2, 'getBalance', 200],
      ['getBalance', 0, null, null],
    ]);
  });

  it.each([
    [
      'ESM',
      'scope.mjs',
      `import { PaymentsClient } from 'pix-payments';
       import { instrumentPixPayments } from 'pix-payments/opentelemetry';
       import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
       import { InMemoryMetricExporter, MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
       ${scopeScript}`,
    ],
    [
      'CommonJS',
      'scope.cjs',
      `const { PaymentsClient } = require('pix-payments');
       const { instrumentPixPayments } = require('pix-payments/opentelemetry');
       const { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } = require('@opentelemetry/sdk-trace-base');
       const { InMemoryMetricExporter, MeterProvider, PeriodicExportingMetricReader } = require('@opentelemetry/sdk-metrics');
       (async () => {${scopeScript}})();`,
    ],
  ])('names its tracer and meter pix-payments, at package.json’s version (%s)', (_, file, source) => {
    const dir = makeConsumer({ [file]: source });
    symlinkSync(join(ROOT, 'node_modules/@opentelemetry'), join(dir, 'node_modules/@opentelemetry'), 'dir');
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    const scope = { name: 'pix-payments', version };
    expect(JSON.parse(run(NODE20, [file], dir))).toEqual({ spans: [scope, scope], metrics: [scope] });
  });
});

/** Prints the instrumentation scope of each span ended and of each meter that recorded, for one call. */
const scopeScript = `
  const exporter = new InMemorySpanExporter();
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const reader = new PeriodicExportingMetricReader({ exporter: new InMemoryMetricExporter(0), exportIntervalMillis: 60000 });
  const meterProvider = new MeterProvider({ readers: [reader] });
  const stop = instrumentPixPayments({ tracerProvider, meterProvider });
  const fetch = async () => new Response(JSON.stringify({ available: 1, pending: 0, currency: 'BRL', updatedAt: '2026-11-21T10:00:00Z' }), { status: 200, headers: { 'content-type': 'application/json' } });
  const client = new PaymentsClient({ secretKey: 'sk_test_' + 'k'.repeat(32), baseUrl: 'https://api.psp.test', fetch });
  await client.balance.retrieve();
  stop();
  const { resourceMetrics } = await reader.collect();
  await meterProvider.shutdown();
  const scope = ({ name, version }) => ({ name, version: version ?? null });
  console.log(JSON.stringify({
    spans: exporter.getFinishedSpans().map((span) => scope(span.instrumentationScope)),
    metrics: resourceMetrics.scopeMetrics.map((metrics) => scope(metrics.scope)),
  }));
`;
