/**
 * buildStaticBrCode over random valid parts (accents, decomposed letters, every key type): our
 * parser and an independent one (`@brazilian-utils/brazilian-utils`, a dev dependency) read back
 * what was given, the oracle's own generator writes the very same code, and the QR code rendered
 * by uqr decodes back to it with jsQR. Random invalid parts are refused, naming the field.
 */
import * as oracle from '@brazilian-utils/brazilian-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/errors/validation.js';
import { parseBrCode } from '../../src/pix/brcode.js';
import { cnpjCheckDigits } from '../../src/pix/cnpj.js';
import { cpfCheckDigits } from '../../src/pix/cpf.js';
import {
  buildStaticBrCode,
  MAX_STATIC_AMOUNT,
  pixCodeToMatrix,
  type StaticBrCodeParams,
} from '../../src/qr/index.js';
import { decode } from './decode.js';

/** Accents removed, written independently of the SDK: NFD, then the combining diacritics block. */
const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

const digits = (n: number) => fc.stringMatching(new RegExp(`^[0-9]{${n}}$`));
const notAllEqual = (text: string) => new Set(text).size > 1;

const EVP = fc.uuid().chain((id) => fc.constantFrom(id, id.toUpperCase()));
const keys = {
  CPF: digits(9)
    .filter(notAllEqual)
    .chain((base) => {
      const cpf = base + cpfCheckDigits(base);
      return fc.constantFrom(cpf, `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`);
    }),
  CNPJ: fc
    .stringMatching(/^[0-9]{12}$/)
    .filter(notAllEqual)
    .map((base) => base + cnpjCheckDigits(base)),
  EMAIL: fc
    .stringMatching(/^[a-z0-9_+-]{1,20}@[a-z0-9]{1,10}\.(com|com\.br|org)$/)
    .chain((email) => fc.constantFrom(email, email.toUpperCase())),
  PHONE: fc.stringMatching(/^\+55(11|21|31|41|51|61|71|81|91)9[6-9][0-9]{7}$/),
  EVP,
};
const pixKey = fc.oneof(...Object.values(keys));

const LETTERS = [
  ..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789&.-'",
  ...'áàâãäéêëíîóôõöúüçñÁÀÂÃÉÊÍÓÔÕÚÜÇÑ',
];
/** A letter, an accented one written composed (NFC) or decomposed (a letter and a combining mark). */
const letter = fc.constantFrom(...LETTERS).chain((c) => fc.constantFrom(c, c.normalize('NFD')));

/** Text of 1 to `max` characters once accents are removed: words separated by single spaces. */
function text(max: number): fc.Arbitrary<string> {
  return fc
    .array(fc.oneof({ weight: 5, arbitrary: letter }, { weight: 1, arbitrary: fc.constant(' ') }), {
      minLength: 1,
      maxLength: max,
    })
    .map((chars) => chars.join('').replace(/ +/g, ' ').trim())
    .filter((t) => t.length > 0);
}

const amount = fc.integer({ min: 1, max: Math.round(MAX_STATIC_AMOUNT * 100) }).map((cents) => cents / 100);
const txid = fc.oneof(fc.constant('***'), fc.stringMatching(/^[A-Za-z0-9]{1,25}$/));

const validParams: fc.Arbitrary<StaticBrCodeParams> = fc.record(
  {
    pixKey,
    amount,
    merchantName: text(25),
    city: text(15),
    txid,
    // Keys here are at most 36 characters: 37 always fit beside them in field 26.
    description: text(37),
  },
  { requiredKeys: ['pixKey', 'merchantName', 'city'] },
);

