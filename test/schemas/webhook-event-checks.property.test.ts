/**
 * The webhook event's four format checks (`Guid`, `IsoDateTime`, the legacy `id`, the event name)
 * are zod's own (`z.guid`, `z.regex`, `z.int`, `z.minLength`) since issue 40; before, they were
 * plain check functions. The oracle is those functions, copied here as they were: over generated
 * values, the new schemas accept exactly what they accepted, give the same data, and raise the same
 * issues, word for word, at the same paths, alone and inside the event and ping bodies.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { GUID_PATTERN, Guid, IsoDateTime, WholeNumber } from '../../src/schemas/formats.js';
import { A_UUID, mustBe } from '../../src/schemas/messages.js';
import { Money } from '../../src/schemas/money.js';
import { OpenTransactionStatus, OpenTransactionType } from '../../src/schemas/open-enums.js';
import { safeParseWith, summarizeIssues } from '../../src/schemas/parse.js';
import { TrackingParameters } from '../../src/schemas/tracking.js';
import { PingFields, WebhookEventBody, WebhookEventData } from '../../src/schemas/webhook-event.js';

// ---- The oracle: the plain checks as src/schemas/formats.ts had them (commit 9384c26). ----

const OLD_GUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const OLD_DATE_TIME_PATTERN =
  /^(?:\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-4])(?::[0-5]\d(?::[0-5]\d(?:[.,]\d+)?)?)?|\d{4}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-4])(?:[0-5]\d(?:[0-5]\d(?:[.,]\d+)?)?)?)(?:Z|[+-](?:[01]\d|2[0-3])(?::?[0-5]\d)?)?$/;

function checked<T>(base: z.ZodMiniType<T>, valid: (value: T) => boolean, what: string) {
  return base.check((payload) => {
    if (!valid(payload.value))
      payload.issues.push({ code: 'custom', message: mustBe(what, payload.value), input: payload.value });
  });
}
const OldGuid = checked(z.string(), (text) => OLD_GUID_PATTERN.test(text), A_UUID);
const OldWholeNumber = checked(z.number(), Number.isSafeInteger, 'a whole number');
const OldIsoDateTime = checked(
  z.string(),
  (text) => OLD_DATE_TIME_PATTERN.test(text),
  'an ISO 8601 date-time, such as "2026-11-21T10:00:00Z"',
);
const OldEventName = checked(
  z.string(),
  (name) => name !== '',
  'an event name, such as "transaction.completed"',
);
const OldEventData = z.looseObject({
  id: OldWholeNumber,
  referenceId: z.nullable(OldGuid),
  status: OpenTransactionStatus,
  type: OpenTransactionType,
  trackingParameters: z.optional(TrackingParameters),
  transactionId: z.optional(OldGuid),
  amount: z.optional(Money),
});
const OldEventBody = z.looseObject({ event: OldEventName, timestamp: OldIsoDateTime, data: OldEventData });
const OldPingFields = z.looseObject({
  timestamp: OldIsoDateTime,
  data: z.looseObject({ webhookId: OldGuid }),
});

// ---- Generated values: valid ones, near misses, and anything at all. ----

/** `text` with a few characters replaced, inserted or removed, from `alphabet`. */
const mutated = (valid: fc.Arbitrary<string>, alphabet: string) =>
  fc
    .tuple(
      valid,
      fc.array(
        fc.tuple(fc.constantFrom('replace', 'insert', 'delete'), fc.nat(), fc.constantFrom(...alphabet)),
        { minLength: 1, maxLength: 3 },
      ),
    )
    .map(([text, edits]) =>
      edits.reduce((out, [edit, at, char]) => {
        const i = at % (out.length + 1);
        if (edit === 'insert') return out.slice(0, i) + char + out.slice(i);
        if (edit === 'delete') return out.slice(0, i) + out.slice(i + 1);
        return out.slice(0, i) + char + out.slice(i + 1);
      }, text),
    );

const guidText = fc.stringMatching(OLD_GUID_PATTERN);
const guidLike = fc.oneof(
  guidText,
  mutated(guidText, '0123456789abcdefABCDEFgGxX-{} \n'),
  fc.uuid(),
  fc.uuid().map((u) => `urn:uuid:${u}`),
  fc.uuid().map((u) => u.replaceAll('-', '')),
  fc.constantFrom('00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', ''),
);
const dateTimeText = fc.stringMatching(OLD_DATE_TIME_PATTERN);
const dateTimeLike = fc.oneof(
  dateTimeText,
  mutated(dateTimeText, '0123456789-:T Z+.,tz'),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.constantFrom(
    '2026-11-21T10:00:00Z',
    '20261121T100000Z',
    '2026-11-21T24:00',
    '2026-02-31T10:00:00,5-0300',
    '2026-11-21T10-03',
    '2026-11-21 10:00:00Z',
    '2026-11-21',
    '',
  ),
);
const numberLike = fc.oneof(
  fc.integer(),
  fc.maxSafeInteger(),
  fc.double(),
  fc.constantFrom(
    2 ** 53 - 1,
    2 ** 53,
    -(2 ** 53 - 1),
    -(2 ** 53),
    2 ** 53 + 2,
    1e21,
    -0,
    0.1,
    1.5,
    Number.NaN,
  ),
  fc.constantFrom(Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.MAX_VALUE, Number.MIN_VALUE),
  fc.integer().map(String),
);
const eventLike = fc.oneof(
  fc.constantFrom('', 'transaction.completed', 'webhook.revalidate', ' '),
  fc.string({ maxLength: 4 }),
);
/** Anything, of any type, a JSON body or a caller may give. */
const anyValue = fc.oneof(fc.anything(), fc.constantFrom(undefined, null, true, [], {}, 42n));

