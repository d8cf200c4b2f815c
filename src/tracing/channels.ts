/**
 * The SDK's traces: three `node:diagnostics_channel` TracingChannels (docs/observability.md).
 * The module is reached through `process.getBuiltinModule`, as ../webhooks/hmac.ts reaches
 * `node:crypto`: never a static `node:` import, so that a browser, workerd without
 * `nodejs_compat` and Node before 20.16 load and run, and publish nothing. While nobody
 * subscribes, `tracing()` answers `undefined` and a caller builds no context.
 *
 * Each traced operation publishes by hand, never through `tracePromise`: that writes the resolved
 * value (an answer, with its headers) into the context, and would hand back its own promise.
 * `start` and `end` when it begins (its synchronous part is only the start), then `error` if it
 * failed, `asyncStart` and `asyncEnd` once its outcome is in the context.
 */
import { builtinModule } from '../runtime/builtin-module.js';
import { redactSecrets } from '../schemas/redact.js';

/** An error as a context carries it: a summary, redacted, never the error (it holds headers and a body). */
export interface TraceError {
  name: string;
  /** The answer's HTTP status, for an error answer. */
  status?: number | undefined;
  /** The service's error code, or the SDK's for a local failure. */
  code?: string | undefined;
  message: string;
}

/** `pix-payments:call`: one client call (a page of a list, a poll of `waitFor`, a line of `createMany`). */
export interface CallTraceContext {
  /** The operation (`createCashout`; `transactions.retrieve` is `listTransactions`). */
  operationId: string;
  method: string;
  /** The path as the table writes it: `/v1/integrations/cashout/{id}`. */
  urlTemplate: string;
  serverAddress: string;
  serverPort: number;
  /** The call's idempotency key, when it has one (not a secret: every error carries it). */
  idempotencyKey?: string | undefined;
  /** 0 at the start; once the call settles, the attempts made (still 0 when none was sent). */
  attempts?: number;
  /** Set when the call settles: the last answer's status. */
  statusCode?: number | undefined;
  /** Set when the call settles: the last answer's `x-request-id`. */
  requestId?: string | undefined;
  /** Set when the call fails. */
  error?: TraceError;
}

/** `pix-payments:attempt`: one HTTP attempt of a call. */
export interface AttemptTraceContext {
  operationId: string;
  method: string;
  urlTemplate: string;
  /** The URL sent, without credentials. */
  url: string;
  serverAddress: string;
  serverPort: number;
  /** 0 for the first attempt, 1 for the first retry. */
  resendCount: number;
  /** The wait before this attempt, in ms (0 for the first). */
  delayMs: number;
  /** The context of the call this attempt belongs to. */
  call: CallTraceContext;
  /** Set when an answer arrives, an error answer included. */
  statusCode?: number;
  /** Set when the attempt got no answer (timeout, connection, a 2xx body lost). */
  error?: TraceError;
}

/** How a receiver ended a delivery: the first three as the stores' `ClaimResult` spells them. */
export type WebhookTraceOutcome = 'handled' | 'duplicate' | 'in-progress' | 'rejected' | 'failed';

/** `pix-payments:webhook`: one delivery a receiver handles. */
export interface WebhookTraceContext {
  /** The event's name (`transaction.completed`); `undefined` for a delivery rejected before verification. */
  event?: string | undefined;
  /** The event's de-duplication key (`webhookEventKey`), once verified. */
  eventKey?: string | undefined;
  /** Set when the delivery is answered. */
  outcome?: WebhookTraceOutcome;
  /** Set with a `rejected`, `failed` or `in-progress` outcome: the answer's reason (`invalid signature`). */
  reason?: string | undefined;
}

/** The channels' names, by what they trace. */
export const CHANNEL_NAMES = {
  call: 'pix-payments:call',
  attempt: 'pix-payments:attempt',
  webhook: 'pix-payments:webhook',
} as const;

interface Channel {
  readonly hasSubscribers: boolean;
  publish(message: unknown): void;
}
/** A TracingChannel, as much of it as the SDK publishes on. */
export interface TracingChannel {
  /** Whether any of the five has a subscriber (`undefined` in Bun). */
  readonly hasSubscribers?: boolean;
  start: Channel;
  end: Channel;
  asyncStart: Channel;
  asyncEnd: Channel;
  error: Channel;
}

const channels: Record<string, TracingChannel | undefined> = {};

/** The channel, when this runtime has `node:diagnostics_channel` and someone subscribes to it. */
export function tracing(name: keyof typeof CHANNEL_NAMES): TracingChannel | undefined {
  channels[name] ??= builtinModule<{ tracingChannel?(name: string): TracingChannel }>(
    'node:diagnostics_channel',
  )?.tracingChannel?.(CHANNEL_NAMES[name]);
  const channel = channels[name];
  // Bun's TracingChannel has no `hasSubscribers` of its own: its five channels each have one.
  const subscribed =
    channel?.hasSubscribers ?? Object.values(channel ?? {}).some((part) => part.hasSubscribers);
  return subscribed ? channel : undefined;
}

/** An operation begins: `start`, then `end` (its synchronous part is over). */
export function traceStart(channel: TracingChannel, context: object): void {
  channel.start.publish(context);
  channel.end.publish(context);
}

/** The operation settled, its outcome in the context: `error` if it failed, `asyncStart`, `asyncEnd`. */
export function traceEnd(channel: TracingChannel, context: object & { error?: unknown }): void {
  if (context.error !== undefined) channel.error.publish(context);
  channel.asyncStart.publish(context);
  channel.asyncEnd.publish(context);
}

/** An error's summary for a context: its name, status, code and message, redacted of `secrets`. */
export function traceError(error: unknown, secrets: readonly (string | undefined)[]): TraceError {
  const { name, status, code, message } = error as Partial<TraceError>;
  return { name: String(name), status, code, message: redactSecrets(String(message), secrets) };
}
