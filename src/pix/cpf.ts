/** CPF (individual taxpayer number): 11 digits, two mod-11 check digits, not all equal. */

function checkDigit(digits: readonly number[], firstWeight: number): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += (digits[i] ?? 0) * (firstWeight - i);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/** Computes the two check digits of the first nine digits of a CPF. */
export function cpfCheckDigits(base: string): string {
  if (typeof base !== 'string' || !/^\d{9}$/.test(base)) throw new TypeError('a CPF base is 9 digits');
  const digits = [...base].map(Number);
  const first = checkDigit(digits, 10);
  const second = checkDigit([...digits, first], 11);
  return `${first}${second}`;
}

/**
 * True for an unformatted CPF (11 digits) whose check digits hold and whose digits are not all
 * equal; false for anything else, a value that is not a string included.
 */
export function isValidCpf(cpf: string): boolean {
  if (typeof cpf !== 'string' || !/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false;
  return cpfCheckDigits(cpf.slice(0, 9)) === cpf.slice(9);
}
