/**
 * The redactor itself (src/schemas/redact.ts), as the webhook receivers use it: a known signing
 * secret, with or without `whsec_`, in any spelling a JSON or URL layer gives it, never survives;
 * text without a secret in it comes back as it was.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keyShapedIn, redactKnown, redactSecrets } from '../../src/schemas/redact.js';
import {
  aroundBytes,
  base64Leak,
  FORMS,
  inBase64,
  liveKey,
  secretParts,
  userJwt,
  whsec,
} from '../support/base64-echo.js';

// Printable ASCII with a space and a slash, not `+` (it spells a space) nor `%` or `\`.
const SECRET_CHARS = ` !"#$&'()*,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]^_\`abcdefghijklmnopqrstuvwxyz{|}~`;
const anySecret = fc.string({ unit: fc.constantFrom(...SECRET_CHARS), minLength: 12, maxLength: 48 });
const form = fc.constantFrom('raw', 'json', 'JSON', 'short', 'pct', 'PCT', 'plus');
type Form = typeof form extends fc.Arbitrary<infer F> ? F : never;

/** One character in one form; a form that does not apply to it leaves it raw. */
function spellChar(char: string, how: Form): string {
  const hex = (width: number) => char.charCodeAt(0).toString(16).padStart(width, '0');
  // One escape per UTF-16 unit: an emoji is two.
  const units = (upper: boolean) =>
    [...Array(char.length).keys()]
      .map((i) => `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`)
      .map((unit) => (upper ? unit.toUpperCase().replace('\\U', '\\u') : unit))
      .join('');
  if (how === 'json') return units(false);
  if (how === 'JSON') return units(true);
  if (how === 'short' && '"\\/'.includes(char)) return `\\${char}`;
  if (how === 'pct')
    return encodeURIComponent(char) === char ? `%${hex(2)}` : encodeURIComponent(char).toLowerCase();
  if (how === 'PCT')
    return encodeURIComponent(char) === char ? `%${hex(2).toUpperCase()}` : encodeURIComponent(char);
  if (how === 'plus' && char === ' ') return '+';
  return char;
}
const spell = (text: string, mix: readonly Form[]) =>
  [...text].map((c, i) => spellChar(c, mix[i % mix.length] as Form)).join('');

