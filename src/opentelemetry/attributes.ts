/**
 * What a span or a measurement says, read from a channel's context: the OpenTelemetry HTTP client
 * semantic conventions for an attempt, `pix_payments.*` for a call and a delivery. A context holds
 * no secret, body or header value (../tracing/channels.ts), and nothing here adds one.
 */
import type { Attributes } from '@opentelemetry/api';
import type {
  AttemptTraceContext,
  CallTraceContext,
  TraceError,
  WebhookTraceContext,
} from '../tracing/channels.js';

/** The semantic conventions' advice for `http.client.request.duration`, in seconds. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

/**
 * `error.type`: the status as a string for an error answer (`'422'`), `timeout` for a timeout, else
 * the error's class (`APIConnectionError`); `undefined` for a success.
 */
export function errorType(statusCode: number | undefined, error: TraceError | undefined): string | undefined {
  if (statusCode !== undefined && statusCode >= 400) return String(statusCode);
  if (error === undefined) return undefined;
  return error.name === 'APITimeoutError' ? 'timeout' : error.name;
}

/** Where a request goes, as a call and its attempts share it. */
function target(ctx: CallTraceContext | AttemptTraceContext): Attributes {
  return {
    'http.request.method': ctx.method,
    'url.template': ctx.urlTemplate,
    'server.address': ctx.serverAddress,
    'server.port': ctx.serverPort,
  };
}

/** A call's attributes when it starts. */
export function callStartAttributes(ctx: CallTraceContext): Attributes {
  return {
    'pix_payments.operation': ctx.operationId,
    ...(ctx.idempotencyKey !== undefined && { 'pix_payments.idempotency_key': ctx.idempotencyKey }),
    ...target(ctx),
  };
}

/** A call's attributes once it settled. */
export function callEndAttributes(ctx: CallTraceContext): Attributes {
  const type = errorType(ctx.statusCode, ctx.error);
  return { 'pix_payments.attempts': ctx.attempts ?? 0, ...(type !== undefined && { 'error.type': type }) };
}

/**
 * An attempt's attributes when it starts; on a retry only, `http.request.resend_count` and
 * `pix_payments.retry_delay_ms`, the wait before it (backoff or the answer's Retry-After).
 */
export function attemptStartAttributes(ctx: AttemptTraceContext): Attributes {
  return {
    ...target(ctx),
    'url.full': ctx.url,
    ...(ctx.resendCount >= 1 && {
      'http.request.resend_count': ctx.resendCount,
      'pix_payments.retry_delay_ms': ctx.delayMs,
    }),
  };
}

/** An attempt's outcome: its status and `error.type`, on its span and its measurement alike. */
export function attemptOutcome(ctx: AttemptTraceContext): Attributes {
  const type = errorType(ctx.statusCode, ctx.error);
  return {
    ...(ctx.statusCode !== undefined && { 'http.response.status_code': ctx.statusCode }),
    ...(type !== undefined && { 'error.type': type }),
  };
}

/** The attributes of an attempt's `http.client.request.duration` measurement (never the key). */
export function durationAttributes(ctx: AttemptTraceContext): Attributes {
  return { ...target(ctx), ...attemptOutcome(ctx) };
}

/** A delivery's attributes: those of the event when it starts, and the outcome when answered. */
export function webhookAttributes(ctx: WebhookTraceContext): Attributes {
  const attributes: Attributes = {};
  if (ctx.event !== undefined) attributes['pix_payments.webhook.event'] = ctx.event;
  if (ctx.eventKey !== undefined) attributes['pix_payments.webhook.event_key'] = ctx.eventKey;
  if (ctx.outcome !== undefined) attributes['pix_payments.webhook.outcome'] = ctx.outcome;
  if (ctx.reason !== undefined) attributes['pix_payments.webhook.reason'] = ctx.reason;
  return attributes;
}
