/** fast-check arbitraries of the client's secrets, for the redaction properties. */
import fc from 'fast-check';

const alnum = (min: number) =>
  fc.string({
    unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_'),
    minLength: min,
    maxLength: 40,
  });
/** A secret key: `sk_` and 16 to 40 letters, digits or underscores. */
export const secretKey = alnum(16).map((rest) => `sk_${rest}`);
const b64url = fc.string({ unit: fc.constantFrom(...'abcXYZ019-_'), minLength: 8, maxLength: 24 });
/** A user token: a JWT's three base64url parts. */
export const jwt = fc.tuple(b64url, b64url, b64url).map((parts) => parts.join('.'));
/** A webhook signing secret: `whsec_` and 8 to 40 letters, digits or underscores. */
export const signingSecret = alnum(8).map((rest) => `whsec_${rest}`);
