/**
 * Other ways to write the same value on the wire, as real services write them: money as a
 * numeric string, a date-time in another ISO 8601 form of the same instant. Each form keeps the
 * value exactly; only its spelling changes.
 */
import { formatCents, toCents } from '../../pix/money.js';

/** Money as the reference writes it (a number), or as a string: `"19.90"` (fixed) or `"19.9"` (short). */
export const MONEY_FORMS = ['number', 'fixed', 'short'] as const;
/** How money is written. */
export type MoneyForm = (typeof MONEY_FORMS)[number];

/** The offset of a date-time: `Z`, none (read as UTC), `+00:00`, or another zone's wall time. */
export const DATE_OFFSETS = ['Z', 'none', '+00:00', '-03:00', '+05:30'] as const;
/** Fractions of a second: milliseconds, as few digits as the instant needs (none on a whole second), microseconds. */
export const DATE_FRACTIONS = ['millis', 'minimal', 'micros'] as const;

/** How a date-time is written. */
export interface DateForm {
  offset: (typeof DATE_OFFSETS)[number];
  fraction: (typeof DATE_FRACTIONS)[number];
}

const OFFSET_MINUTES: Record<DateForm['offset'], number> = {
  Z: 0,
  none: 0,
  '+00:00': 0,
  '-03:00': -180,
  '+05:30': 330,
};

/** An amount (currency units, at most two decimals) in the form asked, same value. */
export function moneyIn(form: MoneyForm, amount: number): number | string {
  if (form === 'number') return amount;
  const fixed = formatCents(toCents(amount));
  if (form === 'fixed') return fixed;
  // Short: the fraction's trailing zeros dropped, and the point with them ("5", "0.5", "19.9").
  return fixed.replace(/\.00$/, '').replace(/(\.\d)0$/, '$1');
}

/** A date-time of the reference (`toISOString` form) written in `form`: the same instant. */
export function dateIn(form: DateForm, iso: string): string {
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return iso;
  // The wall time of the zone: UTC moved by the offset, then labelled with that offset.
  const shifted = new Date(instant + OFFSET_MINUTES[form.offset] * 60_000);
  // At the very edge of what a Date holds, the shifted time may not exist: keep the reference form.
  if (Number.isNaN(shifted.getTime())) return iso;
  const wall = shifted.toISOString();
  const millis = wall.slice(20, 23);
  const fraction =
    form.fraction === 'millis'
      ? `.${millis}`
      : form.fraction === 'micros'
        ? `.${millis}000`
        : millis === '000'
          ? ''
          : `.${millis.replace(/0+$/, '')}`;
  const suffix = form.offset === 'Z' ? 'Z' : form.offset === 'none' ? '' : form.offset;
  return `${wall.slice(0, 19)}${fraction}${suffix}`;
}
