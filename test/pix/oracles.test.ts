/**
 * Independent oracles: `@brazilian-utils/brazilian-utils` (a dev dependency, never bundled) must
 * agree with our CPF, CNPJ, BR Code and PIX key code on random inputs. Ours stays in the bundle:
 * it is much smaller. Where the two differ by design, the difference is written down here, with
 * the rule that decides it (docs/service-behaviour.md, the central bank's manuals); everywhere else
 * a disagreement fails the test.
 *
 * Documented deviations of the oracle (it is more lenient on form, stricter on one amount):
 * - it accepts masks (`529.982.247-25`) and whitespace in `isValidCpf`/`isValidCnpj`; ours take
 *   the unformatted key, and `isValidPixKey` strips formatting first, so masks are compared there;
 * - its `isValidCnpj(…, { version: 2 })` folds letters to upper case; the DICT stores upper-case
 *   letters and our client does not fold them, so a lower-case alphanumeric CNPJ is invalid for us;
 * - in a BR Code it accepts a lower-case CRC and country `br`; the reference (and EMV) write four
 *   upper-case hex digits and `BR`, and so do we;
 * - it refuses field 54 = `0`/`0.00` in a static code (its own restriction, as its docs say;
 *   the manual allows it), we accept it;
 * - it checks the syntax of a dynamic code's location URL; ours does not (so the URLs generated
 *   here are ones it accepts), and it reads Pix templates in IDs 26 to 51 where ours wants 26.
 * Both refuse the all-equal numbers: of `00000000000000` … `99999999999999` only the first passes
 * the CNPJ check digits, and both refuse it (a reserved number, not issued); an alphanumeric base
 * of one repeated letter has no reserved list (the Receita Federal manual defines none), and both
 * accept it when its check digits hold.
 */
import * as oracle from '@brazilian-utils/brazilian-utils';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BrCodeError, parseBrCode } from '../../src/pix/brcode.js';
import { buildBrCode } from '../../src/pix/brcode-build.js';
import { cnpjCheckDigits, isValidCnpj } from '../../src/pix/cnpj.js';
import { cpfCheckDigits, isValidCpf } from '../../src/pix/cpf.js';
import { crc16Hex } from '../../src/pix/crc16.js';
import { isValidPixKey, normalizePixKey } from '../../src/pix/keys.js';

const RUNS = { numRuns: 1000 };

const digits = (n: number) => fc.stringMatching(new RegExp(`^[0-9]{${n}}$`));
const alnums = (n: number) => fc.stringMatching(new RegExp(`^[0-9A-Z]{${n}}$`));
const allEqual = (text: string) => new Set(text).size === 1;

/** A seeded Math.random for the oracle's generators, so that their runs replay and shrink. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
function seeded<T>(seed: number, make: () => T): T {
  vi.spyOn(Math, 'random').mockImplementation(mulberry32(seed));
  try {
    return make();
  } finally {
    vi.restoreAllMocks();
  }
}
afterEach(() => {
  vi.restoreAllMocks();
});

/** Every value the oracle's generator makes (seeded, for any parameter) is valid for us. */
function acceptsWhatTheOracleMakes<P>(
  param: fc.Arbitrary<P>,
  generate: (param: P) => string,
  isValid: (value: string) => boolean,
): void {
  fc.assert(
    fc.property(fc.integer(), param, (seed, value) => {
      const made = seeded(seed, () => generate(value));
      expect(isValid(made), made).toBe(true);
    }),
    RUNS,
  );
}

