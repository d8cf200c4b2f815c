/**
 * `pix-payments/qr`: the payer scans the charge's pixCode as a QR code. Renders it as SVG (for
 * web pages), a data URL (for an `<img>`), or terminal text, on every runtime. Uses `uqr`, an
 * optional peer dependency: `npm install uqr` to use this entry.
 *
 * @packageDocumentation
 */
import { encode, renderSVG, renderUnicodeCompact } from 'uqr';
import { parseBrCode } from '../pix/brcode.js';

export { type BuildBrCodeInput, buildBrCode } from '../pix/brcode-build.js';

/** How the QR code is made. */
export interface PixQrOptions {
  /** Error correction level: L (7%), M (15%), Q (25%), H (30%). @default 'M' */
  ecc?: 'L' | 'M' | 'Q' | 'H';
  /** Quiet zone around the code, in modules. @default 2 */
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

function checked(pixCode: string, options: PixQrOptions): { ecc: 'L' | 'M' | 'Q' | 'H'; border: number } {
  if (typeof pixCode !== 'string' || pixCode === '')
    throw new TypeError('pixCode must be a non-empty string');
  if (options.validate !== false) parseBrCode(pixCode);
  return { ecc: options.ecc ?? 'M', border: options.border ?? 2 };
}

/**
 * The QR code of a pixCode as an SVG document.
 *
 * @throws {BrCodeError} when the pixCode is not a valid BR Code (unless `validate: false`).
 * @example
 * const svg = pixCodeToSvg(charge.pixCode); // embed in a checkout page
 */
export function pixCodeToSvg(pixCode: string, options: PixQrSvgOptions = {}): string {
  return renderSVG(pixCode, {
    ...checked(pixCode, options),
    pixelSize: options.pixelSize ?? 10,
    blackColor: options.darkColor ?? 'black',
    whiteColor: options.lightColor ?? 'white',
  });
}

/**
 * The QR code as a `data:image/svg+xml;base64,…` URL, for `<img src>`.
 *
 * @example
 * `<img alt="PIX QR code" src="${pixCodeToDataUrl(charge.pixCode)}">`
 */
export function pixCodeToDataUrl(pixCode: string, options: PixQrSvgOptions = {}): string {
  // The SVG is ASCII, so btoa (on every runtime) encodes it as is.
  return `data:image/svg+xml;base64,${btoa(pixCodeToSvg(pixCode, options))}`;
}

/**
 * The QR code as text for a terminal (two modules per character, light on dark).
 *
 * @example
 * console.log(pixCodeToTerminal(charge.pixCode));
 */
export function pixCodeToTerminal(pixCode: string, options: PixQrOptions = {}): string {
  return renderUnicodeCompact(pixCode, checked(pixCode, options));
}

/** The QR code's modules (`true` is dark), border included, for custom rendering. */
export function pixCodeToMatrix(pixCode: string, options: PixQrOptions = {}): boolean[][] {
  return encode(pixCode, checked(pixCode, options)).data;
}
