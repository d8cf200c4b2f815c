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

  it.each([
    [{ merchantName: 'x'.repeat(26), merchantCity: 'SP', url: 'a.b/c' }, /merchantName must hold 1 to 25/],
    [{ merchantName: 'Loja', merchantCity: 'x'.repeat(16), url: 'a.b/c' }, /merchantCity must hold 1 to 15/],
    [{ merchantName: 'Loja', merchantCity: 'SP', url: 'a.b/c', txid: 'with space' }, /txid/],
    [{ merchantName: 'Loja', merchantCity: 'SP', url: 'a.b/c', amountCents: 0 }, /amountCents/],
    [{ merchantName: 'São', merchantCity: 'SP', url: 'a.b/c' }, /printable ASCII/],
    [{ merchantName: 'Loja', merchantCity: 'SP' }, /exactly one of url/],
  ])('refuses %j', (input, reason) => {
    expect(() => buildBrCode(input)).toThrow(reason);
  });
});
