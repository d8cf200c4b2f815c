/**
 * `pix-payments/qr`: the payer scans the charge's pixCode as a QR code. Renders it as SVG (for
 * web pages), a data URL (for an `<img>`), terminal text, or PNG bytes (for e-mail), on every
 * runtime. Also builds static BR Codes ({@link buildStaticBrCode}), for a QR code printed once
 * and paid many times. Built on `uqr`, which the build bundles: nothing to install.
 *
 * @packageDocumentation
 */
import { encode, renderSVG, renderUnicodeCompact } from 'uqr';
import { BrCodeError, parseBrCode } from '../pix/brcode.js';
import { encodePng, MAX_PNG_PIXEL_SIZE, pngColor } from './png.js';

export { type BuildBrCodeInput, buildBrCode } from '../pix/brcode-build.js';
export { MAX_STATIC_AMOUNT, StaticBrCodeParams } from '../schemas/static-brcode.js';
export { buildStaticBrCode } from './static-brcode.js';

/** How the QR code is made. */
export interface PixQrOptions {
  /** Error correction level: L (7%), M (15%), Q (25%), H (30%). @default 'M' */
  ecc?: 'L' | 'M' | 'Q' | 'H';
  /** Quiet zone around the code, in modules: a whole number from 0 to 100. @default 2 */
  border?: number;
  /**
   * Check that the text is a well-formed BR Code (structure and CRC) before rendering, so a
   * truncated or altered code never reaches a payer. @default true
   */
  validate?: boolean;
}

/** Options of {@link pixCodeToSvg}. */
export interface PixQrSvgOptions extends PixQrOptions {
  /** Size of one module in SVG units. @default 10 */
  pixelSize?: number;
  /** @default 'black' */
  darkColor?: string;
  /** @default 'white' */
  lightColor?: string;
}

/** Options of {@link pixCodeToPng}: those of SVG, in pixels and with the colors a PNG holds. */
export interface PixQrPngOptions extends PixQrOptions {
  /** Size of one module in pixels: a whole number from 1 to 32. @default 10 */
  pixelSize?: number;
  /** `#rgb`, `#rrggbb`, `black` or `white`. @default 'black' */
  darkColor?: string;
  /** `#rgb`, `#rrggbb`, `black` or `white`. @default 'white' */
  lightColor?: string;
}

const ECC_LEVELS: readonly unknown[] = ['L', 'M', 'Q', 'H'];
const MAX_BORDER = 100;
// A lone UTF-16 surrogate has no UTF-8 form: the QR encoder would fail on it.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function checkOptions(options: unknown): asserts options is PixQrSvgOptions {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(`options must be an object, got ${options === null ? 'null' : typeof options}`);
  }
  const { ecc, border, pixelSize, darkColor, lightColor } = options as Record<string, unknown>;
  if (ecc !== undefined && !ECC_LEVELS.includes(ecc)) {
    throw new TypeError(`ecc must be 'L', 'M', 'Q' or 'H', got ${typeof ecc}`);
  }
  if (
    border !== undefined &&
    !(Number.isInteger(border) && (border as number) >= 0 && (border as number) <= MAX_BORDER)
  ) {
    throw new TypeError(`border must be a whole number of modules from 0 to ${MAX_BORDER}`);
  }
  if (
    pixelSize !== undefined &&
    !(typeof pixelSize === 'number' && Number.isFinite(pixelSize) && pixelSize > 0)
  ) {
    throw new TypeError('pixelSize must be a positive finite number');
  }
  for (const [name, color] of [
    ['darkColor', darkColor],
    ['lightColor', lightColor],
  ] as const) {
    if (color !== undefined && !(typeof color === 'string' && /^[\x20-\x7e]+$/.test(color))) {
      throw new TypeError(`${name} must be a CSS color: a non-empty string of printable ASCII`);
    }
  }
}

function checked(pixCode: string, options: PixQrOptions): { ecc: 'L' | 'M' | 'Q' | 'H'; border: number } {
  if (typeof pixCode !== 'string' || pixCode === '')
    throw new TypeError('pixCode must be a non-empty string');
  checkOptions(options);
  if (options.validate !== false) parseBrCode(pixCode);
  if (LONE_SURROGATE.test(pixCode))
    throw new BrCodeError('pixCode has a lone UTF-16 surrogate: it has no UTF-8 form');
  return { ecc: options.ecc ?? 'M', border: options.border ?? 2 };
}

