/**
 * Money on the wire is a decimal number of currency units (BRL); inside the SDK and the mock
 * every sum is an integer number of cents. These functions are the only bridge between the two.
 */

/** Thrown when an amount cannot be turned into whole cents without losing or inventing value. */
export class AmountError extends RangeError {
  override name = 'AmountError';
}

/** A number as written, anything else by its type: `String()` of an object can itself throw. */
function shown(value: unknown): string {
  return typeof value === 'number' ? String(value) : typeof value;
}

/**
 * A double carries 15 significant decimal digits faithfully. Rounding to that precision first
 * removes binary noise (`0.1 + 0.2` is `0.30000000000000004`) without hiding a real third
 * decimal (`1.005`, `0.0100000001`).
 */
const SIGNIFICANT_DIGITS = 15;

/**
 * Converts a wire amount (currency units, at most two decimals) to integer cents.
 *
 * @throws {AmountError} for a non-finite number, more than two decimals, or a sum too large to
 *   count in cents exactly.
 * @example
 * toCents(0.1 + 0.2) // 30
 * toCents(1000000) // 100000000
 */
export function toCents(amount: number): number {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) {
    throw new AmountError(`amount must be a finite number, got ${shown(amount)}`);
  }
  if (amount === 0) return 0;
  // Fifteen significant digits hold 13 whole digits and the cents: from 1e13 on, a cent may be
  // lost (10000000000000.01 would read as 10000000000000.00).
  if (Math.abs(amount) >= 1e13) {
    throw new AmountError(`amount is too large to count in cents exactly, got ${amount}`);
  }
  const text = Math.abs(amount).toPrecision(SIGNIFICANT_DIGITS);
  if (text.includes('e')) {
    // Below 1e13, toPrecision only switches to exponent form under 1e-6: not whole cents.
    throw new AmountError(`amount must have at most two decimals, got ${amount}`);
  }
  const [whole = '0', fraction = ''] = text.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  if (trimmed.length > 2) {
    throw new AmountError(`amount must have at most two decimals, got ${amount}`);
  }
  const cents = Number(whole) * 100 + Number(trimmed.padEnd(2, '0'));
  return amount < 0 ? -cents : cents;
}

/** True when `amount` is a finite number with at most two decimals (see {@link toCents}). */
export function hasAtMostTwoDecimals(amount: number): boolean {
  try {
    toCents(amount);
    return true;
  } catch {
    return false;
  }
}

/**
 * Converts integer cents to the wire amount (currency units). The result is the double closest
 * to the decimal value, so `JSON.stringify` prints it exactly (`1999` → `19.99`).
 *
 * @throws {AmountError} when `cents` is not a safe integer.
 */
export function fromCents(cents: number): number {
  if (!Number.isSafeInteger(cents)) {
    throw new AmountError(`cents must be a safe integer, got ${shown(cents)}`);
  }
  return cents / 100;
}

/**
 * Formats integer cents as a decimal string with exactly two decimals, as BR Codes and
 * human-readable messages want it (`500` → `"5.00"`, `-1` → `"-0.01"`).
 *
 * @throws {AmountError} when `cents` is not a safe integer.
 */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) {
    throw new AmountError(`cents must be a safe integer, got ${shown(cents)}`);
  }
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
