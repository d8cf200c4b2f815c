/** Subscribes to the SDK's channels and records what each publishes, in order, for the tracing tests. */
import diagnosticsChannel from 'node:diagnostics_channel';
import { CHANNEL_NAMES } from '../../src/tracing/channels.js';

export type Stage = 'start' | 'end' | 'asyncStart' | 'asyncEnd' | 'error';
export interface Published {
  channel: keyof typeof CHANNEL_NAMES;
  stage: Stage;
  /** The context object itself (the same object at every stage of one operation). */
  context: Record<string, unknown>;
  /** A copy of its fields at that stage. */
  fields: Record<string, unknown>;
}

/** Records every event of the three channels until the returned `stop()` is called. */
export function recordChannels(only?: (keyof typeof CHANNEL_NAMES)[]) {
  const events: Published[] = [];
  const names = only ?? (Object.keys(CHANNEL_NAMES) as (keyof typeof CHANNEL_NAMES)[]);
  const subscriptions = names.map((channel) => {
    const handlers = Object.fromEntries(
      (['start', 'end', 'asyncStart', 'asyncEnd', 'error'] as Stage[]).map((stage) => [
        stage,
        (context: Record<string, unknown>) =>
          events.push({ channel, stage, context, fields: { ...context } }),
      ]),
    ) as unknown as diagnosticsChannel.TracingChannelSubscribers<object>;
    const tracingChannel = diagnosticsChannel.tracingChannel(CHANNEL_NAMES[channel]);
    tracingChannel.subscribe(handlers);
    return () => tracingChannel.unsubscribe(handlers);
  });
  /** The contexts of one channel at their `asyncEnd` (one per settled operation), in order. */
  const settled = (channel: keyof typeof CHANNEL_NAMES) =>
    events.filter((e) => e.channel === channel && e.stage === 'asyncEnd').map((e) => e.context);
  return {
    events,
    settled,
    stop: () => {
      for (const unsubscribe of subscriptions) unsubscribe();
    },
  };
}
