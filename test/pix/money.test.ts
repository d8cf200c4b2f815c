import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AmountError, formatCents, fromCents, hasAtMostTwoDecimals, toCents } from '../../src/pix/money.js';

describe('toCents', () => {
  it.each([
    [0.01, 1],
    [0.1 + 0.2, 30],
    [19.99, 1999],
    [1000000, 100000000],
    [1000000.0, 100000000],
    [5.01, 501],
    [1.1 * 3, 330],
    [0, 0],
    [-12.34, -1234],
  ])('converts %s to %s cents', (amount, cents) => {
    expect(toCents(amount)).toBe(cents);
  });

  it.each([1.005, 0.001, 0.0100000001, 12.345, 1e-7])('rejects %s: more than two decimals', (amount) => {
    expect(() => toCents(amount)).toThrow(/at most two decimals/);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY])('rejects %s: not finite', (amount) => {
    expect(() => toCents(amount)).toThrow(AmountError);
  });

  it('rejects sums too large to count in cents exactly', () => {
    expect(() => toCents(1e15)).toThrow(/too large/);
  });

  it('round-trips every amount from 0.01 to 1000000.00', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), (cents) => {
        const wire = fromCents(cents);
        expect(toCents(wire)).toBe(cents);
        // What JSON carries parses back to the same cents.
        expect(toCents(JSON.parse(JSON.stringify(wire)) as number)).toBe(cents);
        expect(formatCents(cents)).toBe(`${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`);
      }),
      { numRuns: 2000 },
    );
  });

  it('counts any sum of two-decimal amounts to the exact cents', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 10 }),
        (parts) => {
          const floatSum = parts.reduce((sum, cents) => sum + cents / 100, 0);
          expect(toCents(floatSum)).toBe(parts.reduce((a, b) => a + b, 0));
        },
      ),
    );
  });

  it('rejects any amount with a real third decimal', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 1, max: 9 }),
        (cents, thousandth) => {
          const amount = Number(`${formatCents(cents)}${thousandth}`);
          expect(hasAtMostTwoDecimals(amount)).toBe(false);
        },
      ),
    );
  });
});

describe('formatCents', () => {
  it.each([
    [500, '5.00'],
    [1, '0.01'],
    [-1, '-0.01'],
    [100000000, '1000000.00'],
  ])('formats %s as %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it('refuses a fractional number of cents', () => {
    expect(() => formatCents(1.5)).toThrow(AmountError);
    expect(() => fromCents(1.5)).toThrow(AmountError);
  });
});
