/** CPF (individual taxpayer number): 11 digits, two mod-11 check digits, not all equal. */
import { checkDigits } from './check-digits.js';

/** Computes the two check digits of the first nine digits of a CPF. */
export function cpfCheckDigits(base: string): string {
  if (typeof base !== 'string' || !/^\d{9}$/.test(base)) throw new TypeError('a CPF base is 9 digits');
  return checkDigits([...base].map(Number));
}

/**
 * True for an unformatted CPF (11 digits) whose check digits hold and whose digits are not all
 * equal; false for anything else, a value that is not a string included.
 */
export function isValidCpf(cpf: string): boolean {
  if (typeof cpf !== 'string' || !/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false;
  return cpfCheckDigits(cpf.slice(0, 9)) === cpf.slice(9);
}
