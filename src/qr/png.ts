/**
 * A PNG of a QR code's modules, written by hand: two colors need a 1-bit palette image (8 pixels
 * a byte), which no small encoder on every runtime writes better; the pixels are compressed by
 * the platform's `CompressionStream('deflate')` (Node, Bun, Deno, workerd), whose zlib stream is
 * exactly what a PNG's IDAT chunk holds.
 */

/** A color as red, green and blue bytes. */
export type Rgb = readonly [number, number, number];

/** The largest module a PNG is drawn with: a version 40 code and a border of 100 stay under 13,000 pixels a side. */
export const MAX_PNG_PIXEL_SIZE = 32;

const HEX_COLOR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * The bytes of a color option: `#rgb`, `#rrggbb`, or the SVG defaults' names `black` and `white`.
 * Any other CSS color would need a CSS parser; refused, naming the option.
 */
export function pngColor(option: string, value: string): Rgb {
  const hex = value === 'black' ? '000' : value === 'white' ? 'fff' : HEX_COLOR.exec(value)?.[1];
  if (hex === undefined) throw new TypeError(`${option} must be #rgb, #rrggbb, black or white for a PNG`);
  const full = hex.length === 3 ? hex.replace(/./g, '$&$&') : hex;
  const byte = (at: number) => Number.parseInt(full.slice(at, at + 2), 16);
  return [byte(0), byte(2), byte(4)];
}

let crcTable: Uint32Array | undefined;

/** The CRC-32 of a chunk's type and data, as the PNG specification defines it (zlib's polynomial). */
function crc32(bytes: Uint8Array): number {
  crcTable ??= Uint32Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c;
  });
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A chunk: its data's length, its type, the data, and the CRC of type and data. */
function chunk(type: string, data: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(12 + data.length);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) bytes[4 + i] = type.charCodeAt(i);
  bytes.set(data, 8);
  view.setUint32(8 + data.length, crc32(bytes.subarray(4, 8 + data.length)));
  return bytes;
}

/** The rows of pixels, each a filter byte (0: none) then 8 pixels a byte, 1 for a dark module. */
function scanlines(modules: readonly (readonly boolean[])[], pixelSize: number): Uint8Array<ArrayBuffer> {
  const width = modules.length * pixelSize;
  const stride = 1 + Math.ceil(width / 8);
  const raw = new Uint8Array(stride * width);
  modules.forEach((row, y) => {
    const first = y * pixelSize * stride;
    for (let byte = 0; byte < stride - 1; byte++) {
      let bits = 0;
      for (let bit = 0; bit < 8; bit++) {
        if (row[Math.floor((byte * 8 + bit) / pixelSize)] === true) bits |= 0x80 >> bit;
      }
      raw[first + 1 + byte] = bits;
    }
    for (let copy = 1; copy < pixelSize; copy++) raw.copyWithin(first + copy * stride, first, first + stride);
  });
  return raw;
}

/** A square module matrix (`true` is dark) as a PNG: 1-bit palette, light 0 and dark 1. */
export async function encodePng(
  modules: readonly (readonly boolean[])[],
  pixelSize: number,
  dark: Rgb,
  light: Rgb,
): Promise<Uint8Array> {
  const side = modules.length * pixelSize;
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, side);
  view.setUint32(4, side);
  header.set([1, 3, 0, 0, 0], 8); // bit depth 1, palette; deflate, adaptive filters, no interlace
  const deflated = new Blob([scanlines(modules, pixelSize)])
    .stream()
    .pipeThrough(new CompressionStream('deflate'));
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('PLTE', new Uint8Array([...light, ...dark])),
    chunk('IDAT', new Uint8Array(await new Response(deflated).arrayBuffer())),
    chunk('IEND', new Uint8Array(0)),
  ];
  const png = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    png.set(part, at);
    at += part.length;
  }
  return png;
}
