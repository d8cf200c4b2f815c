/** Identifiers the mock mints: keys, secrets, request ids, end-to-end ids. */

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/**
 * Bytes from 248 up are drawn again: 248 is the largest multiple of 62 that fits in a byte, so
 * `byte % 62` over 0..247 makes every character equally likely (over 0..255, the first eight
 * would come up 5/4 as often).
 */
export const UNBIASED_BYTE_LIMIT = 256 - (256 % ALPHANUMERIC.length);

/** Random bytes, `count` at a time. */
export type ByteSource = (count: number) => Uint8Array;

/**
 * Random bytes are drawn this many at a time and handed out from there, each once: a call of
 * `getRandomValues` costs about as much for 4 KiB as for 30 bytes, and the mock mints several
 * ids for every request (a request id, then a record's ids).
 */
const POOL_BYTES = 4096;
let pool = new Uint8Array(0);
let used = 0;

const cryptoBytes: ByteSource = (count) => {
  if (count > POOL_BYTES) return crypto.getRandomValues(new Uint8Array(count));
  if (used + count > pool.length) {
    pool = crypto.getRandomValues(new Uint8Array(POOL_BYTES));
    used = 0;
  }
  used += count;
  return pool.subarray(used - count, used);
};

const ascii = new TextDecoder();

/** `length` random letters and digits, each equally likely (rejection sampling over `bytes`). */
export function randomAlphanumeric(length: number, bytes: ByteSource = cryptoBytes): string {
  // Character codes, made a string once: a string grown a character at a time is a new string
  // for each one.
  const codes = new Uint8Array(length);
  let filled = 0;
  while (filled < length) {
    // A few more bytes than needed, so that one draw is almost always enough (at most 64 KiB,
    // as much as getRandomValues gives at once).
    for (const byte of bytes(Math.min(length - filled + 8, 65_536))) {
      if (byte < UNBIASED_BYTE_LIMIT) codes[filled++] = ALPHANUMERIC.charCodeAt(byte % ALPHANUMERIC.length);
      if (filled === length) break;
    }
  }
  return ascii.decode(codes);
}

/** A secret key: `sk_live_prod_` + 32 alphanumerics. */
export const newSecretKey = () => `sk_live_prod_${randomAlphanumeric(32)}`;
/** A public key: `pk_live_prod_` + 32 alphanumerics. */
export const newPublicKey = () => `pk_live_prod_${randomAlphanumeric(32)}`;
/** A webhook signing secret: `whsec_` + 32 alphanumerics. */
export const newWebhookSecret = () => `whsec_${randomAlphanumeric(32)}`;
/** A request id for `X-Request-Id`. */
export const newRequestId = () => `req_${randomAlphanumeric(24)}`;

/** The mock's ISPB (bank code) in end-to-end ids. */
const ISPB = '99999999';

/** `E` + 8-digit ISPB + yyyyMMddHHmm (UTC) + 11 alphanumerics: 32 characters. */
export function newEndToEndId(at: Date): string {
  const stamp = at.toISOString().replace(/[-:T]/g, '').slice(0, 12);
  return `E${ISPB}${stamp}${randomAlphanumeric(11)}`;
}