/** Both schemas give the same outcome: success and data (-0 apart from 0), or the same issues. */
function sameOutcome(oldSchema: z.ZodMiniType, newSchema: z.ZodMiniType, input: unknown) {
  expect(safeParseWith(newSchema, input)).toEqual(safeParseWith(oldSchema, input));
}

/**
 * The one known difference: zod runs a length check (`z.minLength`) on any value with a `length`,
 * after its type issue too, so an event name that is not a string but has a `length` below 1 (an
 * empty array) gets a second issue after `must be a string`. The receivers never show it: they
 * refuse a body whose event is not a non-empty string before the schema (parseWebhookEvent).
 */
function lengthChecked(value: unknown): boolean {
  if (typeof value === 'string' || value === null || value === undefined) return false;
  const { length } = value as { length?: unknown };
  return length !== undefined && !((length as number) >= 1);
}
const EVENT_NAME = 'an event name, such as "transaction.completed"';

/** The plain checks' outcome for an event body, with that second issue where zod adds it. */
function expectedForEvent(oldSchema: z.ZodMiniType, input: unknown, path: string, event: unknown) {
  const was = safeParseWith(oldSchema, input);
  if (was.success || !lengthChecked(event)) return was;
  const at = was.issues.findIndex((issue) => issue.path === path) + 1;
  expect(at).toBeGreaterThan(0);
  const issues = [...was.issues];
  issues.splice(at, 0, { path, message: mustBe(EVENT_NAME, event) });
  return { success: false, issues, message: summarizeIssues(issues) };
}

const RUNS = { numRuns: 2_000 };

