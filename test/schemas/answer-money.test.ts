/**
 * Money the service sends that cents cannot hold (issue 28, item 7). One rule for every amount an
 * answer or a webhook carries, as a number or a numeric string: more than two decimals (judged
 * from the value as written, never by multiplying by 100), or too large to count in cents
 * exactly, is kept as received (a string becomes its number) and reported naming the field in
 * `lenient` mode, refused in `strict` mode; a webhook reports it through `onIssue`, never throws.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ResponseIssue, ResponseValidationError, toCents } from '../../src/index.js';
import { safeParseWith } from '../../src/schemas/parse.js';
import { Transaction } from '../../src/schemas/transaction.js';
import { parseWebhookEvent, type WebhookIssue } from '../../src/webhooks/index.js';
import { clientWith, json, payoutParams, payoutRecord } from '../client/scripted-fetch.js';
import { transactionEvent } from '../webhooks/fixtures.js';
import { chargeRecord, transactionRecord } from './fixtures.js';

const silent = { debug() {}, info() {}, warn() {}, error() {} };
const page = { current_page: 1, per_page: 15, total: 1, last_page: 1, from: 1, to: 1 };
const DECIMALS = /^must have at most two decimals; got /;
const TOO_LARGE = /^must be less than 10000000000000, to count in cents exactly; got /;

type Client = ReturnType<typeof clientWith>['client'];
/** An answering call, the body it is answered with for a money value, and the field reported. */
interface Case {
  call: (client: Client) => Promise<unknown>;
  body: (money: unknown) => unknown;
  /** Reads the money field back from what the call resolved with. */
  read: (result: unknown) => unknown;
  field: string;
}

const record = (result: unknown) => (result as { amount: unknown }).amount;
const firstItem = (result: unknown) => (result as { data: { feeAmount: unknown }[] }).data[0]?.feeAmount;

const CASES: Record<string, Case> = {
  'transactions.create (amount)': {
    call: (client) => client.transactions.create({ amount: 19.9 }),
    body: (amount) => ({ ...chargeRecord, amount }),
    read: record,
    field: 'amount',
  },
  'transactions.retrieve (finalAmount)': {
    call: (client) => client.transactions.retrieve(chargeRecord.transactionId),
    body: (finalAmount) => ({ data: { ...chargeRecord, finalAmount } }),
    read: (result) => (result as { finalAmount: unknown }).finalAmount,
    field: 'finalAmount',
  },
  'transactions.list (data[].feeAmount)': {
    call: (client) => client.transactions.list(),
    body: (feeAmount) => ({ data: [{ ...chargeRecord, feeAmount }], meta: page }),
    read: firstItem,
    field: 'data[].feeAmount',
  },
  'cashouts.create (amount)': {
    call: (client) => client.cashouts.create(payoutParams),
    body: (amount) => ({ ...payoutRecord, amount }),
    read: record,
    field: 'amount',
  },
  'cashouts.retrieve (amount)': {
    call: (client) => client.cashouts.retrieve(7),
    body: (amount) => ({ data: { ...payoutRecord, amount } }),
    read: record,
    field: 'amount',
  },
  'cashouts.approve (amount)': {
    call: (client) => client.cashouts.approve({ id: 7 }),
    body: (amount) => ({ ...transactionRecord, amount }),
    read: record,
    field: 'amount',
  },
  'cashouts.list, a flat paginator (data[].feeAmount)': {
    call: (client) => client.cashouts.list(),
    body: (feeAmount) => ({ ...page, data: [{ ...payoutRecord, feeAmount }] }),
    read: firstItem,
    field: 'data[].feeAmount',
  },
  'balance.retrieve (available)': {
    call: (client) => client.balance.retrieve(),
    body: (available) => ({ available, pending: 0, currency: 'BRL' }),
    read: (result) => (result as { available: unknown }).available,
    field: 'available',
  },
};

/** Answers `call` with `money` in lenient mode: what it resolved with, and the issues reported. */
async function lenient(c: Case, money: unknown) {
  const issues: ResponseIssue[] = [];
  const { client } = clientWith([json(200, c.body(money))], {
    logger: silent,
    onResponseIssue: (issue) => issues.push(issue),
  });
  return { value: c.read(await c.call(client)), issues };
}

/** Answers `call` with `money` in strict mode: the error it rejected with, or `undefined`. */
async function strict(c: Case, money: unknown): Promise<ResponseValidationError | undefined> {
  const { client } = clientWith([json(200, c.body(money))], { responseValidation: 'strict' });
  return c.call(client).then(
    () => undefined,
    (error: unknown) => {
      if (!(error instanceof ResponseValidationError)) throw error;
      return error;
    },
  );
}