const maskCpf = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
const maskCnpj = (cnpj: string) =>
  `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;

describe('CPF against the oracle', () => {
  it('agrees on random 11-digit strings', () => {
    fc.assert(
      fc.property(digits(11), (cpf) => {
        expect(isValidCpf(cpf)).toBe(oracle.isValidCpf(cpf));
      }),
      { numRuns: 5000 },
    );
  });

  it('agrees on CPFs made valid with our check digits (all-equal ones refused by both)', () => {
    fc.assert(
      fc.property(digits(9), (base) => {
        const cpf = base + cpfCheckDigits(base);
        expect(isValidCpf(cpf)).toBe(!allEqual(cpf));
        expect(oracle.isValidCpf(cpf)).toBe(!allEqual(cpf));
      }),
      RUNS,
    );
    for (const digit of '0123456789')
      expect([isValidCpf(digit.repeat(11)), oracle.isValidCpf(digit.repeat(11))]).toEqual([false, false]);
  });

  it("accepts every CPF the oracle's generator makes, for any state", () => {
    const state = fc.constantFrom(undefined, 'SP', 'RJ', 'RS', 'DF', 'AM');
    acceptsWhatTheOracleMakes(state, (uf) => oracle.generateCpf(uf), isValidCpf);
  });

  it('agrees when one digit of a valid CPF is changed', () => {
    fc.assert(
      fc.property(digits(9), fc.nat(10), fc.integer({ min: 1, max: 9 }), (base, at, delta) => {
        const cpf = base + cpfCheckDigits(base);
        const changed = cpf.slice(0, at) + String((Number(cpf[at]) + delta) % 10) + cpf.slice(at + 1);
        expect(isValidCpf(changed)).toBe(oracle.isValidCpf(changed));
      }),
      RUNS,
    );
  });

  it('agrees on the masked form through isValidPixKey (ours strips formatting first)', () => {
    fc.assert(
      fc.property(digits(9), fc.boolean(), (base, valid) => {
        const cpf = base + (valid ? cpfCheckDigits(base) : '00');
        expect(isValidPixKey('CPF', maskCpf(cpf))).toBe(oracle.isValidCpf(maskCpf(cpf)));
        // The documented difference: isValidCpf itself takes the unformatted number only.
        expect(isValidCpf(maskCpf(cpf))).toBe(false);
      }),
      RUNS,
    );
  });

  it('agrees that digit strings of any other length are not CPFs', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{0,20}$/), (text) => {
        fc.pre(text.length !== 11);
        expect([isValidCpf(text), oracle.isValidCpf(text)]).toEqual([false, false]);
      }),
      RUNS,
    );
  });
});

describe('CNPJ against the oracle (numeric and alphanumeric)', () => {
  it('agrees on random alphanumeric CNPJs (12 characters and 2 digits)', () => {
    fc.assert(
      fc.property(alnums(12), digits(2), (base, check) => {
        const cnpj = base + check;
        expect(isValidCnpj(cnpj)).toBe(oracle.isValidCnpj(cnpj, { version: 2 }));
      }),
      { numRuns: 5000 },
    );
  });

  it('agrees on alphanumeric CNPJs made valid with our check digits', () => {
    fc.assert(
      fc.property(alnums(12), (base) => {
        const cnpj = base + cnpjCheckDigits(base);
        expect(isValidCnpj(cnpj)).toBe(true);
        expect(oracle.isValidCnpj(cnpj, { version: 2 })).toBe(true);
      }),
      RUNS,
    );
  });

  it('agrees on numeric CNPJs, random and valid, with either version of the oracle', () => {
    fc.assert(
      fc.property(digits(12), fc.option(digits(2)), (base, check) => {
        const cnpj = base + (check ?? cnpjCheckDigits(base));
        const ours = isValidCnpj(cnpj);
        expect(ours).toBe(oracle.isValidCnpj(cnpj));
        expect(ours).toBe(oracle.isValidCnpj(cnpj, { version: 2 }));
      }),
      { numRuns: 3000 },
    );
  });

  it('agrees on the all-equal cases: reserved numbers refused, repeated letters accepted', () => {
    expect(cnpjCheckDigits('000000000000')).toBe('00');
    for (const digit of '0123456789') {
      const cnpj = digit.repeat(14);
      expect([isValidCnpj(cnpj), oracle.isValidCnpj(cnpj), oracle.isValidCnpj(cnpj, { version: 2 })]).toEqual(
        [false, false, false],
      );
      // A repeated digit with its real check digits is not all-equal: both accept it.
      const valid = digit.repeat(12) + cnpjCheckDigits(digit.repeat(12));
      if (!allEqual(valid)) expect([isValidCnpj(valid), oracle.isValidCnpj(valid)]).toEqual([true, true]);
    }
    for (const letter of 'AKZ') {
      const cnpj = letter.repeat(12) + cnpjCheckDigits(letter.repeat(12));
      expect([isValidCnpj(cnpj), oracle.isValidCnpj(cnpj, { version: 2 })]).toEqual([true, true]);
    }
    expect([isValidCnpj('12ABC34501DE35'), oracle.isValidCnpj('12ABC34501DE35', { version: 2 })]).toEqual([
      true,
      true,
    ]);
  });

  it("accepts every CNPJ the oracle's generator makes, numeric and alphanumeric, any branch", () => {
    const params = fc.oneof(
      fc.constantFrom<1 | 2>(1, 2),
      fc.record({ version: fc.constantFrom<1 | 2>(1, 2), branch: fc.integer({ min: 0, max: 10_000 }) }),
    );
    acceptsWhatTheOracleMakes(params, (param) => oracle.generateCnpj(param), isValidCnpj);
  });

  it('agrees when one character of a valid alphanumeric CNPJ is changed', () => {
    const char = fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    fc.assert(
      fc.property(alnums(12), fc.nat(13), char, (base, at, replacement) => {
        const cnpj = base + cnpjCheckDigits(base);
        const changed = cnpj.slice(0, at) + replacement + cnpj.slice(at + 1);
        expect(isValidCnpj(changed)).toBe(oracle.isValidCnpj(changed, { version: 2 }));
      }),
      { numRuns: 3000 },
    );
  });

  it('agrees on the masked form through isValidPixKey; lower-case letters are the documented difference', () => {
    fc.assert(
      fc.property(alnums(12), fc.boolean(), (base, valid) => {
        const cnpj = base + (valid ? cnpjCheckDigits(base) : '00');
        expect(isValidPixKey('CNPJ', maskCnpj(cnpj))).toBe(
          oracle.isValidCnpj(maskCnpj(cnpj), { version: 2 }),
        );
        const lower = cnpj.toLowerCase();
        if (lower !== cnpj) {
          // The oracle folds case; the DICT key is upper-case and ours is not folded.
          expect(isValidCnpj(lower)).toBe(false);
          expect(oracle.isValidCnpj(lower, { version: 2 })).toBe(oracle.isValidCnpj(cnpj, { version: 2 }));
        }
      }),
      RUNS,
    );
  });
});

// ---- BR Code ------------------------------------------------------------------------------

const printable = (min: number, max: number) =>
  fc.string({
    unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
    minLength: min,
    maxLength: max,
  });
const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,8}[a-z0-9])?$/);
/** A location URL the oracle's URL rule accepts: host with a dot, then path segments. */
const locationUrl = fc
  .oneof(
    fc.tuple(label, label, fc.uuid()).map(([a, b, id]) => `${a}.${b}/qr/v2/${id}`),
    fc
      .tuple(
        fc.array(label, { minLength: 2, maxLength: 3 }),
        fc.array(fc.stringMatching(/^[a-z0-9._~-]{0,8}$/), { maxLength: 3 }),
      )
      .map(([host, path]) => [host.join('.'), ...path].join('/')),
  )
  .filter((url) => url.length <= 77);
const txid = fc.oneof(fc.constant('***'), fc.stringMatching(/^[A-Za-z0-9]{1,25}$/));
const cents = fc.oneof(
  fc.integer({ min: 1, max: 100_000_000 }),
  fc.integer({ min: 1, max: 999_999_999_999 }),
);

const ourInput = fc.oneof(
  fc.record(
    {
      url: locationUrl,
      amountCents: cents,
      merchantName: printable(1, 25),
      merchantCity: printable(1, 15),
      txid,
      merchantCategoryCode: digits(4),
    },
    { requiredKeys: ['url', 'merchantName', 'merchantCity'] },
  ),
  fc.record(
    {
      key: printable(1, 77),
      description: printable(1, 40),
      amountCents: cents,
      merchantName: printable(1, 25),
      merchantCity: printable(1, 15),
      txid,
      merchantCategoryCode: digits(4),
    },
    { requiredKeys: ['key', 'merchantName', 'merchantCity'] },
  ),
);

function tryBuild(input: Parameters<typeof buildBrCode>[0]): string | undefined {
  try {
    return buildBrCode(input);
  } catch (error) {
    // Only an over-long merchant account template (key + description over 99) may be refused.
    expect(error).toBeInstanceOf(BrCodeError);
    expect((error as Error).message).toMatch(/field 26 must hold 1 to 99/);
    return undefined;
  }
}

describe('BR Code against the oracle', () => {
  it('the oracle accepts every code we build and reads the same fields from it', () => {
    fc.assert(
      fc.property(ourInput, (input) => {
        const code = tryBuild(input);
        fc.pre(code !== undefined);
        const info = oracle.getPixPayloadInfo(code as string);
        const dynamic = 'url' in input && input.url !== undefined;
        const expected: Record<string, unknown> = {
          merchantName: input.merchantName,
          merchantCity: input.merchantCity,
          pointOfInitiation: dynamic ? 'dynamic' : 'static',
        };
        if (dynamic) expected.url = input.url;
        else {
          // The oracle ignores amount and txid of a dynamic code (the location is the source of truth).
          expected.key = (input as { key: string }).key;
          const { description } = input as { description?: string };
          if (description !== undefined) expected.description = description;
          if (input.amountCents !== undefined) expected.amount = input.amountCents / 100;
          if (input.txid !== undefined && input.txid !== '***') expected.txid = input.txid;
        }
        expect(info).toEqual(expected);
        const ours = parseBrCode(code as string);
        expect(ours.amountCents).toBe(input.amountCents);
      }),
      RUNS,
    );
  });

  it('we accept every code the oracle generates and read the same fields from it', () => {
    const key = fc.oneof(
      digits(9).map((base) => maskCpf(base + cpfCheckDigits(base))),
      alnums(12).map((base) => maskCnpj(base + cnpjCheckDigits(base))),
      fc.uuid().map((id) => id.toUpperCase()),
      fc.stringMatching(/^[a-z0-9_+-]{1,20}@[a-z0-9]{1,10}\.(com|com\.br|org)$/),
      fc.stringMatching(/^\(1[1-9]\) 9[6-9][0-9]{3}-[0-9]{4}$/),
    );
    const anyText = fc.string({ maxLength: 40 });
    const params = fc.oneof(
      fc.record(
        {
          key,
          merchantName: anyText,
          merchantCity: anyText,
          amount: cents.map((c) => c / 100),
          txid: fc.stringMatching(/^[A-Za-z0-9]{1,25}$/),
          description: anyText,
        },
        { requiredKeys: ['key', 'merchantName', 'merchantCity'] },
      ),
      fc.record({ url: locationUrl, merchantName: anyText, merchantCity: anyText }),
    );
    fc.assert(
      fc.property(params, (param) => {
        const code = oracle.generatePixPayload(param);
        // The oracle refuses (null) a name or city that folds to nothing, or a key it cannot read.
        fc.pre(code !== null);
        const info = oracle.getPixPayloadInfo(code as string);
        expect(info).not.toBeNull();
        const ours = parseBrCode(code as string);
        expect(ours.merchantName).toBe(info?.merchantName);
        expect(ours.merchantCity).toBe(info?.merchantCity);
        expect(ours.merchantAccount.key).toBe(info?.key);
        expect(ours.merchantAccount.url).toBe(info?.url);
        expect(ours.merchantAccount.description).toBe(info?.description);
        if ('key' in param) {
          expect(ours.amountCents === undefined ? undefined : ours.amountCents / 100).toBe(info?.amount);
          expect(ours.txid).toBe(param.txid ?? '***');
        } else {
          expect(ours.pointOfInitiationMethod).toBe('12');
        }
      }),
      RUNS,
    );
  });

  // A model of the rules: each field is drawn valid or broken, and each way of breaking it is
  // either refused by both (a rule of the manual) or a documented deviation of one side.
  // Each field is mostly one of its valid forms, sometimes one of its faults, so that most codes
  // carry no fault or a single one, and every single fault is met on its own many times.
  const variant = <const T extends string>(valid: readonly [T, ...T[]], faults: readonly [T, ...T[]]) =>
    fc.oneof(
      { weight: 12, arbitrary: fc.constantFrom(...valid) },
      { weight: 1, arbitrary: fc.constantFrom(...faults) },
    );
  const structure = fc.record({
    format: variant(['ok'], ['bad']),
    initiation: variant(['absent', '11', '12'], ['bad']),
    gui: variant(['ok', 'upper'], ['bad']),
    account: variant(['key', 'url'], ['both', 'none']),
    description: fc.option(printable(1, 20), { nil: undefined }),
    category: variant(['ok'], ['absent']),
    currency: variant(['ok'], ['other', 'absent']),
    amount: variant(['absent', 'ok', 'thirteen'], ['zero', 'threeDecimals', 'fourteen']),
    country: variant(['ok'], ['lower', 'other']),
    name: variant(['ok'], ['absent']),
    city: variant(['ok'], ['absent']),
    additional: variant(['absent', 'ok'], ['malformed']),
    unreserved: fc.boolean(),
    crc: variant(['ok'], ['lower', 'wrong']),
    key: printable(1, 30),
    url: locationUrl,
    name_: printable(1, 25),
    city_: printable(1, 15),
    amount_: cents,
  });
  type Structure = typeof structure extends fc.Arbitrary<infer S> ? S : never;

  const tlv = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

  function assemble(s: Structure): string {
    const gui = { ok: 'br.gov.bcb.pix', upper: 'BR.GOV.BCB.PIX', bad: 'br.gov.bcb.pox' }[s.gui];
    const accountWith = (description: string | undefined) =>
      tlv('00', gui) +
      (s.account === 'key' || s.account === 'both' ? tlv('01', s.key) : '') +
      (description !== undefined ? tlv('02', description) : '') +
      (s.account === 'url' || s.account === 'both' ? tlv('25', s.url) : '');
    // A template holds at most 99 characters: the description goes when there is no room for it.
    const account = accountWith(accountWith(s.description).length <= 99 ? s.description : undefined);
    const amount = {
      absent: '',
      ok: tlv('54', (s.amount_ / 100).toFixed(2)),
      zero: tlv('54', '0.00'),
      thirteen: tlv('54', '1234567890123'),
      threeDecimals: tlv('54', '1.234'),
      fourteen: tlv('54', '12345678901.23'),
    }[s.amount];
    const body =
      tlv('00', s.format === 'ok' ? '01' : '02') +
      (s.initiation === 'absent' ? '' : tlv('01', s.initiation === 'bad' ? '13' : s.initiation)) +
      tlv('26', account) +
      (s.category === 'ok' ? tlv('52', '0000') : '') +
      (s.currency === 'absent' ? '' : tlv('53', s.currency === 'ok' ? '986' : '840')) +
      amount +
      tlv('58', { ok: 'BR', lower: 'br', other: 'US' }[s.country]) +
      (s.name === 'ok' ? tlv('59', s.name_) : '') +
      (s.city === 'ok' ? tlv('60', s.city_) : '') +
      { absent: '', ok: tlv('62', tlv('05', 'abc123')), malformed: tlv('62', '0599x') }[s.additional] +
      (s.unreserved ? tlv('80', tlv('00', 'example.com')) : '') +
      '6304';
    const crc = crc16Hex(body);
    if (s.crc === 'wrong') return body + (crc === '0000' ? '0001' : '0000');
    return body + (s.crc === 'lower' ? crc.toLowerCase() : crc);
  }

  /** The faults both refuse: each breaks a rule of the manual. */
  const REFUSED_BY_BOTH: { readonly [F in keyof Structure]?: readonly Structure[F][] } = {
    format: ['bad'],
    initiation: ['bad'],
    gui: ['bad'],
    account: ['both', 'none'],
    category: ['absent'],
    currency: ['other', 'absent'],
    amount: ['threeDecimals', 'fourteen'],
    country: ['other'],
    name: ['absent'],
    city: ['absent'],
    additional: ['malformed'],
    crc: ['wrong'],
  };
  const brokenForBoth = (s: Structure) =>
    Object.entries(REFUSED_BY_BOTH).some(([field, faults]) =>
      (faults as readonly unknown[]).includes(s[field as keyof Structure]),
    );

  it('accepts and refuses the same codes as the oracle, but for the documented deviations', () => {
    fc.assert(
      fc.property(structure, (s) => {
        const code = assemble(s);
        const crcHasLetters = /[A-F]/.test(code.slice(-4).toUpperCase());
        // Ours: upper-case CRC and country "BR" only (docs/service-behaviour.md, EMV).
        const oursExpected =
          !brokenForBoth(s) && !(s.crc === 'lower' && crcHasLetters) && s.country !== 'lower';
        // The oracle: no zero amount in a static code (its own restriction).
        const oracleExpected = !brokenForBoth(s) && !(s.amount === 'zero' && s.account === 'key');
        let ours = true;
        try {
          parseBrCode(code);
        } catch (error) {
          expect(error).toBeInstanceOf(BrCodeError);
          ours = false;
        }
        expect({ ours, oracle: oracle.isValidPixPayload(code) }).toEqual({
          ours: oursExpected,
          oracle: oracleExpected,
        });
      }),
      { numRuns: 3000 },
    );
  });

  it('both refuse any one-character change or truncation of a valid code', () => {
    fc.assert(
      fc.property(
        ourInput,
        fc.nat(),
        fc.integer({ min: 0x20, max: 0x7e }),
        fc.boolean(),
        (input, at, charCode, truncate) => {
          const code = tryBuild(input);
          fc.pre(code !== undefined);
          const text = code as string;
          const index = at % text.length;
          const replacement = String.fromCharCode(charCode);
          fc.pre(truncate || text[index] !== replacement);
          const mutated = truncate
            ? text.slice(0, index)
            : text.slice(0, index) + replacement + text.slice(index + 1);
          // A lower-case hex digit in place of an upper-case one in the CRC is the one change the
          // oracle lets through (documented above); every other change is refused by both.
          const caseOnly = !truncate && index >= text.length - 4 && replacement.toUpperCase() === text[index];
          expect(() => parseBrCode(mutated)).toThrow(BrCodeError);
          expect(oracle.isValidPixPayload(mutated)).toBe(caseOnly);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('PIX keys against the oracle', () => {
  it('every key the oracle recognises is valid for us, normalised to the same value', () => {
    const ourType = { cpf: 'CPF', cnpj: 'CNPJ', email: 'EMAIL', phone: 'PHONE', evp: 'EVP' } as const;
    const candidate = fc.oneof(
      digits(9).map((base) => maskCpf(base + cpfCheckDigits(base))),
      digits(9).map((base) => base + cpfCheckDigits(base)),
      alnums(12).map((base) => maskCnpj(base + cnpjCheckDigits(base))),
      fc.uuid().map((id) => ` ${id.toUpperCase()} `),
      fc.emailAddress(),
      fc.stringMatching(/^\+55[1-9][1-9]9[0-9]{8}$/),
      fc.string({ maxLength: 20 }),
    );
    fc.assert(
      fc.property(candidate, (value) => {
        const info = oracle.getPixKeyInfo(value);
        fc.pre(info !== null);
        const { type, value: normalised } = info as { type: keyof typeof ourType; value: string };
        // The oracle reads a bare phone number and adds +55; ours takes E.164 as typed.
        const typed = type === 'phone' ? normalised : value;
        expect(isValidPixKey(ourType[type], typed), `${type} ${value}`).toBe(true);
        expect(normalizePixKey(ourType[type], typed)).toBe(normalised);
      }),
      { numRuns: 2000 },
    );
  });
});
