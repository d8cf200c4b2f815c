/**
 * CRC16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final XOR), the checksum of
 * field 63 of a BR Code. `crc16('123456789')` is `0x29B1`.
 */

const TABLE = /* @__PURE__ */ (() => {
  const table = new Uint16Array(256);
  for (let byte = 0; byte < 256; byte++) {
    let crc = byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
    table[byte] = crc;
  }
  return table;
})();

const encoder = /* @__PURE__ */ new TextEncoder();

/** The CRC of the UTF-8 bytes of `text` (or of `bytes`), as a number. */
export function crc16(input: string | Uint8Array): number {
  const bytes = typeof input === 'string' ? encoder.encode(input) : input;
  let crc = 0xffff;
  for (const byte of bytes) {
    crc = ((crc << 8) & 0xffff) ^ (TABLE[((crc >> 8) ^ byte) & 0xff] ?? 0);
  }
  return crc;
}

/** The CRC as four upper-case hex digits, as field 63 carries it. */
export function crc16Hex(input: string | Uint8Array): string {
  return crc16(input).toString(16).toUpperCase().padStart(4, '0');
}
