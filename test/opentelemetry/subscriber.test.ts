/**
 * The bridge on its own: contexts published by hand on the channels, as the client and the
 * receivers publish them (start and end at once; error, asyncStart and asyncEnd once settled).
 */
import diagnostics_channel from 'node:diagnostics_channel';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { instrumentPixPayments } from '../../src/opentelemetry/index.js';
import {
  type AttemptTraceContext,
  type CallTraceContext,
  CHANNEL_NAMES,
  type WebhookTraceContext,
} from '../../src/tracing/channels.js';
import { parentOf, useOtel } from './otel.js';

const otel = useOtel();

function begin(name: keyof typeof CHANNEL_NAMES, ctx: object): void {
  const channel = diagnostics_channel.tracingChannel(CHANNEL_NAMES[name]);
  channel.start.publish(ctx);
  channel.end.publish(ctx);
}
function settle(name: keyof typeof CHANNEL_NAMES, ctx: object & { error?: unknown }): void {
  const channel = diagnostics_channel.tracingChannel(CHANNEL_NAMES[name]);
  if (ctx.error !== undefined) channel.error.publish(ctx);
  channel.asyncStart.publish(ctx);
  channel.asyncEnd.publish(ctx);
}

const callContext = (): CallTraceContext => ({
  operationId: 'getBalance',
  method: 'GET',
  urlTemplate: '/v1/integrations/balance',
  serverAddress: 'api.psp.test',
  serverPort: 443,
});
const attemptContext = (call: CallTraceContext, resendCount = 0): AttemptTraceContext => ({
  operationId: call.operationId,
  method: call.method,
  urlTemplate: call.urlTemplate,
  url: 'https://api.psp.test/v1/integrations/balance',
  serverAddress: call.serverAddress,
  serverPort: call.serverPort,
  resendCount,
  delayMs: 0,
  call,
});

/** One call of one attempt that ends as `outcome` says. */
function oneCall(outcome: Partial<AttemptTraceContext>): void {
  const call = callContext();
  begin('call', call);
  const attempt = attemptContext(call);
  begin('attempt', attempt);
  Object.assign(attempt, outcome);
  settle('attempt', attempt);
  Object.assign(call, { attempts: 1, statusCode: outcome.statusCode, error: outcome.error });
  settle('call', call);
}

describe('the OpenTelemetry bridge, on hand-made contexts', () => {
  it('makes a call span and an attempt span under it, ended when each settles', () => {
    otel.instrument();
    oneCall({ statusCode: 200 });
    const [attempt, call] = otel.spans();
    expect(call).toMatchObject({ name: 'getBalance', kind: SpanKind.INTERNAL });
    expect(call?.attributes).toEqual({
      'pix_payments.operation': 'getBalance',
      'pix_payments.attempts': 1,
      'http.request.method': 'GET',
      'url.template': '/v1/integrations/balance',
      'server.address': 'api.psp.test',
      'server.port': 443,
    });
    expect(attempt).toMatchObject({ name: 'GET /v1/integrations/balance', kind: SpanKind.CLIENT });
    expect(attempt?.attributes).toEqual({
      'http.request.method': 'GET',
      'url.full': 'https://api.psp.test/v1/integrations/balance',
      'url.template': '/v1/integrations/balance',
      'server.address': 'api.psp.test',
      'server.port': 443,
      'http.response.status_code': 200,
    });
    expect(parentOf(attempt as never, otel.spans())).toBe(call);
    expect(call?.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('names a timeout `timeout` and any other failure by its class', () => {
    otel.instrument();
    oneCall({ error: { name: 'APITimeoutError', message: 'Request timed out after 10000 ms' } });
    oneCall({ error: { name: 'APIConnectionError', message: 'Connection error: ECONNRESET' } });
    const attempts = otel.spans().filter((span) => span.kind === SpanKind.CLIENT);
    expect(attempts.map((span) => span.attributes['error.type'])).toEqual(['timeout', 'APIConnectionError']);
    expect(attempts.map((span) => span.status)).toEqual([
      { code: SpanStatusCode.ERROR, message: 'Request timed out after 10000 ms' },
      { code: SpanStatusCode.ERROR, message: 'Connection error: ECONNRESET' },
    ]);
  });

  it('stops making spans once unsubscribed, and a second unsubscribe does nothing', () => {
    const stop = otel.instrument();
    oneCall({ statusCode: 200 });
    stop();
    stop();
    oneCall({ statusCode: 200 });
    expect(otel.spans()).toHaveLength(2);
    expect(diagnostics_channel.tracingChannel(CHANNEL_NAMES.call).hasSubscribers).toBe(false);
  });

  it("with attemptSpans: 'none', makes call spans only and records no duration", async () => {
    otel.instrument({ attemptSpans: 'none' });
    oneCall({ statusCode: 200 });
    expect(otel.spans().map((span) => span.name)).toEqual(['getBalance']);
    expect(await otel.durations()).toEqual([]);
    expect(diagnostics_channel.tracingChannel(CHANNEL_NAMES.attempt).hasSubscribers).toBe(false);
  });

  it('names a delivery rejected before it was verified `webhook`, with its reason as an error', () => {
    otel.instrument();
    const delivery: WebhookTraceContext = {};
    begin('webhook', delivery);
    Object.assign(delivery, { outcome: 'rejected', reason: 'invalid signature' });
    settle('webhook', delivery);
    const [span] = otel.spans();
    expect(span).toMatchObject({ name: 'webhook', kind: SpanKind.INTERNAL });
    expect(span?.attributes).toEqual({
      'pix_payments.webhook.outcome': 'rejected',
      'pix_payments.webhook.reason': 'invalid signature',
    });
    expect(span?.status).toEqual({ code: SpanStatusCode.ERROR, message: 'invalid signature' });
  });

  it('ignores a context that started before it subscribed', () => {
    const call = callContext();
    begin('call', call);
    otel.instrument();
    call.attempts = 1;
    settle('call', call);
    expect(otel.spans()).toEqual([]);
  });

  it('refuses an unknown option with the one it stands for, and an attemptSpans it does not know', () => {
    expect(() => instrumentPixPayments({ attemptSpan: 'none' } as never)).toThrow(
      'Unknown option attemptSpan of instrumentPixPayments; did you mean attemptSpans?',
    );
    expect(() => instrumentPixPayments({ attemptSpans: 'server' as never })).toThrow(
      "instrumentPixPayments: attemptSpans must be 'client' or 'none', got string",
    );
  });
});