describe('an answer amount with more than two decimals', () => {
  describe.each(Object.entries(CASES))('%s', (_, c) => {
    it.each([500000.005, '500000.005'])(
      'lenient: %j is kept as its number and reported once, naming the field',
      async (money) => {
        const { value, issues } = await lenient(c, money);
        expect(value).toBe(500000.005);
        expect(issues).toEqual([
          expect.objectContaining({ field: c.field, rule: expect.stringMatching(DECIMALS) }),
        ]);
        expect(issues[0]?.rule).toContain('500000.005');
      },
    );

    it.each([500000.005, '500000.005'])('strict: %j is refused, naming the field', async (money) => {
      const error = await strict(c, money);
      expect(error).toBeInstanceOf(ResponseValidationError);
      const path = c.field.replace('[]', '[0]');
      expect(error?.issues).toEqual([{ path, message: expect.stringMatching(DECIMALS) }]);
      expect(error?.message).toContain(`${path}: must have at most two decimals`);
    });
  });

  it.each([
    ['a number under 1e-6, written in exponent form', 1.5e-7, DECIMALS],
    ['a string of many decimals', '0.1000001', DECIMALS],
    ['a number too large to count in cents exactly', 1e13, TOO_LARGE],
    ['a number written in exponent form, 1e21', 1e21, TOO_LARGE],
    ['a string of 22 digits', '1000000000000000000000', TOO_LARGE],
  ])('%s is reported with its rule, and toCents refuses it', async (_, money, rule) => {
    const { value, issues } = await lenient(CASES['cashouts.retrieve (amount)'] as Case, money);
    expect(value).toBe(Number(money));
    expect(issues).toEqual([expect.objectContaining({ field: 'amount', rule: expect.stringMatching(rule) })]);
    expect(() => toCents(Number(money))).toThrow(RangeError);
  });

  it('float noise (19.9 - 5 written by a service that subtracts in floats) is reported, not rounded away', async () => {
    const noise = 19.9 - 5;
    const { value, issues } = await lenient(CASES['cashouts.retrieve (amount)'] as Case, noise);
    expect(value).toBe(noise);
    expect(issues.map((issue) => issue.rule)).toEqual([`must have at most two decimals; got ${noise}`]);
  });

  it('the schema itself names the field and the rule', () => {
    const outcome = safeParseWith(Transaction, { ...transactionRecord, finalAmount: 95.505 });
    expect(outcome.success ? [] : outcome.issues).toEqual([
      { path: 'finalAmount', message: 'must have at most two decimals; got 95.505' },
    ]);
  });
});

describe('a webhook amount with more than two decimals', () => {
  it.each([500000.005, '500000.005', 1.5e-7, 1e21])(
    '%j is delivered as its number and reported through onIssue, never thrown',
    (amount) => {
      const issues: WebhookIssue[] = [];
      const body = JSON.stringify(transactionEvent('transaction.completed', { amount }));
      const event = parseWebhookEvent(body, { onIssue: (issue) => issues.push(issue) });
      expect((event.data as { amount?: unknown }).amount).toBe(Number(amount));
      expect(issues).toEqual([
        {
          event: 'transaction.completed',
          field: 'data.amount',
          rule: expect.stringMatching(typeof amount === 'number' && amount > 1e13 ? TOO_LARGE : DECIMALS),
        },
      ]);
    },
  );
});

// Generators: a sign, whole reais below 1e9 and a fraction, so that every value has at most 15
// significant digits and its string and its number say the same decimals.
const sign = fc.constantFrom('', '-');
const whole = fc.integer({ min: 0, max: 999_999_999 });
const digits = (min: number, max: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max }).map((d) => d.join(''));
/** 0 to 2 decimals, perhaps with trailing zeros written after them ("19.900"). */
const exact = fc
  .tuple(
    sign,
    whole,
    digits(0, 2),
    digits(0, 3).map((d) => '0'.repeat(d.length)),
  )
  .map(([s, w, f, zeros]) => (f === '' && zeros === '' ? `${s}${w}` : `${s}${w}.${f}${zeros}`))
  .map((text) => (Number(text) === 0 ? text.replace('-', '') : text)); // no -0: JSON writes it as 0
/** 3 to 6 decimals, the last of them not zero (perhaps followed by zeros). */
const inexact = fc
  .tuple(sign, whole, digits(2, 5), fc.integer({ min: 1, max: 9 }), fc.constantFrom('', '0', '00'))
  .map(([s, w, f, last, zeros]) => `${s}${w}.${f}${last}${zeros}`);
/** The value as a number or as the string written. */
const form = fc.constantFrom<'number' | 'string'>('number', 'string');
const sent = (text: string, as: 'number' | 'string') => (as === 'number' ? Number(text) : text);
const anyCase = fc.constantFrom(...Object.values(CASES));

describe('the rule, for every amount', () => {
  it('0 to 2 decimals: never an issue, in either mode, and the number is exact in cents', async () => {
    await fc.assert(
      fc.asyncProperty(anyCase, exact, form, async (c, text, as) => {
        const { value, issues } = await lenient(c, sent(text, as));
        expect(value).toBe(Number(text));
        expect(issues).toEqual([]);
        expect(await strict(c, sent(text, as))).toBeUndefined();
        expect(toCents(value as number) / 100).toBe(Number(text));
      }),
      { numRuns: 300 },
    );
  });

  it('3 or more significant decimals: lenient keeps it and reports it once, strict refuses it', async () => {
    await fc.assert(
      fc.asyncProperty(anyCase, inexact, form, async (c, text, as) => {
        const { value, issues } = await lenient(c, sent(text, as));
        expect(value).toBe(Number(text));
        expect(issues).toEqual([
          expect.objectContaining({ field: c.field, rule: expect.stringMatching(DECIMALS) }),
        ]);
        expect(await strict(c, sent(text, as))).toBeInstanceOf(ResponseValidationError);
        expect(() => toCents(Number(text))).toThrow(/at most two decimals/);
      }),
      { numRuns: 300 },
    );
  });

  it('a webhook, either way: reported through onIssue exactly when there are 3 or more decimals', () => {
    fc.assert(
      fc.property(fc.oneof(exact, inexact), form, (text, as) => {
        const issues: WebhookIssue[] = [];
        const body = JSON.stringify(transactionEvent('cashout.completed', { amount: sent(text, as) }));
        const event = parseWebhookEvent(body, { onIssue: (issue) => issues.push(issue) });
        expect((event.data as { amount?: unknown }).amount).toBe(Number(text));
        expect(issues.map((issue) => issue.field)).toEqual(/\.\d\d0*[1-9]/.test(text) ? ['data.amount'] : []);
      }),
      { numRuns: 500 },
    );
  });
});
