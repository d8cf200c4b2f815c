import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cnpjCheckDigits, isValidCnpj } from '../../src/pix/cnpj.js';
import { cpfCheckDigits, isValidCpf } from '../../src/pix/cpf.js';

// Independent re-implementations of the DICT rules, written from docs/service-behaviour.md, so that
// the properties compare two codings of the rule rather than the code with itself.
function mod11(values: number[], weights: number[]): number {
  const sum = values.reduce((acc, value, i) => acc + value * (weights[i] as number), 0);
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}
function oracleCpf(cpf: string): boolean {
  if (!/^\d{11}$/.test(cpf) || new Set(cpf).size === 1) return false;
  const d = [...cpf].map(Number);
  const first = mod11(d.slice(0, 9), [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = mod11([...d.slice(0, 9), first], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return d[9] === first && d[10] === second;
}
function oracleCnpj(cnpj: string): boolean {
  // All-equal numbers are reserved (of them only 00000000000000 passes the check digits).
  if (!/^[0-9A-Z]{12}[0-9]{2}$/.test(cnpj) || /^(\d)\1*$/.test(cnpj)) return false;
  const v = [...cnpj].map((c) => c.charCodeAt(0) - 48);
  const first = mod11(v.slice(0, 12), [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = mod11([...v.slice(0, 12), first], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return v[12] === first && v[13] === second;
}

const digit = fc.constantFrom(...'0123456789');
const alnum = fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ');
const digits = (n: number) => fc.array(digit, { minLength: n, maxLength: n }).map((a) => a.join(''));
const alnums = (n: number) => fc.array(alnum, { minLength: n, maxLength: n }).map((a) => a.join(''));

/** For every base, `isValid` refuses it with its check digits, either of them changed (by 1 to 9, mod 10). */
function assertEitherCheckDigitChangedRejected(
  bases: fc.Arbitrary<string>,
  checkDigits: (base: string) => string,
  isValid: (id: string) => boolean,
): void {
  fc.assert(
    fc.property(
      bases,
      fc.integer({ min: 0, max: 1 }),
      fc.integer({ min: 1, max: 9 }),
      (base, which, delta) => {
        const dv = [...checkDigits(base)];
        dv[which] = String((Number(dv[which]) + delta) % 10);
        expect(isValid(base + dv.join(''))).toBe(false);
      },
    ),
  );
}

describe('CPF', () => {
  it('accepts the known valid CPF 52998224725', () => {
    expect(isValidCpf('52998224725')).toBe(true);
  });

  it('rejects all-equal digits even though their check digits hold', () => {
    expect(cpfCheckDigits('111111111')).toBe('11');
    expect(isValidCpf('11111111111')).toBe(false);
  });

  it('accepts every generated valid CPF', () => {
    fc.assert(
      fc.property(
        digits(9).filter((b) => new Set(b).size > 1),
        (base) => {
          expect(isValidCpf(base + cpfCheckDigits(base))).toBe(true);
        },
      ),
    );
  });

  it('rejects a CPF with either check digit changed', () => {
    const bases = digits(9).filter((b) => new Set(b).size > 1);
    assertEitherCheckDigitChangedRejected(bases, cpfCheckDigits, isValidCpf);
  });

  it('agrees with independently recomputed check digits for random 11-digit strings', () => {
    fc.assert(
      fc.property(digits(11), (cpf) => {
        expect(isValidCpf(cpf)).toBe(oracleCpf(cpf));
      }),
      { numRuns: 2000 },
    );
  });

  it.each(['5299822472', '529982247250', '529.982.247-25', 'abcdefghijk', ''])(
    'rejects %j: wrong shape',
    (cpf) => {
      expect(isValidCpf(cpf)).toBe(false);
    },
  );
});

describe('CNPJ', () => {
  it.each(['12ABC34501DE35', '11222333000181'])('accepts the known valid CNPJ %s', (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(true);
  });

  it('accepts every generated valid numeric and alphanumeric CNPJ', () => {
    fc.assert(
      fc.property(
        fc.oneof(digits(12), alnums(12)).filter((base) => base !== '000000000000'),
        (base) => {
          expect(isValidCnpj(base + cnpjCheckDigits(base))).toBe(true);
        },
      ),
    );
  });

  it('rejects a CNPJ with either check digit changed', () => {
    assertEitherCheckDigitChangedRejected(fc.oneof(digits(12), alnums(12)), cnpjCheckDigits, isValidCnpj);
  });

  it('agrees with independently recomputed check digits for random strings of the right shape', () => {
    const shaped = fc.tuple(fc.oneof(digits(12), alnums(12)), digits(2)).map(([a, b]) => a + b);
    fc.assert(
      fc.property(shaped, (cnpj) => {
        expect(isValidCnpj(cnpj)).toBe(oracleCnpj(cnpj));
      }),
      { numRuns: 2000 },
    );
  });

  it('rejects the reserved all-equal numbers, though 00000000000000 passes the check digits', () => {
    expect(cnpjCheckDigits('000000000000')).toBe('00');
    for (const digit of '0123456789') expect(isValidCnpj(digit.repeat(14))).toBe(false);
  });

  it.each(['12abc34501de35', '12ABC34501DEA5', '1122233300018', '11.222.333/0001-81'])(
    'rejects %j: wrong shape',
    (cnpj) => {
      expect(isValidCnpj(cnpj)).toBe(false);
    },
  );

  it('names what a base must be', () => {
    expect(() => cnpjCheckDigits('12abc3450')).toThrow(/12 digits or upper-case letters/);
  });
});
