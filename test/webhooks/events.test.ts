import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { WEBHOOK_EVENT_NAMES } from '../../src/schemas/event-names.js';
import {
  isWebhookPing,
  parseWebhookEvent,
  type WebhookEvent,
  WebhookParseError,
  webhookEventKey,
} from '../../src/webhooks/index.js';
import { transactionEvent } from './fixtures.js';

const bodyOf = (event: object) => JSON.stringify(event);

describe('parseWebhookEvent', () => {
  it.each(WEBHOOK_EVENT_NAMES)('parses %s to its typed variant, keeping extra fields', (name) => {
    const input = transactionEvent(name, {
      transactionId: '9d3b2c1a-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      amount: 19.9,
    });
    const event = parseWebhookEvent(bodyOf(input));
    expect(event).toEqual(input);
    expect(event.event).toBe(name);
  });

  it('parses a body without trackingParameters', () => {
    const input = transactionEvent('cashout.completed');
    delete (input.data as Record<string, unknown>).trackingParameters;
    expect(parseWebhookEvent(bodyOf(input))).toEqual(input);
  });

  it('parses an unknown event name to the generic variant, and an unknown status as a string', () => {
    const input = transactionEvent('transaction.on_hold', { status: 'ON_HOLD' });
    const event = parseWebhookEvent(new TextEncoder().encode(bodyOf(input)));
    expect(event).toEqual(input);
  });

  it('parses the revalidation ping', () => {
    const ping = {
      event: 'webhook.revalidate',
      timestamp: '2026-11-21T10:00:00Z',
      data: { webhookId: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d' },
    };
    const event = parseWebhookEvent(bodyOf(ping));
    expect(isWebhookPing(event) && event.data.webhookId).toBe(ping.data.webhookId);
  });

  it('throws WebhookParseError for invalid JSON', () => {
    expect(() => parseWebhookEvent('{"event":')).toThrow(WebhookParseError);
    expect(() => parseWebhookEvent('{"event":')).toThrow(/not valid JSON/);
  });

  it.each([
    ['data.id', { id: 4.2 }],
    ['data.referenceId', { referenceId: 'not-a-uuid' }],
    ['data.status', { status: undefined }],
    ['data.type', { type: 7 }],
    ['data.trackingParameters', { trackingParameters: 'utm' }],
  ])('delivers a signed event whose %s does not match, and reports it', (field, change) => {
    const issues: { event: string; field: string }[] = [];
    const input = transactionEvent('transaction.created', change);
    const event = parseWebhookEvent(bodyOf(input), { onIssue: (issue) => issues.push(issue) });
    expect(event.event).toBe('transaction.created');
    expect(issues.map((issue) => issue.field)).toContain(field);
  });

  it('normalises a string data.id and data.amount, and keeps trackingParameters: null', () => {
    const issues: unknown[] = [];
    const input = transactionEvent('transaction.completed', {
      id: '42',
      amount: '19.90',
      trackingParameters: null,
    });
    const event = parseWebhookEvent(bodyOf(input), { onIssue: (issue) => issues.push(issue) });
    expect(event.data).toMatchObject({ id: 42, amount: 19.9, trackingParameters: null });
  });

  it('takes referenceId: null (a charge made in the merchant panel) as documented: no issue, no line', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const issues: unknown[] = [];
    const body = bodyOf(transactionEvent('transaction.completed', { referenceId: null }));
    const event = parseWebhookEvent(body, { onIssue: (issue) => issues.push(issue) });
    parseWebhookEvent(body);
    expect([issues, warn.mock.calls]).toEqual([[], []]);
    expect(event.data).toMatchObject({ referenceId: null });
    expect(webhookEventKey(event)).toBe('transaction.completed:42:2026-11-21T10:00:00.000Z');
    warn.mockRestore();
  });

  it('without onIssue, warns once per event name and field', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const body = bodyOf(transactionEvent('transaction.failed', { referenceId: 'order-1001' }));
    parseWebhookEvent(body);
    parseWebhookEvent(body);
    expect(warn.mock.calls.filter(([line]) => String(line).includes('data.referenceId'))).toHaveLength(1);
    warn.mockRestore();
  });

  it.each([
    ['an array', '[]'],
    ['no event name', '{"timestamp":"2026-11-21T10:00:00Z","data":{}}'],
    ['no data object', '{"event":"transaction.created","timestamp":"2026-11-21T10:00:00Z","data":"x"}'],
  ])('throws WebhookParseError for a body with %s', (_, body) => {
    expect(() => parseWebhookEvent(body)).toThrow(WebhookParseError);
  });

  it('delivers an event whose timestamp has another form, reported', () => {
    const issues: { field: string }[] = [];
    parseWebhookEvent(bodyOf({ ...transactionEvent(), timestamp: 'now' }), {
      onIssue: (i) => issues.push(i),
    });
    expect(issues.map((i) => i.field)).toEqual(['timestamp']);
  });

  it('types each known name with referenceId as a string, or null for a charge made in the panel', () => {
    const event = parseWebhookEvent(bodyOf(transactionEvent()));
    expectTypeOf(event).toEqualTypeOf<WebhookEvent>();
    if (event.event === 'transaction.completed') {
      expectTypeOf(event.data.referenceId).toEqualTypeOf<string | null>();
      expectTypeOf(event.data.id).toEqualTypeOf<number>();
    }
  });
});

describe('webhookEventKey', () => {
  it('is event + referenceId + timestamp', () => {
    const event = parseWebhookEvent(bodyOf(transactionEvent()));
    expect(webhookEventKey(event)).toBe(
      'transaction.completed:0b8f7e36-3e59-4d44-9f0c-6a3f1f0c2b11:2026-11-21T10:00:00.000Z',
    );
  });
  it('differs when any of the three differs', () => {
    const base = webhookEventKey(parseWebhookEvent(bodyOf(transactionEvent())));
    const others = [
      transactionEvent('transaction.reversed'),
      transactionEvent('transaction.completed', { referenceId: '1b8f7e36-3e59-4d44-9f0c-6a3f1f0c2b11' }),
      { ...transactionEvent(), timestamp: '2026-11-21T10:00:01.000Z' },
    ];
    for (const other of others) expect(webhookEventKey(parseWebhookEvent(bodyOf(other)))).not.toBe(base);
  });
});
