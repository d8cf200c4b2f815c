/**
 * `pix-payments/opentelemetry`: the SDK's `node:diagnostics_channel` traces (../tracing/channels.ts)
 * as OpenTelemetry spans and the `http.client.request.duration` histogram. The only module of the
 * package that imports `@opentelemetry/api`, an optional peer dependency (docs/observability.md).
 */
import {
  type Attributes,
  context,
  type MeterProvider,
  metrics,
  type Span,
  SpanKind,
  type SpanStatus,
  SpanStatusCode,
  type TracerProvider,
  trace,
} from '@opentelemetry/api';
import { builtinModule } from '../runtime/builtin-module.js';
import { kindOf, optionsObject } from '../schemas/checks.js';
import { type OptionNames, refuseUnknownOptions } from '../schemas/known-options.js';
import {
  type AttemptTraceContext,
  type CallTraceContext,
  CHANNEL_NAMES,
  type WebhookTraceContext,
} from '../tracing/channels.js';
import {
  attemptOutcome,
  attemptStartAttributes,
  callEndAttributes,
  callStartAttributes,
  DURATION_BUCKETS,
  durationAttributes,
  webhookAttributes,
} from './attributes.js';
import { createShield } from './shield.js';

/** Options of {@link instrumentPixPayments}. */
export interface InstrumentPixPaymentsOptions {
  /**
   * Where the spans go.
   * @default the global tracer provider (`trace.getTracerProvider()`)
   */
  tracerProvider?: TracerProvider;
  /**
   * Where the `http.client.request.duration` histogram goes.
   * @default the global meter provider (`metrics.getMeterProvider()`)
   */
  meterProvider?: MeterProvider;
  /**
   * `'client'`: a CLIENT span per HTTP attempt, under its call's span, and the
   * `http.client.request.duration` histogram. `'none'`: call spans alone, and no histogram, for
   * an application whose undici or http instrumentation already makes a span and records that
   * histogram for every request (the attempts would be counted twice).
   * @default 'client'
   */
  attemptSpans?: 'client' | 'none';
}

const KNOWN_OPTIONS = {
  tracerProvider: 0,
  meterProvider: 0,
  attemptSpans: 0,
} satisfies OptionNames<InstrumentPixPaymentsOptions>;

/** Written in by the build (tsup's `define`): package.json's `version`. */
declare const __PIX_PAYMENTS_VERSION__: string | undefined;

/** The tracer's and the meter's scope: the package and its version (none in unbuilt source). */
const SCOPE = 'pix-payments';
const VERSION = typeof __PIX_PAYMENTS_VERSION__ === 'string' ? __PIX_PAYMENTS_VERSION__ : undefined;

/** What a subscriber gives a TracingChannel: only the events it listens to. */
interface Handlers<C> {
  start?(ctx: C): void;
  asyncEnd?(ctx: C): void;
}
interface DiagnosticsChannel {
  tracingChannel(name: string): {
    subscribe(handlers: Handlers<never>): void;
    unsubscribe(handlers: Handlers<never>): boolean;
  };
}

/**
 * Turns the SDK's traces into OpenTelemetry spans and measurements, until the function it returns
 * is called (spans open at that moment are never ended, so never exported):
 *
 * - each client call: an INTERNAL span named by its operation (`createCashout`), a child of the
 *   context active where the call was made, with `pix_payments.operation`,
 *   `pix_payments.idempotency_key` (when it has one) and `pix_payments.attempts`;
 * - each HTTP attempt of a call: a CLIENT span `POST /v1/integrations/cashout`, a child of its
 *   call's span, with the HTTP client semantic conventions (`http.request.resend_count` on a
 *   retry, `error.type` `'503'`, `timeout` or `APIConnectionError`), and one measurement of
 *   `http.client.request.duration`;
 * - each webhook delivery a receiver handles: an INTERNAL span `webhook transaction.completed`,
 *   a child of the span active in the receiver (the server's), with its outcome.
 *
 * What the OpenTelemetry SDK throws in these (a span processor, a view) is caught and reported
 * once per provider through OpenTelemetry's `diag` logger: the call and the webhook answer are
 * unchanged, and the process never gets an `uncaughtException` from the bridge.
 *
 * OpenTelemetry JS has no public way for a channel subscriber to make its span the active one, so
 * the span that an undici or http instrumentation makes for the same request is not a child of
 * the attempt's span but of the caller's context, a sibling of the call's span: choose
 * `attemptSpans: 'none'` to keep only theirs.
 *
 * Where `node:diagnostics_channel` is missing (a browser, workerd without `nodejs_compat`, Node
 * before 20.16) it does nothing and returns a function that does nothing.
 *
 * @example
 * import { instrumentPixPayments } from 'pix-payments/opentelemetry';
 * // After the OpenTelemetry SDK is set up (NodeSDK, or a tracer provider registered globally):
 * const stop = instrumentPixPayments();
 * // … every client call and webhook delivery is traced; on shutdown:
 * stop();
 */
