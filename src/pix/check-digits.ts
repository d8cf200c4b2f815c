/**
 * The two mod-11 check digits of a CPF or a CNPJ. Each is the sum of the values before it
 * weighted 2, 3, 4, … from the right, the weight going back to 2 after `maxWeight` (9 for a
 * CNPJ; a CPF's never goes back); a remainder below 2 gives 0, any other r gives 11 - r.
 */
export function checkDigits(values: readonly number[], maxWeight = Number.POSITIVE_INFINITY): string {
  const digit = (all: readonly number[]) => {
    let sum = 0;
    let weight = 2;
    for (let i = all.length - 1; i >= 0; i--) {
      sum += (all[i] as number) * weight;
      weight = weight === maxWeight ? 2 : weight + 1;
    }
    const remainder = sum % 11;
    return remainder < 2 ? 0 : 11 - remainder;
  };
  const first = digit(values);
  return `${first}${digit([...values, first])}`;
}