describe('buildStaticBrCode over random valid parts', () => {
  it('our parser and the oracle read back the parts, accents removed', () => {
    fc.assert(
      fc.property(validParams, (params) => {
        const code = buildStaticBrCode(params);
        const ours = parseBrCode(code);
        const key = oracle.getPixKeyInfo(params.pixKey)?.value;
        expect(key).toBeDefined();
        expect(ours.merchantAccount.key).toBe(key);
        expect(ours.merchantName).toBe(fold(params.merchantName));
        expect(ours.merchantCity).toBe(fold(params.city));
        expect(ours.merchantAccount.description).toBe(
          params.description === undefined ? undefined : fold(params.description),
        );
        expect(ours.amountCents).toBe(
          params.amount === undefined ? undefined : Math.round(params.amount * 100),
        );
        expect(ours.txid).toBe(params.txid ?? '***');
        expect(ours.pointOfInitiationMethod).toBeUndefined();

        expect(oracle.isValidPixPayload(code)).toBe(true);
        const theirs = oracle.getPixPayloadInfo(code);
        expect(theirs).toEqual({
          key,
          merchantName: ours.merchantName,
          merchantCity: ours.merchantCity,
          pointOfInitiation: 'static',
          ...(params.description === undefined ? {} : { description: ours.merchantAccount.description }),
          ...(params.amount === undefined ? {} : { amount: params.amount }),
          ...(params.txid === undefined || params.txid === '***' ? {} : { txid: params.txid }),
        });
      }),
      { numRuns: 300 },
    );
  });

  it('writes the very code the oracle generates from the same parts', () => {
    fc.assert(
      fc.property(validParams, ({ pixKey: key, city, txid, ...rest }) => {
        // The oracle refuses an explicit "***" (its own restriction): it writes it when txid is absent.
        expect(
          buildStaticBrCode({ pixKey: key, city, ...(txid === undefined ? {} : { txid }), ...rest }),
        ).toBe(
          oracle.generatePixPayload({
            key,
            merchantCity: city,
            ...(txid === '***' ? {} : { txid }),
            ...rest,
          } as oracle.GeneratePixPayloadParams),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('renders a QR code (uqr) that jsQR decodes back to the code', () => {
    fc.assert(
      fc.property(validParams, (params) => {
        const code = buildStaticBrCode(params);
        expect(decode(pixCodeToMatrix(code))).toBe(code);
      }),
      { numRuns: 20 },
    );
  });
});

const letters = (min: number, max: number) =>
  fc.array(letter, { minLength: min, maxLength: max }).map((chars) => chars.join(''));
const NO_ASCII_FORM = ['ø', 'ß', 'Ł', 'æ', '€', '☕', '“', '\u00a0', '\t', '\n'];
const withNonAscii = (valid: fc.Arbitrary<string>, max: number) =>
  fc.tuple(valid, fc.constantFrom(...NO_ASCII_FORM), fc.nat()).map(([t, c, at]) => {
    const kept = t.slice(0, max - 1);
    const i = at % (kept.length + 1);
    return kept.slice(0, i) + c + kept.slice(i);
  });

/** One field broken, by a rule of the BR Code manual, the directory or the SDK's amounts. */
const broken: fc.Arbitrary<[keyof StaticBrCodeParams, unknown]> = fc.oneof(
  fc.tuple(fc.constant('merchantName' as const), fc.oneof(letters(26, 40), withNonAscii(text(25), 25))),
  fc.tuple(fc.constant('city' as const), fc.oneof(letters(16, 30), withNonAscii(text(15), 15))),
  fc.tuple(
    fc.constant('amount' as const),
    fc.oneof(
      fc.constantFrom(0, -0.01, Number.NaN, Number.POSITIVE_INFINITY, MAX_STATIC_AMOUNT + 0.01),
      fc.integer({ min: 1, max: 1e9 }).map((c) => -c / 100),
      fc
        .tuple(fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 1, max: 9 }))
        .map(([c, m]) => c / 100 + m / 1000),
    ),
  ),
  fc.tuple(
    fc.constant('txid' as const),
    fc.oneof(
      fc.stringMatching(/^[A-Za-z0-9]{26,30}$/),
      fc.stringMatching(/^[A-Za-z0-9]{0,10}[-_ .*#][A-Za-z0-9]{0,10}$/),
    ),
  ),
  fc.tuple(
    fc.constant('pixKey' as const),
    fc.oneof(
      // A CPF whose last check digit is off by one.
      digits(9)
        .filter(notAllEqual)
        .map((base) => {
          const cpf = base + cpfCheckDigits(base);
          return cpf.slice(0, 10) + ((Number(cpf[10]) + 1) % 10);
        }),
      fc.stringMatching(/^[a-z]{1,20}$/),
      fc.stringMatching(/^[0-9]{1,10}$/),
      fc.uuid().map((id) => `${id.slice(0, -1)}g`),
      fc.stringMatching(/^\+0[0-9]{10}$/),
    ),
  ),
);

describe('buildStaticBrCode over random invalid parts', () => {
  it('throws a ValidationError naming the one field at fault', () => {
    fc.assert(
      fc.property(validParams, broken, (params, [field, value]) => {
        let thrown: unknown;
        try {
          buildStaticBrCode({ ...params, [field]: value });
        } catch (error) {
          thrown = error;
        }
        expect(thrown).toBeInstanceOf(ValidationError);
        const { issues, message } = thrown as ValidationError;
        expect(issues.map((issue) => issue.path)).toEqual([field]);
        expect(message).toMatch(new RegExp(`^Invalid request: ${field}: .+`));
      }),
      { numRuns: 500 },
    );
  });

  it('refuses a description longer than field 26 leaves beside the key', () => {
    fc.assert(
      fc.property(validParams, fc.integer({ min: 1, max: 30 }), (params, over) => {
        const key = oracle.getPixKeyInfo(params.pixKey)?.value as string;
        const room = 99 - 18 - 4 - key.length - 4;
        const description = 'x'.repeat(room + over);
        expect(() => buildStaticBrCode({ ...params, description })).toThrow(
          new RegExp(`description: must have at most ${room} characters`),
        );
        expect(
          parseBrCode(buildStaticBrCode({ ...params, description: 'x'.repeat(room) })).merchantAccount
            .description,
        ).toHaveLength(room);
      }),
      { numRuns: 200 },
    );
  });
});
