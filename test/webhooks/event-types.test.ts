/**
 * The webhook event types (docs/webhooks.md, "Typed events"), held by the type checker: `npm run typecheck`
 * fails if a `@ts-expect-error` below stops being an error, and `expectTypeOf` pins exact types.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { WebhookEventData } from '../../src/index.js';
import {
  isUnknownWebhookEvent,
  parseWebhookEvent,
  type UnknownWebhookEvent,
  type WebhookEvent,
  type WebhookPingEvent,
} from '../../src/webhooks/index.js';
import { transactionEvent } from './fixtures.js';

const body = (value: unknown) => JSON.stringify(value);

function handle(event: WebhookEvent): string {
  if (isUnknownWebhookEvent(event)) {
    expectTypeOf(event).toExtend<UnknownWebhookEvent>();
    expectTypeOf(event.data).toExtend<{ readonly [key: string]: unknown }>();
    return `unknown ${event.event}`;
  }
  switch (event.event) {
    case 'transaction.completed':
      expectTypeOf(event).toEqualTypeOf<{
        event: 'transaction.completed';
        timestamp: string;
        data: WebhookEventData;
      }>();
      expectTypeOf(event.data.referenceId).toEqualTypeOf<string | null>(); // null: made in the panel
      expectTypeOf(event.data.id).toEqualTypeOf<number>();
      // @ts-expect-error a misspelled data field does not compile
      event.data.referenceID;
      // @ts-expect-error nor does an undocumented one
      event.data.nope;
      return 'paid';
    case 'webhook.revalidate':
      expectTypeOf(event).toEqualTypeOf<WebhookPingEvent>();
      expectTypeOf(event.data.webhookId).toEqualTypeOf<string>();
      return 'ping';
    // @ts-expect-error a misspelled event name in a switch does not compile
    case 'transaction.complete':
      return 'never';
    default:
      return 'other';
  }
}

function compare(event: WebhookEvent): boolean {
  // @ts-expect-error a misspelled event name in a comparison does not compile
  if (event.event === 'cashout.complete') return true;
  if (event.event === 'cashout.completed') {
    expectTypeOf(event.event).toEqualTypeOf<'cashout.completed'>();
    return true;
  }
  return false;
}

describe('webhook event types', () => {
  it('narrow, and reach unknown names only through the guard', () => {
    expect(handle(parseWebhookEvent(body(transactionEvent('transaction.completed'))))).toBe('paid');
    const ping = {
      event: 'webhook.revalidate',
      timestamp: '2026-11-21T10:00:00Z',
      data: { webhookId: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d' },
    };
    expect(handle(parseWebhookEvent(body(ping)))).toBe('ping');
    const future = { ...transactionEvent(), event: 'transaction.disputed' };
    expect(handle(parseWebhookEvent(body(future)))).toBe('unknown transaction.disputed');
    expect(compare(parseWebhookEvent(body(transactionEvent('cashout.completed'))))).toBe(true);
  });
});