describe('the webhook event checks, zod formats against the plain checks they replaced', () => {
  // The field name matters: a value of the wrong type reads `must be a string` or, for the fields
  // messages.ts knows (`referenceId`), what the field takes.
  const fields = (names: string[], oldSchema: z.ZodMiniType, newSchema: z.ZodMiniType) =>
    names.map(
      (name) => [name, z.looseObject({ [name]: oldSchema }), z.looseObject({ [name]: newSchema })] as const,
    );

  it.each(fields(['referenceId', 'transactionId', 'webhookId', 'id', 'externalId'], OldGuid, Guid))(
    'Guid as %s',
    (name, oldSchema, newSchema) => {
      fc.assert(
        fc.property(fc.oneof(guidLike, anyValue), (value) =>
          sameOutcome(oldSchema, newSchema, { [name]: value }),
        ),
        RUNS,
      );
    },
  );

  it.each(fields(['timestamp', 'createdAt', 'paidAt'], OldIsoDateTime, IsoDateTime))(
    'IsoDateTime as %s',
    (name, oldSchema, newSchema) => {
      fc.assert(
        fc.property(fc.oneof(dateTimeLike, anyValue), (value) =>
          sameOutcome(oldSchema, newSchema, { [name]: value }),
        ),
        RUNS,
      );
    },
  );

  it.each(fields(['id', 'amount'], OldWholeNumber, WholeNumber))(
    'the legacy id as %s',
    (name, oldSchema, newSchema) => {
      fc.assert(
        fc.property(fc.oneof(numberLike, anyValue), (value) =>
          sameOutcome(oldSchema, newSchema, { [name]: value }),
        ),
        RUNS,
      );
    },
  );

  it('the event name', () => {
    fc.assert(
      fc.property(fc.oneof(eventLike, anyValue), (value) => {
        const schema = WebhookEventBody.shape.event;
        expect(safeParseWith(schema, value)).toEqual(expectedForEvent(OldEventName, value, '', value));
        // Through the receivers' parse (which refuses a non-string name first), no difference at all.
        if (typeof value === 'string') sameOutcome(OldEventName, schema, value);
      }),
      RUNS,
    );
  });

  it('the one difference, spelled out: an event name that is an empty array', () => {
    const issues = (schema: z.ZodMiniType) => (safeParseWith(schema, []) as { issues: unknown }).issues;
    expect(issues(OldEventName)).toEqual([{ path: '', message: 'must be a string; got an array' }]);
    expect(issues(WebhookEventBody.shape.event)).toEqual([
      { path: '', message: 'must be a string; got an array' },
      { path: '', message: `must be ${EVENT_NAME}; got an array` },
    ]);
  });

  it('the legacy id of the event data is WholeNumber', () => {
    expect(WebhookEventData.shape.id).toBe(WholeNumber);
  });

  it('whole event bodies and pings, each field valid or not', () => {
    const data = fc.record(
      {
        id: fc.oneof(numberLike, anyValue),
        referenceId: fc.oneof(guidLike, anyValue),
        status: fc.oneof(fc.constantFrom('COMPLETED', 'PENDING'), anyValue),
        type: fc.constantFrom('CASHIN', 'CASHOUT'),
        transactionId: fc.oneof(guidLike, anyValue),
        amount: fc.oneof(fc.constantFrom(19.9, '19.90', 1e13), anyValue),
        webhookId: fc.oneof(guidLike, anyValue),
      },
      { requiredKeys: [] },
    );
    const body = fc.record(
      {
        event: fc.oneof(eventLike, anyValue),
        timestamp: fc.oneof(dateTimeLike, anyValue),
        data: fc.oneof(data, anyValue),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(body, (value) => {
        expect(safeParseWith(WebhookEventBody, value)).toEqual(
          expectedForEvent(OldEventBody, value, 'event', (value as { event?: unknown }).event),
        );
        sameOutcome(OldPingFields, PingFields, value);
      }),
      RUNS,
    );
  });

  it('GUID_PATTERN, which the answer reader tests ids with, accepts what Guid accepts', () => {
    fc.assert(
      fc.property(guidLike, (text) => {
        expect(GUID_PATTERN.test(text)).toBe(z.safeParse(Guid, text).success);
        expect(GUID_PATTERN.test(text)).toBe(z.regexes.guid.test(text));
      }),
      RUNS,
    );
  });
});

describe.each([
  ['the plain checks', OldEventBody, OldPingFields],
  ['zod formats', WebhookEventBody, PingFields],
])('the messages, word for word, with %s', (_name, EventBody, Ping) => {
  const issues = (schema: z.ZodMiniType, value: unknown) => {
    const result = safeParseWith(schema, value);
    return result.success ? [] : result.issues;
  };
  const body = {
    event: 'transaction.completed',
    timestamp: '2026-11-21T10:00:00Z',
    data: {
      id: 42,
      referenceId: '0b8f7e36-3e59-4d44-9f0c-6a3f1f0c2b11',
      status: 'COMPLETED',
      type: 'CASHIN',
    },
  };

  it('for a value that breaks the format', () => {
    const broken = {
      event: '',
      timestamp: 'yesterday',
      data: { ...body.data, id: 1.5, referenceId: 'order-1001', transactionId: 'x' },
    };
    expect(issues(EventBody, broken)).toEqual([
      { path: 'event', message: 'must be an event name, such as "transaction.completed"; got the string ""' },
      {
        path: 'timestamp',
        message: 'must be an ISO 8601 date-time, such as "2026-11-21T10:00:00Z"; got the string "yesterday"',
      },
      { path: 'data.id', message: 'must be a whole number; got 1.5' },
      {
        path: 'data.referenceId',
        message:
          'must be a UUID, such as "0b8f7e36-3e59-4d44-9f0c-6a3f1f0c2b11"; got the string "order-1001"',
      },
      {
        path: 'data.transactionId',
        message: 'must be a UUID, such as "0b8f7e36-3e59-4d44-9f0c-6a3f1f0c2b11"; got the string "x"',
      },
    ]);
    expect(issues(EventBody, { ...body, data: { ...body.data, id: 2 ** 53 } })).toEqual([
      { path: 'data.id', message: 'must be a whole number; got 9007199254740992' },
    ]);
    expect(issues(Ping, { timestamp: body.timestamp, data: { webhookId: 'w-1' } })).toEqual([
      {
        path: 'data.webhookId',
        message: 'must be a UUID, such as "0b8f7e36-3e59-4d44-9f0c-6a3f1f0c2b11"; got the string "w-1"',
      },
    ]);
  });

  it('for a value of another type: what the field takes, or its type', () => {
    const wrong = {
      event: 7,
      timestamp: 0,
      data: { ...body.data, id: '42', referenceId: 42, transactionId: null },
    };
    expect(issues(EventBody, wrong)).toEqual([
      { path: 'event', message: 'must be a string; got 7' },
      { path: 'timestamp', message: 'must be a string; got 0' },
      { path: 'data.id', message: 'must be a number; got the string "42"' },
      {
        path: 'data.referenceId',
        message: 'must be a UUID, such as "0b8f7e36-3e59-4d44-9f0c-6a3f1f0c2b11"; got 42',
      },
      {
        path: 'data.transactionId',
        message: 'must be a UUID, such as "0b8f7e36-3e59-4d44-9f0c-6a3f1f0c2b11"; got null',
      },
    ]);
    expect(issues(Ping, { timestamp: body.timestamp, data: { webhookId: 5 } })).toEqual([
      { path: 'data.webhookId', message: 'must be a string; got 5' },
    ]);
  });
});
