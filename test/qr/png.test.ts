/**
 * pixCodeToPng: the PNG read back by a reader written from the specification (test/support/png.ts,
 * every chunk's CRC checked by node:zlib) is the code's module matrix drawn `pixelSize` pixels a
 * module, in the two colors asked for, and jsQR (an independent QR reader) decodes it back to the
 * pixCode; its options are refused as the other renderers refuse theirs.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BrCodeError } from '../../src/index.js';
import { buildBrCode, buildStaticBrCode, pixCodeToMatrix, pixCodeToPng } from '../../src/qr/index.js';
import { decodePng, pngToRgba, readChunks } from '../support/png.js';
import { decodeRgba } from './decode.js';

const pixCode = buildBrCode({
  url: 'pix.mock.local/qr/v2/9d3b2c1a-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  amountCents: 1990,
  merchantName: 'LOJA EXEMPLO',
  merchantCity: 'SAO PAULO',
  txid: '9d3b2c1a5e6f4a7b8c9d0e1f2',
});

const printable = (max: number) => fc.stringMatching(new RegExp(`^[A-Za-z0-9 .-]{1,${max}}$`));
/** A charge's dynamic code, or a static one with or without an amount. */
const codes = fc.oneof(
  fc
    .record({
      url: fc.uuid().map((id) => `pix.mock.local/qr/v2/${id}`),
      amountCents: fc.integer({ min: 1, max: 100_000_000 }),
      merchantName: printable(25),
      merchantCity: printable(15),
      txid: fc.stringMatching(/^[A-Za-z0-9]{1,25}$/),
    })
    .map(buildBrCode),
  fc
    .record(
      {
        pixKey: fc.oneof(fc.uuid(), fc.constant('+5511987654321'), fc.constant('ana@example.com')),
        amount: fc.integer({ min: 1, max: 99_999_999 }).map((cents) => cents / 100),
        merchantName: printable(25),
        city: printable(15),
      },
      { requiredKeys: ['pixKey', 'merchantName', 'city'] },
    )
    .map(buildStaticBrCode),
);
const hex = (min: number, max: number) =>
  fc
    .tuple(fc.integer({ min, max }), fc.integer({ min, max }), fc.integer({ min, max }))
    .map((rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`);
const rgbOf = (color: string) => Number.parseInt(color.slice(1), 16);

/** Every pixel of the decoded PNG is its module's color, and the image is exactly that big. */
function expectModules(
  png: Uint8Array,
  modules: boolean[][],
  pixelSize: number,
  dark: number,
  light: number,
) {
  const { width, height, pixels } = decodePng(png);
  expect([width, height]).toEqual([modules.length * pixelSize, modules.length * pixelSize]);
  const wrong = [...pixels].findIndex((rgb, i) => {
    const [x, y] = [i % width, Math.floor(i / width)];
    const isDark = modules[Math.floor(y / pixelSize)]?.[Math.floor(x / pixelSize)] === true;
    return rgb !== (isDark ? dark : light);
  });
  expect(wrong).toBe(-1);
}

describe('pixCodeToPng', () => {
  it('writes a PNG that jsQR decodes back to the pixCode', async () => {
    const { rgba, width, height } = pngToRgba(await pixCodeToPng(pixCode));
    expect(decodeRgba(rgba, width, height)).toBe(pixCode);
  });

  it('is (modules + 2 × border) × pixelSize pixels a side: 10 pixels a module and a border of 2 by default', async () => {
    const modules = pixCodeToMatrix(pixCode, { border: 0 }).length;
    const sides = async (options: { pixelSize?: number; border?: number }) => {
      const { width, height } = readChunks(await pixCodeToPng(pixCode, options)).header;
      return [width, height];
    };
    expect(await sides({})).toEqual([(modules + 4) * 10, (modules + 4) * 10]);
    expect(await sides({ pixelSize: 3, border: 5 })).toEqual([(modules + 10) * 3, (modules + 10) * 3]);
    expect(await sides({ pixelSize: 1, border: 0 })).toEqual([modules, modules]);
  });

  it('is a 1-bit palette image, light then dark, small enough for an e-mail', async () => {
    const png = await pixCodeToPng(pixCode, { darkColor: '#123', lightColor: '#FAFBFC' });
    const { header, chunks } = readChunks(png);
    expect(header).toMatchObject({ bitDepth: 1, colorType: 3, interlace: 0 });
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'PLTE', 'IDAT', 'IEND']);
    expect([...(chunks[1]?.data ?? [])]).toEqual([0xfa, 0xfb, 0xfc, 0x11, 0x22, 0x33]);
    expect(png.length).toBeLessThan(1500);
  });

  it('draws every module in its color, for any code, pixelSize, border, ecc and colors, and jsQR reads it', async () => {
    const cases = fc.record({
      code: codes,
      pixelSize: fc.integer({ min: 1, max: 8 }),
      border: fc.integer({ min: 0, max: 6 }),
      ecc: fc.constantFrom('L' as const, 'M' as const, 'Q' as const, 'H' as const),
      darkColor: hex(0, 0x50),
      lightColor: hex(0xb0, 0xff),
    });
    await fc.assert(
      fc.asyncProperty(cases, async ({ code, ...options }) => {
        const png = await pixCodeToPng(code, options);
        const modules = pixCodeToMatrix(code, options);
        expectModules(png, modules, options.pixelSize, rgbOf(options.darkColor), rgbOf(options.lightColor));
        // jsQR needs a quiet zone and a few pixels a module to find the code.
        if (options.border >= 2 && options.pixelSize >= 2) {
          const { rgba, width, height } = pngToRgba(png);
          expect(decodeRgba(rgba, width, height)).toBe(code);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('takes the SVG defaults by name: black and white', async () => {
    const png = await pixCodeToPng(pixCode, { darkColor: 'black', lightColor: 'white', pixelSize: 2 });
    expectModules(png, pixCodeToMatrix(pixCode), 2, 0x000000, 0xffffff);
    expect(png).toEqual(await pixCodeToPng(pixCode, { pixelSize: 2 }));
  });

  it('refuses a pixelSize that is not a whole number of pixels from 1 to 32', async () => {
    for (const pixelSize of [1.5, 33, 1e9]) {
      await expect(pixCodeToPng(pixCode, { pixelSize })).rejects.toThrow(
        new TypeError('pixelSize must be a whole number of pixels from 1 to 32 for a PNG'),
      );
    }
    for (const pixelSize of [0, -1, Number.NaN, '10']) {
      await expect(pixCodeToPng(pixCode, { pixelSize: pixelSize as number })).rejects.toThrow(
        new TypeError('pixelSize must be a positive finite number'),
      );
    }
    expect((await pixCodeToPng(pixCode, { pixelSize: 32, border: 0 })).length).toBeGreaterThan(0);
  });

  it('refuses a color a PNG cannot take, naming the option and the forms it takes', async () => {
    for (const color of ['red', '#12', '#1234', '#gggggg', 'rgb(0, 0, 0)', '#000000ff', ' #000']) {
      await expect(pixCodeToPng(pixCode, { darkColor: color })).rejects.toThrow(
        new TypeError('darkColor must be #rgb, #rrggbb, black or white for a PNG'),
      );
      await expect(pixCodeToPng(pixCode, { lightColor: color })).rejects.toThrow(
        new TypeError('lightColor must be #rgb, #rrggbb, black or white for a PNG'),
      );
    }
  });

  it('refuses what the other renderers refuse, as a rejected promise', async () => {
    const notCode = pixCodeToPng(`${pixCode.slice(0, -1)}0`);
    expect(notCode).toBeInstanceOf(Promise);
    await expect(notCode).rejects.toThrow(BrCodeError);
    await expect(pixCodeToPng('')).rejects.toThrow(new TypeError('pixCode must be a non-empty string'));
    await expect(pixCodeToPng(pixCode, null as never)).rejects.toThrow(TypeError);
    await expect(pixCodeToPng(pixCode, { border: 101 })).rejects.toThrow(TypeError);
    await expect(pixCodeToPng(pixCode, { ecc: 'X' as never })).rejects.toThrow(TypeError);
    await expect(pixCodeToPng(`${pixCode}${'x'.repeat(3000)}`, { validate: false })).rejects.toThrow(
      BrCodeError,
    );
    const { rgba, width, height } = pngToRgba(await pixCodeToPng('hello', { validate: false }));
    expect(decodeRgba(rgba, width, height)).toBe('hello');
  });
});
