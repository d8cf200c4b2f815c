/**
 * No message of zod's own reaches a user: every params schema of the client (src/endpoints.ts)
 * and every wire body the mock validates, fed wrong types, out-of-range and malformed values in
 * each field, answers in the house style (the field named by its path, the rule in words, what
 * was given), and a known field sent in another case or form is named ("did you mean …?").
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { endpoints, retrieveTransaction } from '../../src/endpoints.js';
import { FaultRuleSchema } from '../../src/mock/domain/faults.js';
import { ClockMove, TokenRequest } from '../../src/mock/handlers/control.js';
import { ApproveCashoutParams, CreateCashoutParams } from '../../src/schemas/cashout.js';
import { CreateTransactionBody } from '../../src/schemas/charge-body.js';
import { WebhookEventBody } from '../../src/schemas/index.js';
import { ListCashoutsQuery, ListTransactionsQuery } from '../../src/schemas/list-query.js';
import { type FieldIssue, safeParseWith } from '../../src/schemas/parse.js';
import { CreateWebhookParams, UpdateWebhookParams } from '../../src/schemas/webhook-subscription.js';

type Schema = z.ZodMiniType;

const SCHEMAS: [string, Schema][] = [
  ...Object.entries(endpoints).flatMap(([name, entry]): [string, Schema][] =>
    'params' in entry ? [[`${name} params`, entry.params as Schema]] : [],
  ),
  ['retrieveTransaction params', retrieveTransaction.params as Schema],
  // What the mock reads from the wire (src/mock/handlers/).
  ['create-transaction body', CreateTransactionBody],
  ['list-transactions query', ListTransactionsQuery],
  ['list-cashouts query', ListCashoutsQuery],
  ['create-cashout body', CreateCashoutParams],
  ['approve-cashout body', ApproveCashoutParams],
  ['create-webhook body', CreateWebhookParams],
  ['update-webhook body', UpdateWebhookParams],
  ['fault rule (POST /__mock/faults)', FaultRuleSchema],
  ['clock move (POST /__mock/clock)', ClockMove],
  ['user-token request (POST /__mock/user-tokens)', TokenRequest as Schema],
];

/**
 * What the client reads: each endpoint's answer and a webhook's body. Their mismatches reach the
 * merchant as `onResponseIssue`'s rule, a log line or a `ResponseValidationError`.
 */
const ANSWERS: [string, Schema][] = [
  ...Object.entries(endpoints).flatMap(([name, entry]): [string, Schema][] =>
    entry.answer === undefined ? [] : [[`${name} answer`, entry.answer as Schema]],
  ),
  ['webhook body', WebhookEventBody as Schema],
];

/** The object shapes a schema reads: its own, an optional's or a pipe's input's, or each option's of a union. */
function shapesOf(schema: Schema): Record<string, Schema>[] {
  const def = (
    schema as unknown as { _zod: { def: { in?: Schema; innerType?: Schema; options?: Schema[] } } }
  )._zod.def;
  const shape = (schema as unknown as { shape?: Record<string, Schema> }).shape;
  if (shape !== undefined) return [shape];
  const inner = def.in ?? def.innerType;
  if (inner !== undefined) return shapesOf(inner);
  return (def.options ?? []).flatMap(shapesOf);
}
const keysOf = (schema: Schema) => [...new Set(shapesOf(schema).flatMap((shape) => Object.keys(shape)))];

/** zod's own messages, in its English locale and zod/mini's bare form. */
const ZOD_DEFAULT =
  /^(Invalid (input|option|UUID|string|email|url|ISO|date|literal|key|element|union|type)|Expected |Required$|Unrecognized key|Too (small|big))/;
