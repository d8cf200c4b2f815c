import fc from 'fast-check';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { BrCodeError } from '../src/index.js';
import {
  buildBrCode,
  pixCodeToDataUrl,
  pixCodeToMatrix,
  pixCodeToSvg,
  pixCodeToTerminal,
} from '../src/qr/index.js';
import { decode } from './qr/decode.js';

const pixCode = buildBrCode({
  url: 'pix.mock.local/qr/v2/9d3b2c1a-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  amountCents: 1990,
  merchantName: 'LOJA EXEMPLO',
  merchantCity: 'SAO PAULO',
  txid: '9d3b2c1a5e6f4a7b8c9d0e1f2',
});

/** Rebuilds the module matrix from the SVG's path of unit squares. */
function matrixFromSvg(svg: string): boolean[][] {
  const parsed = new XMLParser({ ignoreAttributes: false }).parse(svg);
  const [, , width] = String(parsed.svg['@_viewBox']).split(' ').map(Number);
  const modules = (width as number) / 10;
  const matrix = Array.from({ length: modules }, () => Array<boolean>(modules).fill(false));
  for (const [, x, y] of String(parsed.svg.path['@_d']).matchAll(/M(\d+),(\d+)h10v10h-10z/g)) {
    const row = matrix[Number(y) / 10];
    if (row) row[Number(x) / 10] = true;
  }
  return matrix;
}

describe('pix-payments/qr', () => {
  it('renders a well-formed SVG that decodes back to the pixCode', () => {
    const svg = pixCodeToSvg(pixCode);
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(decode(matrixFromSvg(svg))).toBe(pixCode);
  });

  it('round-trips any dynamic BR Code through the matrix', () => {
    const code = fc
      .record({
        cents: fc.integer({ min: 1, max: 100_000_000 }),
        txid: fc.stringMatching(/^[A-Za-z0-9]{1,25}$/),
      })
      .map(({ cents, txid }) =>
        buildBrCode({
          url: 'pix.mock.local/qr/v2/abc',
          amountCents: cents,
          merchantName: 'LOJA',
          merchantCity: 'SP',
          txid,
        }),
      );
    fc.assert(
      fc.property(code, (text) => {
        expect(decode(pixCodeToMatrix(text))).toBe(text);
      }),
      { numRuns: 25 },
    );
  });

  it('makes a base64 SVG data URL', () => {
    const url = pixCodeToDataUrl(pixCode);
    expect(url.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(atob(url.slice('data:image/svg+xml;base64,'.length))).toBe(pixCodeToSvg(pixCode));
  });

  it('renders terminal text of half blocks, two modules per line', () => {
    const text = pixCodeToTerminal(pixCode, { border: 1 });
    const lines = text.split('\n');
    const modules = pixCodeToMatrix(pixCode, { border: 1 }).length;
    expect(lines).toHaveLength(Math.ceil(modules / 2));
    expect(new Set(text.replace(/\n/g, ''))).toEqual(
      new Set([...text.replace(/\n/g, '')].filter((c) => ' ▀▄█'.includes(c))),
    );
  });

  it('refuses a code that is not a valid BR Code, unless told not to check', () => {
    expect(() => pixCodeToSvg(`${pixCode.slice(0, -1)}0`)).toThrow(BrCodeError);
    expect(() => pixCodeToSvg('')).toThrow(TypeError);
    expect(pixCodeToSvg('hello', { validate: false })).toMatch(/^<svg/);
  });
});
