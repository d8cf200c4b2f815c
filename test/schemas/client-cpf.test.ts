/**
 * A charge's `clientCpf`: the SDK takes the usual punctuation (dots, dashes, slashes, spaces) and
 * sends the digits, as it does with a CPF PIX key; the wire body, "string (digits)" in the
 * interface, refuses punctuation as such, and a wrong check digit as a wrong check digit.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CreateTransactionParams } from '../../src/schemas/charge.js';
import { CreateTransactionBody } from '../../src/schemas/charge-body.js';
import { safeParseWith } from '../../src/schemas/parse.js';
import { toCreateTransactionBody } from '../../src/schemas/wire.js';

/** The two mod-11 check digits of a CPF's first nine, written out here as the oracle. */
function withCheckDigits(base: string): string {
  let digits = base;
  for (const length of [9, 10]) {
    const sum = [...digits].reduce((total, digit, i) => total + Number(digit) * (length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    digits += String(rest === 10 ? 0 : rest);
  }
  return digits;
}

const validCpf = fc
  .stringMatching(/^\d{9}$/)
  .filter((base) => !/^(\d)\1{8}$/.test(base))
  .map(withCheckDigits);

/** A CPF written with punctuation: at least one of `.`, `-`, `/`, ` ` somewhere among its digits. */
const punctuated = validCpf.chain((cpf) =>
  fc
    .array(fc.constantFrom('', '', '', '.', '-', '/', ' '), { minLength: 12, maxLength: 12 })
    .filter((marks) => marks.some((mark) => mark !== ''))
    .map((marks) => ({ cpf, written: [...cpf].map((digit, i) => marks[i] + digit).join('') + marks[11] })),
);

function issuesOf(schema: Parameters<typeof safeParseWith>[0], input: unknown) {
  const outcome = safeParseWith(schema, input);
  if (outcome.success) throw new Error('expected the input to be rejected');
  return outcome.issues;
}

describe('clientCpf in the SDK (transactions.create)', () => {
  it('takes a valid CPF with any punctuation and sends its 11 digits', () => {
    fc.assert(
      fc.property(punctuated, ({ cpf, written }) => {
        const outcome = safeParseWith(CreateTransactionParams, { amount: 10, clientCpf: written });
        expect(outcome.success && toCreateTransactionBody(outcome.data)).toEqual({
          amount: 10,
          clientCpf: cpf,
        });
      }),
      { numRuns: 300 },
    );
  });

  it.each(['529.982.247-25', '529 982 247 25', '529982247/25', ' 52998224725 '])(
    'sends "%s" as 52998224725',
    (written) => {
      const outcome = safeParseWith(CreateTransactionParams, { amount: 10, clientCpf: written });
      expect(outcome.success && toCreateTransactionBody(outcome.data).clientCpf).toBe('52998224725');
    },
  );

  it.each(['529.982.247-2a', 'a52998224725', '529,982,247-25', '529.982.247-24'])(
    'refuses "%s": letters and other marks are never stripped, check digits still count',
    (written) => {
      expect(issuesOf(CreateTransactionParams, { amount: 10, clientCpf: written })).toEqual([
        {
          path: 'clientCpf',
          message:
            'must be a CPF of 11 digits with valid check digits (dots, dashes, slashes and spaces are allowed)',
        },
      ]);
      // clientPhone stays digits only, in the SDK as on the wire.
      for (const schema of [CreateTransactionParams, CreateTransactionBody])
        expect(issuesOf(schema, { amount: 10, clientPhone: '(11) 99876-5432' })).toEqual([
          { path: 'clientPhone', message: 'must be 10 to 13 digits' },
        ]);
    },
  );
});

describe('clientCpf on the wire (the create-transaction body the mock reads)', () => {
  it('refuses punctuation as such, takes the digits, and keeps its message for a wrong check digit', () => {
    fc.assert(
      fc.property(punctuated, fc.integer({ min: 1, max: 9 }), ({ cpf, written }, shift) => {
        expect(issuesOf(CreateTransactionBody, { amount: 10, clientCpf: written })).toEqual([
          {
            path: 'clientCpf',
            message: `must be digits only, such as "52998224725"; got the string ${JSON.stringify(written)}`,
          },
        ]);
        expect(safeParseWith(CreateTransactionBody, { amount: 10, clientCpf: cpf }).success).toBe(true);
        const wrong = cpf.slice(0, 10) + String((Number(cpf[10]) + shift) % 10);
        expect(issuesOf(CreateTransactionBody, { amount: 10, clientCpf: wrong })).toEqual([
          { path: 'clientCpf', message: 'must be a CPF of 11 digits with valid check digits' },
        ]);
      }),
      { numRuns: 300 },
    );
  });
});
