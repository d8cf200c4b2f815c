/** Money in BRL from integer cents, times in local time with the ISO value. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBrl, timeTag } from '../../../src/sandbox/dashboard/format.js';

const NBSP = '\u00a0';

describe('formatBrl', () => {
  it('writes reais as Brazilians read them: R$ 1.234,56', () => {
    expect(formatBrl(123456)).toBe(`R$${NBSP}1.234,56`);
    expect(formatBrl(0)).toBe(`R$${NBSP}0,00`);
    expect(formatBrl(5)).toBe(`R$${NBSP}0,05`);
    expect(formatBrl(100000000)).toBe(`R$${NBSP}1.000.000,00`);
    expect(formatBrl(-1)).toBe(`-R$${NBSP}0,01`);
  });

  it('is exact for every safe integer of cents: the digits read back to the same cents', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (cents) => {
        const text = formatBrl(cents);
        expect(text).toMatch(/^-?R\$\u00a0\d{1,3}(\.\d{3})*,\d{2}$/);
        const digits = BigInt(text.replace(/\D/g, ''));
        expect(text.startsWith('-') ? -digits : digits).toBe(BigInt(cents));
      }),
    );
  });

  it('refuses a fraction of a cent', () => {
    expect(() => formatBrl(1.5)).toThrow(/safe integer/);
  });
});

describe('timeTag', () => {
  it('shows local time, with the ISO value in datetime and on hover', () => {
    const at = new Date(2026, 10, 21, 9, 5, 7);
    const iso = at.toISOString();
    expect(timeTag(at).text).toBe(`<time datetime="${iso}" title="${iso}">2026-11-21 09:05:07</time>`);
    expect(timeTag(null).text).toContain('—');
  });
});
