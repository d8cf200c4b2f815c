import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BrCodeError, parseBrCode } from '../../src/pix/brcode.js';
import { buildBrCode } from '../../src/pix/brcode-build.js';
import { crc16Hex } from '../../src/pix/crc16.js';

const MANUAL_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

describe('CRC16/CCITT-FALSE', () => {
  it('gives 29B1 for "123456789"', () => {
    expect(crc16Hex('123456789')).toBe('29B1');
  });
  it('gives FFFF for nothing', () => {
    expect(crc16Hex('')).toBe('FFFF');
  });
});

describe('parseBrCode', () => {
  it("parses the central bank manual's example code", () => {
    expect(parseBrCode(MANUAL_EXAMPLE)).toEqual({
      payloadFormatIndicator: '01',
      merchantAccount: { gui: 'br.gov.bcb.pix', key: '123e4567-e12b-12d1-a456-426655440000' },
      merchantCategoryCode: '0000',
      transactionCurrency: '986',
      countryCode: 'BR',
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
      txid: '***',
      crc: '1D3D',
    });
  });

  it('fails on a wrong CRC, saying so', () => {
    expect(() => parseBrCode(MANUAL_EXAMPLE.replace(/1D3D$/, '1D3E'))).toThrow(/CRC mismatch/);
  });

  it('fails on a truncated field, naming it', () => {
    const body = '000201265000';
    const code = `${body}6304${crc16Hex(`${body}6304`)}`;
    expect(() => parseBrCode(code)).toThrow(BrCodeError);
    const truncated = '00020126580014br.gov.bcb.pix0136123e4567';
    const withCrc = `${truncated}6304${crc16Hex(`${truncated}6304`)}`;
    expect(() => parseBrCode(withCrc)).toThrow(/field 26 is truncated/);
  });

  it('fails on a code without field 63', () => {
    expect(() => parseBrCode('000201')).toThrow(/field 63/);
  });

  const withCrc = (body: string) => `${body}6304${crc16Hex(`${body}6304`)}`;
  const tlv = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;
  const KEY = tlv('26', tlv('00', 'br.gov.bcb.pix') + tlv('01', '52998224725'));
  const TAIL = `${tlv('58', 'BR')}${tlv('59', 'Fulano de Tal')}${tlv('60', 'BRASILIA')}${tlv('62', tlv('05', '***'))}`;
  const code = (parts: {
    initiation?: string;
    account?: string;
    currency?: string;
    amount?: string;
    tail?: string;
  }) =>
    withCrc(
      tlv('00', '01') +
        (parts.initiation === undefined ? '' : tlv('01', parts.initiation)) +
        (parts.account ?? KEY) +
        tlv('52', '0000') +
        tlv('53', parts.currency ?? '986') +
        (parts.amount === undefined ? '' : tlv('54', parts.amount)) +
        (parts.tail ?? TAIL),
    );

  it.each([
    ['a point of initiation other than 11 or 12', code({ initiation: '13' }), /field 01/],
    ['a currency other than 986', code({ currency: '840' }), /field 53 .* must be "986"/],
    ['a country other than BR', code({ tail: TAIL.replace('5802BR', '5802br') }), /field 58/],
    [
      'both a key and a location URL',
      code({
        account: tlv('26', tlv('00', 'br.gov.bcb.pix') + tlv('01', '52998224725') + tlv('25', 'a.b/c')),
      }),
      /exactly one of a PIX key \(01\) or a location URL \(25\)/,
    ],
    ['an amount of 14 characters', code({ amount: '12345678901.23' }), /field 54/],
    ['an amount with three decimals', code({ amount: '1.234' }), /field 54/],
  ])('fails on %s (central bank rules)', (_, text, reason) => {
    expect(() => parseBrCode(text)).toThrow(reason);
  });

  it('reads amounts of 13 characters, the most field 54 holds, exactly', () => {
    expect(parseBrCode(code({})).merchantAccount.key).toBe('52998224725');
    expect(parseBrCode(code({ amount: '9999999999999' })).amountCents).toBe(999_999_999_999_900);
    expect(parseBrCode(code({ amount: '9999999999.99' })).amountCents).toBe(999_999_999_999);
    expect(parseBrCode(code({ initiation: '11', amount: '0.00' })).amountCents).toBe(0);
  });

  it('fails on a code missing a mandatory field, naming it', () => {
    const body = '00020126330014br.gov.bcb.pix0111529982247255204000053039865802BR6008BRASILIA';
    const code = `${body}6304${crc16Hex(`${body}6304`)}`;
    expect(() => parseBrCode(code)).toThrow(/field 59 \(merchant name\) is missing/);
  });
});

