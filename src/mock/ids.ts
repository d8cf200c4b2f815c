/** Identifiers the mock mints: keys, secrets, request ids, end-to-end ids. */

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` random letters and digits. */
export function randomAlphanumeric(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  let text = '';
  for (const byte of bytes) text += ALPHANUMERIC[byte % ALPHANUMERIC.length];
  return text;
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
