import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeParseWith } from '../../src/schemas/parse.js';
import { WebhookEventBody } from '../../src/schemas/webhook-event.js';
import { fastEventBody } from '../../src/webhooks/fast-event.js';

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
/** Mostly a valid value, sometimes anything: so both branches are reached. */
const mostly = <T>(valid: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: valid, weight: 12 }, { arbitrary: anyValue, weight: 1 });
const anyValue = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
);
const guidish = fc.oneof(
  { arbitrary: fc.uuid(), weight: 8 },
  fc.uuid().map((u) => u.toUpperCase()),
  fc.string(),
  fc.constant('0b8f7e36-3e59-4d44-9f0c-6a3f1f0c2b1'),
);
const timestamp = fc.oneof(
  {
    arbitrary: fc
      .date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true })
      .map((d) => d.toISOString()),
    weight: 6,
  },
  fc.date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true }).map((d) => d.toISOString()),
  fc.constantFrom(
    '2026-11-21T10:00:00Z',
    '2026-11-21T10:00:00+03:00',
    '2026-02-29T10:00:00Z',
    '2026-11-21 10:00:00',
    '2026-11-21',
  ),
  fc.string(),
);
const tracking = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 4 },
  fc.record(
    { utm_source: maybe(fc.oneof(fc.string(), fc.constant(null), fc.integer())), other: maybe(anyValue) },
    { requiredKeys: [] },
  ),
  anyValue,
);
const body = fc.record(
  {
    event: mostly(fc.constantFrom('transaction.completed', 'cashout.failed', 'x.new', '')),
    timestamp: mostly(timestamp),
    data: mostly(
      fc.record(
        {
          id: fc.oneof(
            { arbitrary: fc.integer(), weight: 8 },
            fc.double(),
            fc.constant(2 ** 53),
            fc.string(),
          ),
          referenceId: mostly(guidish),
          status: mostly(fc.constantFrom('COMPLETED', 'NEW_STATUS')),
          type: mostly(fc.constantFrom('CASHIN', 'CASHOUT')),
          trackingParameters: tracking,
          transactionId: mostly(guidish),
          amount: mostly(fc.double()),
          extra: anyValue,
        },
        { requiredKeys: ['id', 'referenceId', 'status', 'type'] },
      ),
    ),
  },
  { requiredKeys: ['event', 'timestamp', 'data'] },
);

describe('the fast path of parseWebhookEvent', () => {
  it('accepts only what the schema accepts, and gives the same value', () => {
    let accepted = 0;
    fc.assert(
      fc.property(body, (input) => {
        // JSON round trip: the fast path only ever sees what JSON.parse makes.
        const json = JSON.parse(JSON.stringify(input) ?? 'null');
        const fast = fastEventBody(json);
        if (fast === undefined) return;
        accepted += 1;
        const outcome = safeParseWith(WebhookEventBody, json);
        expect(outcome.success).toBe(true);
        expect(outcome.success && outcome.data).toEqual(fast);
      }),
      { numRuns: 5000 },
    );
    // The generator reaches the accepting branch often enough for the property to mean something.
    expect(accepted).toBeGreaterThan(20);
  });
});
