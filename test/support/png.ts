/**
 * Just enough of PNG to count a screenshot's colours: 8-bit RGB or RGBA, not interlaced (what
 * Chromium writes). A blank page has one or two colours; a drawn one has many.
 */
import { inflateSync } from 'node:zlib';

/** The paeth predictor of the PNG specification. */
function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** The image's size and its pixels, each as one number per colour (alpha left out). */
export function decodePng(png: Buffer): { width: number; height: number; pixels: Uint32Array } {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let offset = 8;
  const idat: Buffer[] = [];
  let [width, height, colorType] = [0, 0, 0];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      [width, height, colorType] = [data.readUInt32BE(0), data.readUInt32BE(4), data[9] as number];
      if (data[8] !== 8 || data[12] !== 0 || (colorType !== 2 && colorType !== 6)) {
        throw new Error('only 8-bit RGB(A), not interlaced');
      }
    }
    if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  const channels = colorType === 6 ? 4 : 3;
  const stride = width * channels;
  const raw = inflateSync(Buffer.concat(idat));
  const rows = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x] as number;
      const a = x >= channels ? (rows[y * stride + x - channels] as number) : 0;
      const b = y > 0 ? (rows[(y - 1) * stride + x] as number) : 0;
      const c = x >= channels && y > 0 ? (rows[(y - 1) * stride + x - channels] as number) : 0;
      const predicted = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter as number] as number;
      rows[y * stride + x] = (value + predicted) & 0xff;
    }
  }
  const pixels = new Uint32Array(width * height);
  for (let i = 0; i < pixels.length; i++) {
    const at = i * channels;
    pixels[i] = ((rows[at] as number) << 16) | ((rows[at + 1] as number) << 8) | (rows[at + 2] as number);
  }
  return { width, height, pixels };
}

/** How many distinct colours an image has. */
export const distinctColours = (png: Buffer): number => new Set(decodePng(png).pixels).size;