/** Runs the QR encoder, turning its "too long" into a BrCodeError that says what to do. */
function encoded<T>(pixCode: string, ecc: string, render: () => T): T {
  try {
    return render();
  } catch (error) {
    if (error instanceof RangeError && error.message === 'Data too long') {
      throw new BrCodeError(
        `pixCode is too long for a QR code at error correction ${ecc} (${pixCode.length} characters)`,
      );
    }
    throw error;
  }
}

/**
 * The QR code of a pixCode as an SVG document.
 *
 * @throws {TypeError} when `pixCode` is not a non-empty string, `options` is not an object, or an
 *   option is out of its range: `ecc` one of L, M, Q, H; `border` a whole number from 0 to 100;
 *   `pixelSize` a positive finite number; colors non-empty printable ASCII strings.
 * @throws {BrCodeError} when the pixCode is not a valid BR Code (unless `validate: false`), is
 *   too long for a QR code at the chosen `ecc`, or holds a lone UTF-16 surrogate.
 * @example
 * const svg = pixCodeToSvg(charge.pixCode); // embed in a checkout page
 */
export function pixCodeToSvg(pixCode: string, options: PixQrSvgOptions = {}): string {
  const qr = checked(pixCode, options);
  return encoded(pixCode, qr.ecc, () =>
    renderSVG(pixCode, {
      ...qr,
      pixelSize: options.pixelSize ?? 10,
      blackColor: options.darkColor ?? 'black',
      whiteColor: options.lightColor ?? 'white',
    }),
  );
}

/**
 * The QR code as a `data:image/svg+xml;base64,…` URL, for `<img src>`.
 *
 * @throws {TypeError} / {BrCodeError} as {@link pixCodeToSvg}.
 * @example
 * `<img alt="PIX QR code" src="${pixCodeToDataUrl(charge.pixCode)}">`
 */
export function pixCodeToDataUrl(pixCode: string, options: PixQrSvgOptions = {}): string {
  // The SVG is ASCII, so btoa (on every runtime) encodes it as is.
  return `data:image/svg+xml;base64,${btoa(pixCodeToSvg(pixCode, options))}`;
}

/**
 * The QR code as a PNG image, for an e-mail (many mail clients show no SVG): a 1-bit palette PNG
 * of `(modules + 2 × border) × pixelSize` pixels a side, compressed by the platform's
 * `CompressionStream`.
 *
 * @throws {TypeError} (the promise rejects) as {@link pixCodeToSvg}, and when `pixelSize` is not a
 *   whole number from 1 to 32 or a color is not `#rgb`, `#rrggbb`, `black` or `white`.
 * @throws {BrCodeError} as {@link pixCodeToSvg}.
 * @example
 * const png = await pixCodeToPng(charge.pixCode, { pixelSize: 6 });
 * // attach it inline (Content-ID) and show it with <img src="cid:pix-qr">
 */
export async function pixCodeToPng(pixCode: string, options: PixQrPngOptions = {}): Promise<Uint8Array> {
  const qr = checked(pixCode, options);
  const pixelSize = options.pixelSize ?? 10;
  if (!(Number.isInteger(pixelSize) && pixelSize <= MAX_PNG_PIXEL_SIZE)) {
    throw new TypeError(
      `pixelSize must be a whole number of pixels from 1 to ${MAX_PNG_PIXEL_SIZE} for a PNG`,
    );
  }
  const dark = pngColor('darkColor', options.darkColor ?? 'black');
  const light = pngColor('lightColor', options.lightColor ?? 'white');
  const modules = encoded(pixCode, qr.ecc, () => encode(pixCode, qr).data);
  return encodePng(modules, pixelSize, dark, light);
}

/**
 * The QR code as text for a terminal (two modules per character, light on dark).
 *
 * @throws {TypeError} / {BrCodeError} as {@link pixCodeToSvg}.
 * @example
 * console.log(pixCodeToTerminal(charge.pixCode));
 */
export function pixCodeToTerminal(pixCode: string, options: PixQrOptions = {}): string {
  const qr = checked(pixCode, options);
  return encoded(pixCode, qr.ecc, () => renderUnicodeCompact(pixCode, qr));
}

/**
 * The QR code's modules (`true` is dark), border included, for custom rendering.
 *
 * @throws {TypeError} / {BrCodeError} as {@link pixCodeToSvg}.
 */
export function pixCodeToMatrix(pixCode: string, options: PixQrOptions = {}): boolean[][] {
  const qr = checked(pixCode, options);
  return encoded(pixCode, qr.ecc, () => encode(pixCode, qr).data);
}
