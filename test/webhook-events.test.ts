/**
 * The table of webhook events (`src/schemas/event-names.ts`) says each event's record and status: the
 * mock's moves, the OpenAPI document, GET /v1/user/webhooks/events and docs/webhooks.md read it
 * (./webhook-events-respelled.test.ts shows they read it, not the names).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { currentSection, EVENTS_DOC, webhookEventsSection } from '../scripts/webhook-events.js';
import { eventFor } from '../src/mock/domain/lifecycle.js';
import { createMockService } from '../src/mock/index.js';
import { openApiDocument } from '../src/openapi/document.js';
import * as example from '../src/openapi/examples.js';
import { TRANSACTION_STATUSES } from '../src/schemas/enums.js';
import { WEBHOOK_EVENT_NAMES, WEBHOOK_EVENTS } from '../src/schemas/event-names.js';

const guide = readFileSync(join(import.meta.dirname, '..', EVENTS_DOC), 'utf8');

describe('the table of webhook events', () => {
  it('has every event name, in the order of WEBHOOK_EVENT_NAMES', () => {
    expect(Object.keys(WEBHOOK_EVENTS)).toEqual([...WEBHOOK_EVENT_NAMES]);
  });

  it("gives the mock's move to each status the one event that reports it, and none to the others", () => {
    for (const type of ['CASHIN', 'CASHOUT'] as const)
      for (const status of TRANSACTION_STATUSES) {
        const reporting = WEBHOOK_EVENT_NAMES.filter(
          (name) => WEBHOOK_EVENTS[name].record === type && WEBHOOK_EVENTS[name].status === status,
        );
        expect(reporting.length, `${type} ${status}: one event at most`).toBeLessThanOrEqual(1);
        expect(eventFor(type, status), `${type} ${status}`).toBe(reporting[0]);
      }
    // docs/webhooks.md: a payout cancelled before processing sends no event.
    expect(eventFor('CASHOUT', 'CANCELLED')).toBeUndefined();
    expect(eventFor('CASHIN', 'CHARGEBACK')).toBe('transaction.chargeback');
  });

  it("gives each example body of the OpenAPI document its event's record and status, and its summary", () => {
    const webhooks = openApiDocument().webhooks as Record<string, { post: { summary: string } }>;
    for (const name of WEBHOOK_EVENT_NAMES) {
      const { record, status, description } = WEBHOOK_EVENTS[name];
      // An event without a status of its own carries its record's.
      expect(example.eventBody(name).data, name).toMatchObject({
        type: record,
        status: status ?? expect.any(String),
      });
      expect(webhooks[name]?.post.summary, name).toBe(description);
    }
  });

  it('is what GET /v1/user/webhooks/events answers', async () => {
    const mock = createMockService();
    const server = setupServer(...mock.handlers);
    server.listen({ onUnhandledFrame: 'error' });
    try {
      const answer = await fetch(`${mock.baseUrl}/v1/user/webhooks/events`, {
        headers: { authorization: `Bearer ${await mock.issueUserToken()}` },
      });
      expect(await answer.json()).toEqual({
        data: WEBHOOK_EVENT_NAMES.map((name) => ({ name, description: WEBHOOK_EVENTS[name].description })),
      });
    } finally {
      server.close();
    }
  });
});

describe("docs/webhooks.md's table of events", () => {
  it(`${EVENTS_DOC} holds the section the table makes (else: npm run docs:events)`, () => {
    expect(currentSection(guide), 'run npm run docs:events').toBe(webhookEventsSection());
  });

  it("names each event once, with the table's record and status, the ping besides, and nothing else", () => {
    const rows = [
      ...(currentSection(guide) ?? '').matchAll(/^\| `([\w.]+)` +\|[^|]+\| ([^|]+?) +\| ([^|]+?) +\|$/gm),
    ];
    expect(rows.map((row) => row[1])).toEqual([...WEBHOOK_EVENT_NAMES, 'webhook.revalidate']);
    const TYPE = { CASHIN: 'charge', CASHOUT: 'payout' };
    for (const [, name, record, status] of rows) {
      const event = WEBHOOK_EVENTS[name as keyof typeof WEBHOOK_EVENTS];
      if (event === undefined) continue;
      expect(record?.startsWith(TYPE[event.record]), `${name}'s record`).toBe(true);
      const reported = event.status === undefined ? "the record's, unchanged" : `\`${event.status}\``;
      expect(status, `${name}'s data.status`).toBe(reported);
    }
  });
});
