import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DATE_FRACTIONS,
  DATE_OFFSETS,
  dateIn,
  MONEY_FORMS,
  moneyIn,
} from '../../src/mock/varied/value-forms.js';
import { fromCents } from '../../src/pix/money.js';
import { instant } from './varied-oracle.js';

describe('value forms', () => {
  it('writes money as a number or a numeric string of at most two decimals, never changing the value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -100_000_000, max: 100_000_000 }),
        fc.constantFrom(...MONEY_FORMS),
        (cents, form) => {
          const written = moneyIn(form, fromCents(cents));
          if (form === 'number') expect(written).toBe(fromCents(cents));
          else expect(written).toMatch(form === 'fixed' ? /^-?\d+\.\d\d$/ : /^-?\d+(\.\d?[1-9])?$/);
          expect(Number(written)).toBe(fromCents(cents));
        },
      ),
    );
  });

  it('writes a date-time in the asked ISO 8601 form of the same instant', () => {
    const offsets = { Z: 'Z', none: '', '+00:00': '+00:00', '-03:00': '-03:00', '+05:30': '+05:30' };
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Date.parse('2100-01-01T00:00:00Z') }),
        fc.constantFrom(...DATE_OFFSETS),
        fc.constantFrom(...DATE_FRACTIONS),
        (ms, offset, fraction) => {
          const written = dateIn({ offset, fraction }, new Date(ms).toISOString());
          expect(written.endsWith(offsets[offset]) && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/.test(written)).toBe(
            true,
          );
          const digits = /:\d\d(?:\.(\d+))?(?:Z|[+-]\d\d:\d\d)?$/.exec(written)?.[1] ?? '';
          const expected = {
            millis: 3,
            micros: 6,
            minimal: String(ms % 1000)
              .padStart(3, '0')
              .replace(/0+$/, '').length,
          };
          expect(digits.length).toBe(expected[fraction]);
          expect(instant(written)).toBe(ms);
        },
      ),
    );
  });

  it('keeps the reference form at the edge of what a Date holds, where the shifted time does not exist', () => {
    const last = new Date(8.64e15).toISOString();
    expect(dateIn({ offset: '+05:30', fraction: 'millis' }, last)).toBe(last);
  });
});