/** Every form decoded: `\uXXXX`, `\/`, `%XX` (UTF-8) and `+`. */
function decode(text: string): string {
  const json = text.replace(/\\u([\da-f]{4})|\\([\\/"])/gi, (_, u: string | undefined, c: string) =>
    u === undefined ? c : String.fromCharCode(Number.parseInt(u, 16)),
  );
  return json
    .replace(/(?:%[\da-f]{2})+/gi, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    })
    .replace(/\+/g, ' ');
}

const around = fc.string({ maxLength: 30 });

describe('redactSecrets with known signing secrets', () => {
  it('removes a secret and its part after whsec_, in any mix of spellings, wherever it sits', () => {
    fc.assert(
      fc.property(
        anySecret,
        fc.boolean(),
        fc.boolean(),
        fc.array(form, { minLength: 1, maxLength: 7 }),
        around,
        around,
        (core, prefixed, echoWhole, mix, before, after) => {
          const secret = prefixed ? `whsec_${core}` : core;
          const echoed = echoWhole ? secret : core;
          const out = redactSecrets(`${before}${spell(echoed, mix)}${after}`, [secret]);
          expect(decode(out)).not.toContain(core);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('finds a secret of any characters, percent-encoded as UTF-8 or escaped as UTF-16', () => {
    const secret = 'whsec_çà-🔑-segredo secreto';
    for (const mix of [['pct'], ['PCT', 'json'], ['JSON', 'plus'], ['raw', 'pct', 'plus']] as Form[][]) {
      const out = redactSecrets(`{"echo":"${spell(secret, mix)}"}`, [secret]);
      expect(decode(out)).not.toContain('segredo');
      expect(out).toContain('[redacted]');
    }
  });

  it('leaves text without a secret, a key-shaped value or an escape as it was', () => {
    fc.assert(
      fc.property(
        anySecret,
        fc.string({ unit: fc.constantFrom(...'abc xyz019.,:-'), maxLength: 80 }),
        (core, text) => {
          fc.pre(!text.includes(core) && !text.includes(core.split('.')[2] || core));
          expect(redactSecrets(text, [`whsec_${core}`])).toBe(text);
        },
      ),
      { numRuns: 500 },
    );
  });
});

/**
 * Issue 41, item 4: base64 and base64url are spellings too. A known secret (the key, its part
 * after `sk_live_prod_`, the user token, its signature, a signing secret and its part after
 * `whsec_`) and a key-shaped value, at each of the three places in a 3-byte group, inside a
 * longer base64 text inside longer text: no core of any of its spellings survives.
 */
describe('redactSecrets and redactKnown on base64', () => {
  // `+` and `/` as a JSON layer may spell them (`\/` as PHP's json_encode, `\u002B` as .NET's).
  const jsonSpelt = (text: string) => text.replace(/\//g, '\\/').replace(/\+/g, '\\u002B');
  const prose = fc.string({ unit: fc.constantFrom(...'ab Z9:="{}-_+/.'), maxLength: 12 });
  // Any characters: a signing secret need not be ASCII.
  const anyText = fc.string({ unit: 'grapheme', minLength: 6, maxLength: 30 });
  const which = fc.constantFrom('key', 'key after its prefix', 'token', 'token signature', 'whsec', 'any');

  it('removes every spelling of a known secret, at each offset, in each form', () => {
    fc.assert(
      fc.property(
        fc.record({ key: liveKey, token: userJwt, whsec, any: anyText }),
        which,
        fc.constantFrom(...FORMS),
        aroundBytes,
        fc.boolean(),
        prose,
        prose,
        fc.boolean(),
        (secrets, echoed, form, { before, after }, json, head, tail, known) => {
          const value = {
            key: secrets.key,
            'key after its prefix': secrets.key.slice('sk_live_prod_'.length),
            token: secrets.token,
            'token signature': secrets.token.split('.')[2] as string,
            whsec: secrets.whsec,
            any: secrets.any,
          }[echoed];
          const encoded = inBase64(value, form, before, after);
          const text = `${head}${json ? jsonSpelt(encoded) : encoded}${tail}`;
          const list = [secrets.key, secrets.token, secrets.whsec, secrets.any];
          const out = known ? redactKnown(text, list) : redactSecrets(text, list);
          expect(base64Leak(out, secretParts(value)), `${text} → ${out}`).toBeUndefined();
        },
      ),
      { numRuns: 300 },
    );
  });

  it('removes a key-shaped value it was not given, and its part after the prefix', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          liveKey,
          whsec,
          whsec.map((value) => value.replace('whsec_', 'pk_')),
        ),
        fc.constantFrom(...FORMS),
        aroundBytes,
        prose,
        (value, form, { before, after }, head) => {
          const text = `${head}${inBase64(value, form, before, after)}.`;
          const out = redactSecrets(text);
          expect(base64Leak(out, secretParts(value)), `${text} → ${out}`).toBeUndefined();
        },
      ),
      { numRuns: 200 },
    );
  });

  it('leaves base64 without a secret in it as it was', () => {
    fc.assert(
      fc.property(
        fc.record({ key: liveKey, token: userJwt, whsec }),
        fc.uint8Array({ minLength: 1, maxLength: 400 }),
        fc.boolean(),
        prose,
        (secrets, bytes, url, head) => {
          const encoded = btoa(String.fromCharCode(...bytes));
          const text = `${head}${url ? encoded.replace(/\+/g, '-').replace(/\//g, '_') : encoded}`;
          fc.pre(keyShapedIn(text).length === 0);
          expect(redactSecrets(text, [secrets.key, secrets.token, secrets.whsec])).toBe(text);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('writes what it found as one [redacted], the base64 around it kept', () => {
    const key = `sk_live_prod_${'a1B2c3D4'.repeat(4)}`;
    expect(redactSecrets(`Proxy-Authorization: Basic ${btoa(`merchant:${key}`)}`, [key])).toBe(
      'Proxy-Authorization: Basic bWVyY2hhbnQ6[redacted]',
    );
    expect(redactSecrets(`echo ${btoa(`Bearer ${key}`)}`, [key])).toBe('echo QmVhcmVyI[redacted]==');
  });
});