const txid = fc.stringMatching(/^[A-Za-z0-9]{1,25}$/);
const printable = (max: number) => fc.stringMatching(new RegExp(`^[A-Za-z0-9 .-]{1,${max}}$`));
const dynamicInput = fc.record({
  url: fc.uuid().map((id) => `pix.mock.local/qr/v2/${id}`),
  amountCents: fc.integer({ min: 1, max: 100_000_000 }),
  merchantName: printable(25),
  merchantCity: printable(15),
  txid,
});

describe('buildBrCode', () => {
  it('builds the central bank example exactly', () => {
    const code = buildBrCode({
      key: '123e4567-e12b-12d1-a456-426655440000',
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
    });
    expect(code).toBe(MANUAL_EXAMPLE);
  });

  it('build then parse is the identity', () => {
    fc.assert(
      fc.property(dynamicInput, (input) => {
        const parsed = parseBrCode(buildBrCode(input));
        expect(parsed).toMatchObject({
          pointOfInitiationMethod: '12',
          merchantAccount: { gui: 'br.gov.bcb.pix', url: input.url },
          amountCents: input.amountCents,
          merchantName: input.merchantName,
          merchantCity: input.merchantCity,
          txid: input.txid,
          transactionCurrency: '986',
          countryCode: 'BR',
        });
      }),
    );
  });

  it('any one-character change of a code makes parsing fail', () => {
    const change = fc.tuple(dynamicInput, fc.nat(), fc.integer({ min: 0x20, max: 0x7e }));
    fc.assert(
      fc.property(change, ([input, at, charCode]) => {
        const code = buildBrCode(input);
        const index = at % code.length;
        const replacement = String.fromCharCode(charCode);
        fc.pre(code[index] !== replacement);
        const mutated = code.slice(0, index) + replacement + code.slice(index + 1);
        expect(() => parseBrCode(mutated)).toThrow(BrCodeError);
      }),
      { numRuns: 2000 },
    );
  });

  it('builds the largest amount field 54 holds, and refuses one cent more', () => {
    const input = { url: 'a.b/c', merchantName: 'Loja', merchantCity: 'SP' };
    expect(parseBrCode(buildBrCode({ ...input, amountCents: 999_999_999_999 })).amountCents).toBe(
      999_999_999_999,
    );
    expect(() => buildBrCode({ ...input, amountCents: 1_000_000_000_000 })).toThrow(
      /amountCents must be an integer from 1 to 999999999999/,
    );
    // The issue's 9e13 charge: its 17-character amount was a code our own parser refused.
    expect(() => buildBrCode({ ...input, amountCents: 9e15 })).toThrow(BrCodeError);
  });

  it.each([
    [null, /takes an object/],
    ['00020101', /takes an object/],
    [{ merchantName: 5, merchantCity: 'SP', url: 'a.b/c' }, /merchantName must be a string/],
    [{ merchantName: 'Loja', merchantCity: 'SP', url: 'a.b/c', txid: 123 }, /txid must be a string/],
    [
      { merchantName: 'Loja', merchantCity: 'SP', url: 'a.b/c', amountCents: '100' },
      /amountCents must be a number/,
    ],
  ])('refuses %j with a TypeError, never a malformed code', (input, reason) => {
    expect(() => buildBrCode(input as never)).toThrow(TypeError);
    expect(() => buildBrCode(input as never)).toThrow(reason);
  });

  it.each([
    [{ merchantName: 'x'.repeat(26), merchantCity: 'SP', url: 'a.b/c' }, /merchantName must hold 1 to 25/],
    [{ merchantName: 'Loja', merchantCity: 'SP', url: 'a.b/c', merchantCategoryCode: '12' }, /4 digits/],
    [{ merchantName: 'Loja', merchantCity: 'x'.repeat(16), url: 'a.b/c' }, /merchantCity must hold 1 to 15/],
    [{ merchantName: 'Loja', merchantCity: 'SP', url: 'a.b/c', txid: 'with space' }, /txid/],
    [{ merchantName: 'Loja', merchantCity: 'SP', url: 'a.b/c', amountCents: 0 }, /amountCents/],
    [{ merchantName: 'São', merchantCity: 'SP', url: 'a.b/c' }, /printable ASCII/],
    [{ merchantName: 'Loja', merchantCity: 'SP' }, /exactly one of url/],
  ])('refuses %j', (input, reason) => {
    expect(() => buildBrCode(input)).toThrow(reason);
  });
});
