/**
 * Hostile JSON bodies for the fuzz test, written as text rather than built as objects, so that
 * keys such as `__proto__` and numbers such as `1e400` reach the mock as a hostile client writes
 * them: prototype keys at the top and nested, deep nesting, huge and non-finite numbers, wrong
 * types, unicode and long strings, and text that is not JSON at all.
 */
import fc from 'fast-check';

/** Names of Object.prototype members, and `__proto__`. */
export const PROTO_KEYS = 'toString hasOwnProperty valueOf prototype __proto__ constructor'.split(' ');
const FIELDS = 'amount pixKey pixKeyType id transactionId url events status route kind times'.split(' ');
const RAW_NUMBERS =
  '1e400 -1e400 1e-400 9007199254740993 -0 1E2 1e21 0.001 1000000.01 9e13 0 -1 10 100.5'.split(' ');
const STRINGS = '52998224725 00000000000000 CPF EMAIL fail@pix.test 2026-02-31 LEGACY_ID RECORD_ID'.split(
  ' ',
);

/** A string as JSON text. */
export const quote = (text: string) => JSON.stringify(text);

const key = fc.oneof(
  fc.constantFrom(...PROTO_KEYS, ...FIELDS),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
);
const scalar = fc.oneof(
  fc.constantFrom(...RAW_NUMBERS, 'true', 'false', 'null'),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
  fc.constantFrom(...STRINGS).map(quote),
  fc.string({ unit: 'binary', maxLength: 40 }).map(quote),
  fc.nat({ max: 300_000 }).map((n) => quote('é'.repeat(n))),
);
/** Any JSON value, a few levels deep. */
const { value } = fc.letrec<{ value: string; array: string; object: string }>((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, scalar, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
  object: fc
    .array(fc.tuple(key, tie('value')), { maxLength: 5 })
    .map((entries) => `{${entries.map(([k, v]) => `${quote(k)}:${v}`).join(',')}}`),
}));
/** Thousands of levels of arrays or objects. */
const deep = fc
  .tuple(fc.integer({ min: 100, max: 20_000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  );

/** The fields of a valid body: names and their JSON text. */
export type Fields = [string, string][];

/** A valid body with fields dropped or replaced, and hostile keys added beside them. */
const nearValid = (...valid: Fields[]) =>
  fc
    .tuple(
      fc.constantFrom(...valid),
      fc.array(fc.constantFrom('keep', 'keep', 'keep', 'drop', 'replace'), { minLength: 4, maxLength: 4 }),
      fc.array(value, { minLength: 4, maxLength: 4 }),
      fc.array(fc.tuple(key, value), { maxLength: 2 }),
    )
    .map(([fields, fates, replacements, extra]) => {
      const entries: string[] = [];
      fields.forEach(([name, text], i) => {
        if (fates[i] === 'drop') return;
        entries.push(`${quote(name)}:${fates[i] === 'replace' ? replacements[i] : text}`);
      });
      for (const [name, text] of extra) entries.push(`${quote(name)}:${text}`);
      return `{${entries.join(',')}}`;
    });

/** One of the valid bodies, as it is. */
const exactlyValid = (...valid: Fields[]) =>
  fc
    .constantFrom(...valid)
    .map((fields) => `{${fields.map(([name, text]) => `${quote(name)}:${text}`).join(',')}}`);

/**
 * Any body: mostly one of `valid` (when given), as it is or changed, else any JSON, very deep
 * JSON, not JSON, empty.
 */
export const bodyNear = (...valid: Fields[]) =>
  fc.oneof(
    { weight: 2, arbitrary: valid.length > 0 ? exactlyValid(...valid) : value },
    { weight: 5, arbitrary: valid.length > 0 ? nearValid(...valid) : value },
    { weight: 2, arbitrary: value },
    { weight: 1, arbitrary: deep },
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
    { weight: 1, arbitrary: fc.constant('') },
  );
