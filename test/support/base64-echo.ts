/**
 * Secrets written in base64, as Basic authentication and proxies write credentials, for the
 * redaction properties (issue 41, item 4): how a secret is echoed, and what of it an output gives
 * away. A secret inside a longer base64 text starts 0, 1 or 2 bytes into a 3-byte group, so it has
 * three spellings there; each is checked by its core, the characters that depend on the secret's
 * bytes alone, in base64 and in base64url.
 */
import fc from 'fast-check';

const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const chars = (alphabet: string, minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...alphabet), minLength, maxLength });
/** A real secret key: `sk_live_prod_` and 32 letters and digits. */
export const liveKey = chars(ALNUM, 32, 32).map((rest) => `sk_live_prod_${rest}`);
/** A user token: a JWT's three base64url parts, each of 12 characters or more. */
export const userJwt = fc
  .tuple(chars(`${ALNUM}-_`, 12, 40), chars(`${ALNUM}-_`, 12, 40), chars(`${ALNUM}-_`, 12, 40))
  .map((parts) => parts.join('.'));
/** A webhook signing secret: `whsec_` and 12 to 40 letters, digits or underscores. */
export const whsec = chars(`${ALNUM}_`, 12, 40).map((rest) => `whsec_${rest}`);

/** The ways a proxy or a service writes a secret in base64. */
export const FORMS = [
  'base64',
  'base64url',
  'basic',
  'bearer',
  'bearer in a header dump',
  'percent-encoded',
] as const;
export type Form = (typeof FORMS)[number];

const utf8 = (text: string) => new TextEncoder().encode(text);
const binary = (bytes: Uint8Array) => String.fromCharCode(...bytes);
const base64 = (bytes: Uint8Array) => btoa(binary(bytes));
const base64url = (bytes: Uint8Array) =>
  base64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const join = (...parts: Uint8Array[]) => {
  const all = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
};

/**
 * `secret` written in base64 one of the `FORMS` ways, `before` and `after` (bytes; 0 to 5 of
 * them put the secret at each of the three places in a group) around it inside the base64 text.
 */
export function inBase64(secret: string, form: Form, before: Uint8Array, after: Uint8Array): string {
  const around = (inner: Uint8Array) => join(before, inner, after);
  switch (form) {
    case 'base64':
      return base64(around(utf8(secret)));
    case 'base64url':
      return base64url(around(utf8(secret)));
    case 'basic':
      // The user name's length moves the secret: `before` as the user name, printable.
      return `Basic ${base64(utf8(`${binary(before).replace(/[^\w.-]/g, 'u')}:${secret}`))}`;
    case 'bearer':
      return base64(utf8(`Bearer ${secret}`));
    case 'bearer in a header dump':
      return base64(around(utf8(`Authorization: Bearer ${secret}\r\n`)));
    default:
      return encodeURIComponent(base64(around(utf8(secret))));
  }
}

/** Bytes around a secret in its base64 text: 0 to 5 before it put it at each place in a group. */
export const aroundBytes = fc.record({
  before: fc.uint8Array({ maxLength: 5 }),
  after: fc.uint8Array({ maxLength: 5 }),
});

/** The three cores of `secret`'s base64 spellings: the characters that depend on its bytes alone. */
export function base64Cores(secret: string): string[] {
  const bytes = binary(utf8(secret));
  return [0, 1, 2].map((lead) =>
    btoa('\0'.repeat(lead) + bytes).slice(
      Math.ceil((lead * 8) / 6),
      Math.floor(((lead + bytes.length) * 8) / 6),
    ),
  );
}

/**
 * The first core of a base64 spelling of one of `secrets` that `text` holds, in base64 or
 * base64url, `+` and `/` raw, percent-encoded or JSON-escaped; `undefined` when none.
 */
export function base64Leak(text: string, secrets: readonly string[]): string | undefined {
  const standard = text
    .replace(/%2b|\\u002b/gi, '+')
    .replace(/%2f|\\u002f|\\\//gi, '/')
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  for (const secret of secrets)
    for (const core of base64Cores(secret)) if (standard.includes(core)) return core;
  return undefined;
}

/** The key's part after `sk_live_prod_`, the token's signature, the signing secret's after `whsec_`. */
export const secretParts = (secret: string) =>
  [secret, secret.replace(/^(?:sk_live_prod_|whsec_)/, ''), secret.split('.')[2] ?? ''].filter(
    (part) => part.length >= 6,
  );