/** The house style: the rule in words, with what the field takes or what was given. */
const HOUSE_STYLE = [
  /^must .+/,
  /^is not a known field(; did you mean `[^`]+`\?)?$/,
  /^is not valid here; got .+/,
  /^\w+ must not be (sent on a PIX charge|after \w+)$/,
  /^give (at least )?one of .+/,
];

function expectHouseStyle(issues: readonly FieldIssue[], input: unknown): void {
  for (const issue of issues) {
    const where = `${issue.path}: ${issue.message} (input ${JSON.stringify(input)})`;
    expect(issue.message, where).not.toMatch(ZOD_DEFAULT);
    expect(
      HOUSE_STYLE.some((rule) => rule.test(issue.message)),
      where,
    ).toBe(true);
  }
}

/** Wrong values for any field: types, bounds, formats, sizes. */
const WRONG = fc.oneof(
  fc.constantFrom<unknown>(
    42,
    -1,
    0,
    1.005,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    2 ** 60,
    '',
    'x',
    'order-1001',
    '2026-02-31',
    'not a url',
    'x'.repeat(3000),
    true,
    null,
    [],
    ['x', 'x'],
    [42],
    {},
    { utm_source: 42 },
    { nope: 1 },
  ),
  fc.anything({ maxDepth: 2 }),
);

describe('every message a schema can give is in the house style', () => {
  it.each([...SCHEMAS, ...ANSWERS])('%s: a wrong value in any field', (_name, schema) => {
    const keys = keysOf(schema);
    expect(keys.length).toBeGreaterThan(0);
    fc.assert(
      fc.property(
        fc.constantFrom(...keys),
        WRONG,
        fc.constantFrom('route', 'kind', undefined),
        (key, value, extra) => {
          // With and without a valid-looking neighbour, so that rules across fields speak too.
          const input: Record<string, unknown> = { [key]: value };
          if (extra !== undefined && extra !== key)
            input[extra] = extra === 'kind' ? 'status' : 'create-cashout';
          const outcome = safeParseWith(schema, input);
          if (!outcome.success) expectHouseStyle(outcome.issues, input);
        },
      ),
      { numRuns: 300 },
    );
  });

  it.each([...SCHEMAS, ...ANSWERS])('%s: not an object at all', (_name, schema) => {
    for (const input of [null, 42, 'x', [], true]) {
      const outcome = safeParseWith(schema, input);
      expect(outcome.success).toBe(false);
      if (!outcome.success) expectHouseStyle(outcome.issues, input);
    }
  });
});

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const camel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

describe('a known field in another case or form', () => {
  it.each(SCHEMAS)('%s: is named by its known name', (_name, schema) => {
    const keys = keysOf(schema);
    for (const key of keys) {
      for (const variant of new Set([snake(key), camel(key), key.toUpperCase(), key.replaceAll('_', '-')])) {
        if (keys.includes(variant)) continue;
        const outcome = safeParseWith(schema, { [variant]: 'x' });
        // The list queries ignore unknown parameters, as HTTP services do.
        if (outcome.success) continue;
        const issue = outcome.issues.find((i) => i.path === variant);
        if (issue === undefined) continue; // a union that failed on its discriminator first
        expect(issue.message).toBe(`is not a known field; did you mean \`${key}\`?`);
      }
    }
  });

  it.each([
    [
      endpoints.createTransaction.params,
      { tracking_parameters: {} },
      'tracking_parameters',
      'trackingParameters',
    ],
    [CreateTransactionBody, { trackingParameters: {} }, 'trackingParameters', 'tracking_parameters'],
    [endpoints.createTransaction.params, { referenceID: 'x' }, 'referenceID', 'referenceId'],
    [endpoints.createCashout.params, { pix_key: 'x' }, 'pix_key', 'pixKey'],
    [endpoints.createCashout.params, { idempotency_key: 'x' }, 'idempotency_key', 'idempotencyKey'],
    [endpoints.listTransactions.params, { per_page: 5 }, 'per_page', 'perPage'],
    [endpoints.listTransactions.params, { date_from: '2026-11-01' }, 'date_from', 'dateFrom'],
  ] as const)('%#: %j is answered with the field it stands for', (schema, input, path, known) => {
    const outcome = safeParseWith(schema as Schema, input);
    expect(outcome.success ? [] : outcome.issues).toContainEqual({
      path,
      message: `is not a known field; did you mean \`${known}\`?`,
    });
  });

  it('names nothing for a field that stands for none', () => {
    const outcome = safeParseWith(CreateTransactionBody, { amount: 10, colour: 'red' });
    expect(outcome.success ? [] : outcome.issues).toEqual([
      { path: 'colour', message: 'is not a known field' },
    ]);
  });
});

describe('a UUID field', () => {
  it('says what a UUID is, with a real one, and what was given', () => {
    const outcome = safeParseWith(CreateTransactionBody, { amount: 10, referenceId: 'order-1001' });
    expect(outcome.success ? '' : outcome.message).toBe(
      'referenceId: must be a UUID, such as "0b8f7e36-3e59-4d44-9f0c-6a3f1f0c2b11"; got the string "order-1001"',
    );
    const example = /such as "([^"]+)"/.exec(outcome.success ? '' : outcome.message)?.[1];
    expect(safeParseWith(CreateTransactionBody, { amount: 10, referenceId: example }).success).toBe(true);
  });

  it('never echoes a key-shaped value it was given', () => {
    const secret = `sk_live_${'a'.repeat(32)}`;
    const outcome = safeParseWith(endpoints.createCashout.params as Schema, { idempotencyKey: secret });
    expect(outcome.success ? '' : outcome.message).toContain('got the string "[redacted]');
    expect(outcome.success ? '' : outcome.message).not.toContain('sk_live_aaaaaaaa');
  });
});

describe('the constructs no schema uses today', () => {
  it.each([
    [z.union([z.string(), z.number()]), true],
    [z.email(), 'nope'],
    [z.int(), 1.5],
    [z.array(z.string()).check(z.maxLength(1)), ['a', 'b']],
    [z.literal('x'), 'y'],
  ] as [Schema, unknown][])('%#: answer in the house style too', (schema, input) => {
    const outcome = safeParseWith(z.strictObject({ field: schema }), { field: input });
    expect(outcome.success).toBe(false);
    if (!outcome.success) expectHouseStyle(outcome.issues, input);
  });
});
