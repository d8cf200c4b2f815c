import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { isPlainlyValid } from '../../src/schemas/plain-validator.js';
import { Transaction } from '../../src/schemas/transaction.js';
import { transactionRecord } from './fixtures.js';

/** Each case: zod's own answer, then the fast path's, which must leave the value to zod. */
describe('the fast path leaves to zod the values zod would not return unchanged', () => {
  it('a missing field whose optional wraps a default, which zod fills in', () => {
    const schema = z.object({ a: z.optional(z._default(z.string(), 'x')) });
    expect(z.parse(schema, {})).toEqual({ a: 'x' });
    expect(isPlainlyValid(schema, {})).toBe(false);
    expect(isPlainlyValid(schema, { a: 'y' })).toBe(true);
  });

  it('a string long enough in UTF-16 units but not in code points, which zod 4.6 counts', () => {
    const schema = z.string().check(z.minLength(2));
    expect(z.safeParse(schema, '😀').success).toBe(false);
    expect(isPlainlyValid(schema, '😀')).toBe(false);
    expect(isPlainlyValid(z.string().check(z.maxLength(1)), '😀')).toBe(true);
  });

  it('a name of a TypeScript enum, which zod does not take for its value', () => {
    enum Native {
      Zero = 0,
    }
    expect(z.safeParse(z.enum(Native), 'Zero').success).toBe(false);
    expect(isPlainlyValid(z.enum(Native), 'Zero')).toBe(false);
    expect(isPlainlyValid(z.enum(Native), 0)).toBe(true);
  });

  it('a string that a sticky regex would match only from where its previous match ended', () => {
    const schema = z.string().check(z.regex(/a/y));
    expect(isPlainlyValid(schema, 'a')).toBe(true);
    expect(isPlainlyValid(schema, 'ba')).toBe(false);
    expect(z.safeParse(schema, 'ba').success).toBe(false);
  });

  it('a `__proto__` key of a loose object, which zod drops', () => {
    const schema = z.looseObject({ a: z.string() });
    const body = JSON.parse('{"a":"x","__proto__":{"b":1}}');
    expect(Object.hasOwn(z.parse(schema, body), '__proto__')).toBe(false);
    expect(isPlainlyValid(schema, body)).toBe(false);
  });

  it('a missing key whose literal is undefined, which zod still requires', () => {
    const schema = z.object({ a: z.literal(undefined) });
    expect(z.safeParse(schema, {}).success).toBe(false);
    expect(isPlainlyValid(schema, {})).toBe(false);
  });

  it('a missing nullable field, an unknown key of a strict or plain object, and unsupported schemas', () => {
    const { receiptUrl: _, ...missing } = transactionRecord;
    expect(isPlainlyValid(Transaction, transactionRecord)).toBe(true);
    expect(isPlainlyValid(Transaction, missing)).toBe(false);
    expect(isPlainlyValid(z.strictObject({ a: z.string() }), { a: 'x', b: 1 })).toBe(false);
    expect(isPlainlyValid(z.object({ a: z.string() }), { a: 'x', b: 1 })).toBe(false);
    expect(isPlainlyValid(z.looseObject({ a: z.string() }), { a: 'x', b: 1 })).toBe(true);
    expect(isPlainlyValid(z.email(), 'a@b.co')).toBe(false);
    expect(isPlainlyValid(z.union([z.string(), z.pipe(z.number(), z.transform(String))]), 'x')).toBe(false);
  });
});
