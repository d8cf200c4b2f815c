/**
 * A money field added to the record later is null until set (`FIELD_SINCE`,
 * src/schemas/record-kinds.ts): the decoder takes null there (`unsetMoney`), and only there. Any
 * other money field that is null, or any value that is not money, is still essential.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { endpoints } from '../../src/endpoints.js';
import { decodeAnswer } from '../../src/schemas/decode.js';
import { FIELD_SINCE, fieldsOfKind } from '../../src/schemas/record-kinds.js';

const schema = z.object({
  transactionId: z.string(),
  amount: z.number(),
  refundedAmount: z.nullable(z.number()),
});
const ID = '9d3b2c1a-5e4f-4a6b-8c7d-0e1f2a3b4c5d';
const rules = {
  envelope: 'one' as const,
  identity: ['transactionId' as const],
  money: ['amount', 'refundedAmount'],
  unsetMoney: ['refundedAmount'],
};
const notMoney = fc.oneof(
  fc.boolean(),
  fc.string().filter((text) => !/^-?\d+(?:\.\d+)?$/.test(text)),
  fc.constant(Number.NaN),
  fc.constant(Number.POSITIVE_INFINITY),
  fc.dictionary(fc.string(), fc.integer()),
);
const essentialPaths = (record: Record<string, unknown>) =>
  decodeAnswer(schema, { transactionId: ID, ...record }, rules).essential.map((issue) => issue.path);

describe('a money field that is null until set', () => {
  it('is null without an essential issue in an unsetMoney field, and an essential issue in any other', () => {
    expect(essentialPaths({ amount: 10, refundedAmount: null })).toEqual([]);
    expect(essentialPaths({ amount: null, refundedAmount: 1 })).toEqual(['amount']);
  });

  it('is still essential when it holds anything else that is not money', () => {
    fc.assert(
      fc.property(notMoney, (value) => {
        expect(essentialPaths({ amount: 10, refundedAmount: value })).toEqual(['refundedAmount']);
      }),
    );
  });

  it('is read as money when it holds an amount, as a number or a numeric string', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.boolean(), (cents, asText) => {
        const value = cents / 100;
        const { data, essential } = decodeAnswer(
          schema,
          { transactionId: ID, amount: 1, refundedAmount: asText ? value.toFixed(2) : value },
          rules,
        );
        expect(essential).toEqual([]);
        expect((data as { refundedAmount: number }).refundedAmount).toBe(value);
      }),
    );
  });

  it("is every money field of the record's kinds added later, in every record's rules of the client", () => {
    const later = fieldsOfKind('amount').filter((field) => field in FIELD_SINCE);
    for (const entry of [endpoints.createTransaction, endpoints.getCashout, endpoints.listTransactions]) {
      expect(entry.decode?.money, entry.path).toEqual(fieldsOfKind('amount'));
      expect(entry.decode?.unsetMoney, entry.path).toEqual(later);
    }
  });
});
