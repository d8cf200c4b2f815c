/**
 * The OpenTelemetry set-up of docs/observability.md (the ```ts block marked
 * `<!-- file: tracing.ts -->`) runs as written: copied into a project whose node_modules holds the
 * built package and the OpenTelemetry packages, imported by an application that makes a call
 * inside a span of its own, then shut down. Its console exporters print each span and metric with
 * `console.dir`, which the application prints as JSON lines. Run with this repository's Node (24),
 * which runs TypeScript by stripping its types.
 */
import { readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeConsumer, ROOT, run } from '../package/consumer.js';

const GUIDE = readFileSync(join(ROOT, 'docs/observability.md'), 'utf8');
const SETUP = GUIDE.match(/<!-- file: tracing\.ts -->\n```ts\n([\s\S]*?)```/)?.[1];

/** The application: a balance check inside its own `checkout` span, then the shutdown. */
const APP = `
  import { trace } from '@opentelemetry/api';
  import { PaymentsClient } from 'pix-payments';
  import { shutdownTracing } from './tracing.ts';

  console.dir = (value) => console.log(JSON.stringify(value));
  const balance = { available: 1, pending: 0, currency: 'BRL', updatedAt: '2026-11-21T10:00:00Z' };
  const fetch = async () =>
    new Response(JSON.stringify(balance), { status: 200, headers: { 'content-type': 'application/json' } });
  const client = new PaymentsClient({ secretKey: 'sk_test_' + 'k'.repeat(32), baseUrl: 'https://api.psp.test', fetch });
  await trace.getTracer('shop').startActiveSpan('checkout', async (span) => {
    await client.balance.retrieve();
    span.end();
  });
  await shutdownTracing();
`;

interface PrintedSpan {
  name: string;
  id: string;
  traceId: string;
  parentSpanContext?: { spanId: string };
  instrumentationScope: { name: string };
}

describe('the OpenTelemetry set-up of docs/observability.md', () => {
  it('is in the guide', () => {
    expect(SETUP).toContain('instrumentPixPayments()');
  });

  it('run as written, traces a call under the application’s span and records its attempt', () => {
    const dir = makeConsumer({
      'package.json': '{ "type": "module" }',
      'tracing.ts': SETUP as string,
      'app.js': APP,
    });
    symlinkSync(join(ROOT, 'node_modules/@opentelemetry'), join(dir, 'node_modules/@opentelemetry'), 'dir');
    const printed = run(process.execPath, ['app.js'], dir)
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));

    const spans = printed.filter((line): line is PrintedSpan => 'traceId' in line);
    const byName = new Map(spans.map((span) => [span.name, span]));
    const parentOf = (name: string) =>
      spans.find((span) => span.id === byName.get(name)?.parentSpanContext?.spanId)?.name;
    expect([...byName.keys()].sort()).toEqual(['GET /v1/integrations/balance', 'checkout', 'getBalance']);
    expect(parentOf('getBalance')).toBe('checkout');
    expect(parentOf('GET /v1/integrations/balance')).toBe('getBalance');
    expect(new Set(spans.map((span) => span.traceId)).size).toBe(1);
    expect(byName.get('getBalance')?.instrumentationScope.name).toBe('pix-payments');

    const durations = printed.filter((line) => line.descriptor?.name === 'http.client.request.duration');
    expect(durations).toHaveLength(1);
    expect(durations[0].dataPoints.map((point: { value: { count: number } }) => point.value.count)).toEqual([
      1,
    ]);
  });
});
