/** Messages read as advice: what was given, what is expected, an example (issue 13). */
import { describe, expect, it } from 'vitest';
import { CreateCashoutParams } from '../../src/schemas/cashout.js';
import { CreateTransactionParams } from '../../src/schemas/charge.js';
import { ListTransactionsParams } from '../../src/schemas/list.js';
import { safeParseWith } from '../../src/schemas/parse.js';

function messageOf(schema: Parameters<typeof safeParseWith>[0], input: unknown, field: string): string {
  const outcome = safeParseWith(schema, input);
  if (outcome.success) throw new Error('expected a failure');
  return outcome.issues.find((issue) => issue.path === field)?.message ?? outcome.message;
}

const payout = { amount: 100, pixKey: 'ana@example.com', pixKeyType: 'EMAIL' };

describe("each field's typical mistakes", () => {
  it.each([
    [
      CreateTransactionParams,
      { amount: '19.90' },
      'amount',
      'must be a number in reais, such as 19.9; got the string "19.90"',
    ],
    [
      CreateTransactionParams,
      { amount: Number.NaN },
      'amount',
      'must be a number in reais, such as 19.9; got NaN',
    ],
    [
      CreateTransactionParams,
      { amount: 0 },
      'amount',
      'must be at least 0.01 (a number in reais, such as 19.9); got 0',
    ],
    [
      CreateTransactionParams,
      { amount: 2_000_000 },
      'amount',
      'must be at most 1000000 (a number in reais, such as 19.9); got 2000000',
    ],
    [
      CreateCashoutParams,
      { ...payout, pixKeyType: 'email' },
      'pixKeyType',
      'must be one of "CPF", "CNPJ", "EMAIL", "PHONE", "EVP"; got the string "email"',
    ],
    [
      CreateCashoutParams,
      { ...payout, pixKey: 42 },
      'pixKey',
      'must be the PIX key as text, such as "ana@example.com"; got 42',
    ],
    [
      CreateCashoutParams,
      { ...payout, idempotencyKey: 42 },
      'idempotencyKey',
      /must be a UUID, such as ".+"; got 42/,
    ],
    [
      ListTransactionsParams,
      { dateFrom: 20261101 },
      'dateFrom',
      'must be a calendar date, such as "2026-11-01"; got 20261101',
    ],
    [
      ListTransactionsParams,
      { perPage: 500 },
      'perPage',
      /must be at most 100 \(a whole number from 1 to 100, such as 50\); got 500/,
    ],
    [
      ListTransactionsParams,
      { page: '2' },
      'page',
      'must be a whole number from 1, such as 2; got the string "2"',
    ],
  ])('%#: %j names %s with advice', (schema, input, field, expected) => {
    const message = messageOf(schema, input, field);
    if (typeof expected === 'string') expect(message).toBe(expected);
    else expect(message).toMatch(expected);
  });
});
