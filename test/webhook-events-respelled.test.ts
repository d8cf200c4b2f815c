/**
 * An event's status and record are data, never its spelling: with a table of events in which
 * `transaction.reversed` is spelled `transaction.returned` (still reporting REVERSED) and an event
 * that reports no status is added, the mock's moves, the OpenAPI examples and docs/webhooks.md's
 * table follow the table, with no special case.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { currentSection, EVENTS_DOC, webhookEventsSection } from '../scripts/webhook-events.js';
import { eventFor } from '../src/mock/domain/lifecycle.js';
import { buildMockService } from '../src/mock/service.js';
import * as example from '../src/openapi/examples.js';
import type { KnownWebhookEventName } from '../src/schemas/event-names.js';

vi.mock('../src/schemas/event-names.js', async (original) => {
  const names = await original<typeof import('../src/schemas/event-names.js')>();
  const { 'transaction.reversed': reversed, ...rest } = names.WEBHOOK_EVENTS;
  return {
    ...names,
    WEBHOOK_EVENTS: {
      ...rest,
      'transaction.returned': reversed,
      'transaction.noted': {
        description: 'A note was added',
        sentWhen: 'a note was added',
        record: 'CASHIN',
      },
    },
  };
});

const returned = 'transaction.returned' as KnownWebhookEventName;
const noted = 'transaction.noted' as KnownWebhookEventName;

describe('a table of events whose names are not their statuses', () => {
  it('makes the move to REVERSED send transaction.returned, and no move send an event without a status', () => {
    expect(eventFor('CASHIN', 'REVERSED')).toBe(returned);
    expect(eventFor('CASHOUT', 'REVERSED')).toBe('cashout.reversed');
    const { ctx } = buildMockService({});
    const dispatch = vi.spyOn(ctx.dispatcher, 'dispatch');
    const merchant = ctx.options.merchants[0] as (typeof ctx.options.merchants)[number];
    const { record } = ctx.ledger.createCharge(merchant, { amount: 10 });
    ctx.ledger.move(record, 'COMPLETED');
    ctx.ledger.move(record, 'REVERSED');
    expect(dispatch.mock.calls.map(([, event]) => event)).toEqual([
      'transaction.created',
      'transaction.completed',
      returned,
    ]);
  });

  it("gives the OpenAPI examples the event's status, or the record's own when it reports none", () => {
    expect(example.eventBody(returned).data).toMatchObject({ type: 'CASHIN', status: 'REVERSED' });
    expect(example.eventBody(noted).data).toMatchObject({ type: 'CASHIN', status: example.charge.status });
  });

  it("writes docs/webhooks.md's table from it, so the guide as it is no longer matches", () => {
    const section = webhookEventsSection();
    expect(section).toMatch(
      /^\| `transaction\.returned` +\| a paid charge was refunded to the payer +\| charge +\| `REVERSED` +\|$/m,
    );
    expect(section).toMatch(
      /^\| `transaction\.noted` +\| a note was added +\| charge +\| the record's, unchanged +\|$/m,
    );
    expect(section).not.toContain('`transaction.reversed`');
    const guide = readFileSync(join(import.meta.dirname, '..', EVENTS_DOC), 'utf8');
    expect(currentSection(guide)).not.toBe(section);
  });
});
