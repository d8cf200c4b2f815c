/**
 * Just enough of PNG to read back what the tests see, written from the specification and
 * independent of the SDK's encoder: grayscale, RGB, palette or RGBA at bit depths 1 to 8, not
 * interlaced (what Chromium writes for a screenshot, and what `pixCodeToPng` writes). Every chunk's
 * CRC is checked with node:zlib's crc32, the pixels inflated with node:zlib.
 */
import { crc32, inflateSync } from 'node:zlib';

/** Channels per pixel of each colour type the reader knows: gray, RGB, palette, RGBA. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 6: 4 };

/** The paeth predictor of the PNG specification. */
function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** A PNG's header and chunks, each chunk's CRC checked. */
export function readChunks(png: Uint8Array): {
  header: { width: number; height: number; bitDepth: number; colorType: number; interlace: number };
  chunks: { type: string; data: Buffer }[];
} {
  const bytes = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  if (bytes.readUInt32BE(0) !== 0x89504e47 || bytes.readUInt32BE(4) !== 0x0d0a1a0a)
    throw new Error('not a PNG');
  const chunks: { type: string; data: Buffer }[] = [];
  for (let offset = 8; offset < bytes.length; ) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== bytes.readUInt32BE(offset + 8 + length))
      throw new Error(`the CRC of chunk ${type} is wrong`);
    chunks.push({ type, data });
    offset += 12 + length;
  }
  const ihdr = chunks[0];
  if (ihdr?.type !== 'IHDR' || chunks.at(-1)?.type !== 'IEND') throw new Error('no IHDR first or IEND last');
  const header = {
    width: ihdr.data.readUInt32BE(0),
    height: ihdr.data.readUInt32BE(4),
    bitDepth: ihdr.data[8] as number,
    colorType: ihdr.data[9] as number,
    interlace: ihdr.data[12] as number,
  };
  return { header, chunks };
}

/** The image's size and its pixels, each as one number per colour (alpha left out). */
export function decodePng(png: Uint8Array): { width: number; height: number; pixels: Uint32Array } {
  const { header, chunks } = readChunks(png);
  const { width, height, bitDepth, colorType } = header;
  const channels = CHANNELS[colorType];
  if (channels === undefined || bitDepth > 8 || header.interlace !== 0)
    throw new Error('only gray, RGB, palette or RGBA, 1 to 8 bits, not interlaced');
  const bitsPerPixel = channels * bitDepth;
  const stride = Math.ceil((width * bitsPerPixel) / 8);
  // The filters predict from the byte of the pixel to the left, or the byte before when pixels are smaller.
  const left = Math.max(1, bitsPerPixel / 8);
  const raw = inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)));
  if (raw.length !== height * (stride + 1)) throw new Error('the pixel data has the wrong length');
  const rows = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x] as number;
      const a = x >= left ? (rows[y * stride + x - left] as number) : 0;
      const b = y > 0 ? (rows[(y - 1) * stride + x] as number) : 0;
      const c = x >= left && y > 0 ? (rows[(y - 1) * stride + x - left] as number) : 0;
      const predicted = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter as number] as number;
      rows[y * stride + x] = (value + predicted) & 0xff;
    }
  }
  const palette = chunks.find((c) => c.type === 'PLTE')?.data;
  /** The sample `i` of row `y` (a channel of a pixel), at any bit depth up to 8. */
  const sample = (y: number, i: number): number => {
    const bit = i * bitDepth;
    const byte = rows[y * stride + (bit >> 3)] as number;
    return (byte >> (8 - bitDepth - (bit & 7))) & ((1 << bitDepth) - 1);
  };
  const scale = 255 / ((1 << bitDepth) - 1);
  const pixels = new Uint32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let rgb: number;
      if (colorType === 3) {
        const at = sample(y, x) * 3;
        if (palette === undefined || at + 3 > palette.length) throw new Error('a pixel outside the palette');
        rgb = palette.readUIntBE(at, 3);
      } else if (colorType === 0) {
        const gray = Math.round(sample(y, x) * scale);
        rgb = (gray << 16) | (gray << 8) | gray;
      } else {
        const at = x * channels;
        rgb = (sample(y, at) << 16) | (sample(y, at + 1) << 8) | sample(y, at + 2);
      }
      pixels[y * width + x] = rgb;
    }
  }
  return { width, height, pixels };
}

/** The image as RGBA bytes (opaque), as a canvas or jsQR reads it. */
export function pngToRgba(png: Uint8Array): { width: number; height: number; rgba: Uint8ClampedArray } {
  const { width, height, pixels } = decodePng(png);
  const rgba = new Uint8ClampedArray(width * height * 4);
  pixels.forEach((rgb, i) => {
    rgba.set([rgb >> 16, (rgb >> 8) & 0xff, rgb & 0xff, 255], i * 4);
  });
  return { width, height, rgba };
}

/** How many distinct colours an image has. */
export const distinctColours = (png: Uint8Array): number => new Set(decodePng(png).pixels).size;