export function instrumentPixPayments(options: InstrumentPixPaymentsOptions = {}): () => void {
  const {
    tracerProvider = trace.getTracerProvider(),
    meterProvider = metrics.getMeterProvider(),
    attemptSpans = 'client',
  } = refuseUnknownOptions(
    optionsObject(options, 'instrumentPixPayments options'),
    KNOWN_OPTIONS,
    'instrumentPixPayments',
  );
  if (attemptSpans !== 'client' && attemptSpans !== 'none')
    throw new TypeError(
      `instrumentPixPayments: attemptSpans must be 'client' or 'none', got ${kindOf(attemptSpans)}`,
    );
  // Reached as ../tracing/channels.ts reaches it: never a static `node:` import.
  const dc = builtinModule<Partial<DiagnosticsChannel>>('node:diagnostics_channel');
  if (typeof dc?.tracingChannel !== 'function') return () => {};
  const channel = (name: string) => (dc as DiagnosticsChannel).tracingChannel(name);

  const tracer = tracerProvider.getTracer(SCOPE, VERSION);
  const shield = createShield();
  // A context is the same object from its start to its end: the span hangs on it.
  const spans = new WeakMap<object, Span>();
  const start = (ctx: object, startSpan: () => Span) =>
    shield('tracer provider', 'starting a span', () => spans.set(ctx, startSpan()));
  const end = (ctx: object, attributes: Attributes, status: SpanStatus | undefined) => {
    const span = spans.get(ctx);
    if (span === undefined) return; // It started before the subscription, or failed to.
    spans.delete(ctx);
    shield('tracer provider', 'ending a span', () => {
      span.setAttributes(attributes);
      if (status) span.setStatus(status);
      span.end();
    });
  };
  const failed = (message: string | undefined): SpanStatus =>
    message === undefined ? { code: SpanStatusCode.ERROR } : { code: SpanStatusCode.ERROR, message };

  const subscriptions: [string, Handlers<never>][] = [
    [
      CHANNEL_NAMES.call,
      {
        start: (ctx: CallTraceContext) => {
          const attributes = callStartAttributes(ctx);
          start(ctx, () => tracer.startSpan(ctx.operationId, { kind: SpanKind.INTERNAL, attributes }));
        },
        asyncEnd: (ctx: CallTraceContext) =>
          end(ctx, callEndAttributes(ctx), ctx.error && failed(ctx.error.message)),
      } satisfies Handlers<CallTraceContext>,
    ],
    [
      CHANNEL_NAMES.webhook,
      {
        // Published in the receiver's handling: the active span is the server's.
        start: (ctx: WebhookTraceContext) => {
          const name = ctx.event === undefined ? 'webhook' : `webhook ${ctx.event}`;
          const attributes = webhookAttributes(ctx);
          start(ctx, () => tracer.startSpan(name, { kind: SpanKind.INTERNAL, attributes }));
        },
        asyncEnd: (ctx: WebhookTraceContext) => {
          const refused = ctx.outcome === 'rejected' || ctx.outcome === 'failed';
          end(ctx, webhookAttributes(ctx), refused ? failed(ctx.reason) : undefined);
        },
      } satisfies Handlers<WebhookTraceContext>,
    ],
  ];

  if (attemptSpans === 'client') {
    const duration = meterProvider.getMeter(SCOPE, VERSION).createHistogram('http.client.request.duration', {
      description: 'Duration of HTTP client requests.',
      unit: 's',
      advice: { explicitBucketBoundaries: DURATION_BUCKETS },
    });
    const started = new WeakMap<object, number>();
    subscriptions.push([
      CHANNEL_NAMES.attempt,
      {
        start: (ctx: AttemptTraceContext) => {
          started.set(ctx, performance.now());
          start(ctx, () => {
            const call = spans.get(ctx.call);
            const parent = call ? trace.setSpan(context.active(), call) : context.active();
            const attributes = attemptStartAttributes(ctx);
            return tracer.startSpan(
              `${ctx.method} ${ctx.urlTemplate}`,
              { kind: SpanKind.CLIENT, attributes },
              parent,
            );
          });
        },
        asyncEnd: (ctx: AttemptTraceContext) => {
          const since = started.get(ctx);
          if (since !== undefined)
            shield('meter provider', 'recording http.client.request.duration', () =>
              duration.record((performance.now() - since) / 1000, durationAttributes(ctx)),
            );
          // An error answer's status says it all: a status message only for a failure without one.
          const status =
            ctx.error !== undefined
              ? failed(ctx.error.message)
              : (ctx.statusCode ?? 0) >= 400
                ? failed(undefined)
                : undefined;
          end(ctx, attemptOutcome(ctx), status);
        },
      } satisfies Handlers<AttemptTraceContext>,
    ]);
  }

  for (const [name, handlers] of subscriptions) channel(name).subscribe(handlers);
  return () => {
    for (const [name, handlers] of subscriptions.splice(0)) channel(name).unsubscribe(handlers);
  };
}
