/** Issue 12, domain: hostile and edge input gets a clear error, and money stays exact. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { isValidCnpj } from '../../src/pix/cnpj.js';
import { isValidPixKey } from '../../src/pix/keys.js';
import { AmountError, toCents } from '../../src/pix/money.js';
import { CreateTransactionParams } from '../../src/schemas/charge.js';
import { ListTransactionsParams } from '../../src/schemas/list.js';
import { issuesByField, safeParseWith } from '../../src/schemas/parse.js';
import { IsoDate } from '../../src/schemas/primitives.js';

describe('toCents at the edge of exactness', () => {
  it('refuses 10000000000000.01 (a cent would be lost) and keeps 9999999999999.99 exact', () => {
    expect(() => toCents(10000000000000.01)).toThrow(AmountError);
    expect(() => toCents(1e13)).toThrow(/too large/);
    expect(toCents(9999999999999.99)).toBe(999999999999999);
  });

  it('is exact for every amount below 1e13 with at most two decimals', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 999_999_999_999_999n }), (cents) => {
        const amount = Number(cents) / 100;
        expect(toCents(amount)).toBe(Number(cents));
      }),
    );
  });
});

describe('PIX keys and tax ids', () => {
  it('PHONE: E.164 allows at most 15 digits', () => {
    expect(isValidPixKey('PHONE', `+55${'1'.repeat(13)}`)).toBe(true);
    expect(isValidPixKey('PHONE', `+55${'1'.repeat(14)}`)).toBe(false);
  });

  it('CNPJ: an all-equal number is not valid, though its check digits hold', () => {
    for (const digit of '0123456789') expect(isValidCnpj(digit.repeat(14))).toBe(false);
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj('12ABC34501DE35')).toBe(true);
  });
});

describe('calendar dates', () => {
  it.each(['2026-02-31', '2026-04-31', '2027-02-29'])('refuses %s', (date) => {
    expect(z.safeParse(IsoDate, date).success).toBe(false);
    expect(safeParseWith(ListTransactionsParams, { dateFrom: date }).success).toBe(false);
  });

  it.each(['0050-01-01', '0000-02-29', '2028-02-29'])('accepts %s', (date) => {
    expect(z.safeParse(IsoDate, date).success).toBe(true);
  });

  it('accepts every real day', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }),
        (date) => {
          expect(z.safeParse(IsoDate, date.toISOString().slice(0, 10)).success).toBe(true);
        },
      ),
    );
  });
});

describe('charge amounts', () => {
  it.each([0, 0.001, 1_000_000.01, 9e13])('refuses %s', (amount) => {
    expect(safeParseWith(CreateTransactionParams, { amount }).success).toBe(false);
  });
  it.each([0.01, 1_000_000])('accepts %s', (amount) => {
    expect(safeParseWith(CreateTransactionParams, { amount }).success).toBe(true);
  });
});

describe('issuesByField', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])(
    'groups a field named %s like any other',
    (field) => {
      const grouped = issuesByField([
        { path: field, message: 'is not a known field' },
        { path: field, message: 'again' },
      ]);
      expect(Object.keys(grouped)).toEqual([field]);
      expect(Object.getOwnPropertyDescriptor(grouped, field)?.value).toEqual([
        'is not a known field',
        'again',
      ]);
      expect(Object.getPrototypeOf(grouped)).toBe(Object.prototype);
      expect(JSON.parse(JSON.stringify(grouped))).toBeTypeOf('object');
    },
  );

  it('reports a prototype-named top-level key of a request as an unknown field', () => {
    const outcome = safeParseWith(
      CreateTransactionParams,
      JSON.parse('{"amount":10,"constructor":1,"__proto__":2}'),
    );
    expect(outcome.success).toBe(false);
    if (!outcome.success) expect(issuesByField(outcome.issues)).toHaveProperty('constructor');
  });
});
