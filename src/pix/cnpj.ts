/**
 * CNPJ (company taxpayer number): 14 characters. The first 12 are digits or, in the
 * alphanumeric CNPJ in force from July 2026, upper-case letters; the last two are numeric mod-11
 * check digits. A character is worth its ASCII code minus 48, so digits keep their value.
 */
import { checkDigits } from './check-digits.js';

/** Computes the two check digits of the first 12 characters of a CNPJ (digits or A-Z). */
export function cnpjCheckDigits(base: string): string {
  if (typeof base !== 'string' || !/^[0-9A-Z]{12}$/.test(base)) {
    throw new TypeError('a CNPJ base is 12 digits or upper-case letters');
  }
  const values = [...base].map((char) => char.charCodeAt(0) - 48);
  return checkDigits(values, 9);
}

/**
 * True for an unformatted CNPJ, numeric or alphanumeric, whose check digits hold and which is
 * not an all-equal number; false for anything else, a value that is not a string included.
 */
export function isValidCnpj(cnpj: string): boolean {
  if (typeof cnpj !== 'string' || !/^[0-9A-Z]{12}\d{2}$/.test(cnpj)) return false;
  // All-equal numbers (00000000000000, 11111111111111, …) pass the check digits but are not issued.
  if (/^(\d)\1{13}$/.test(cnpj)) return false;
  return cnpjCheckDigits(cnpj.slice(0, 12)) === cnpj.slice(12);
}
