/** Reading QR codes back in tests with jsQR, an independent reader (a dev dependency). */
import jsQRModule from 'jsqr';

type Reader = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
// jsqr is CommonJS with a default export: its function is one level down or not, by loader.
const jsQR = ((jsQRModule as unknown as { default?: Reader }).default ?? jsQRModule) as unknown as Reader;

/** Decodes the QR code in an image of RGBA bytes with jsQR. */
export const decodeRgba = (rgba: Uint8ClampedArray, width: number, height: number): string | undefined =>
  jsQR(rgba, width, height)?.data;

/** Decodes a module matrix (`true` is dark), drawn `scale` pixels per module, with jsQR. */
export function decode(matrix: boolean[][], scale = 4): string | undefined {
  const size = matrix.length * scale;
  const rgba = new Uint8ClampedArray(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const dark = matrix[Math.floor(y / scale)]?.[Math.floor(x / scale)] === true;
      rgba.fill(dark ? 0 : 255, (y * size + x) * 4, (y * size + x) * 4 + 3);
      rgba[(y * size + x) * 4 + 3] = 255;
    }
  }
  return jsQR(rgba, size, size)?.data;
}
