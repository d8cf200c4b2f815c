/**
 * The parts of a static BR Code (`buildStaticBrCode` in `pix-payments/qr`), checked like every
 * request: the BR Code manual's field rules, with accents removed as it requires.
 */
import * as z from 'zod/mini';
import { MAX_AMOUNT_CENTS } from '../pix/brcode-build.js';
import { nonAsciiCharacter, removeAccents } from '../pix/brcode-text.js';
import { normalizePixKey, pixKeyProblem, pixKeyTypeOf } from '../pix/keys.js';
import { hasAtMostTwoDecimals } from '../pix/money.js';

/** The largest amount in reais: field 54 holds at most 13 characters, "9999999999.99". */
export const MAX_STATIC_AMOUNT = MAX_AMOUNT_CENTS / 100;

/**
 * Field 26 (merchant account) holds at most 99 characters: the GUI sub-field (18), the key
 * sub-field (4 + key) and the description sub-field (4 + description).
 */
const MERCHANT_ACCOUNT_ROOM = 99 - 18 - 4 - 4;

/** A positive amount with at most two decimals (here rather than beside the request schemas: only this one takes it). */
const PositiveAmount = z
  .number()
  .check(z.gt(0), z.refine(hasAtMostTwoDecimals, { error: 'must have at most two decimals' }));

const UNKNOWN_KEY_FORM =
  'must be a PIX key: an e-mail address, a phone number in E.164 form (+5511998765432), a random key (UUID), a CPF (11 digits) or a CNPJ (14 characters)';

/**
 * A text field: accents removed first (NFD, combining marks dropped), then at least one
 * character, all printable ASCII. `max` bounds the length after removal.
 */
function brCodeText(max = Number.POSITIVE_INFINITY) {
  return z.pipe(
    z.pipe(z.string(), z.transform(removeAccents)),
    z.string().check(
      z.minLength(1),
      z.maxLength(max, { error: `must have at most ${max} characters once accents are removed` }),
      z.refine((text) => nonAsciiCharacter(text) === undefined, {
        error: (issue) =>
          `must be printable ASCII once accents are removed: ${JSON.stringify(nonAsciiCharacter(String(issue.input)))} has no ASCII form`,
      }),
    ),
  );
}

/** A PIX key as a BR Code carries it: its type read from its form, normalised, then checked. */
const StaticPixKey = z.pipe(
  z.string(),
  z.transform((key, ctx) => {
    const type = pixKeyTypeOf(key);
    const normalized = type === undefined ? key : normalizePixKey(type, key);
    const problem = type === undefined ? UNKNOWN_KEY_FORM : pixKeyProblem(type, normalized);
    if (problem === undefined) return normalized;
    // Eleven digits read as a CPF: a phone number written without +55 lands here too.
    const hint = type === 'CPF' ? '; a phone key is written in E.164 form, such as +5511998765432' : '';
    ctx.issues.push({ code: 'custom', message: `${problem}${hint}`, input: key });
    return z.NEVER;
  }),
);

/** What `buildStaticBrCode` takes; the output has the key normalised and accents removed. */
export const StaticBrCodeParams = z.pipe(
  z.strictObject({
    /**
     * The receiver's PIX key: an e-mail address, a phone number in E.164 form (`+5511998765432`),
     * a random key (EVP, a UUID), a CPF or a CNPJ (formatting such as `529.982.247-25` is stripped).
     */
    pixKey: StaticPixKey,
    /**
     * The amount in reais, as every amount the SDK takes (`19.9` is R$ 19,90): positive, at most
     * two decimals, at most 9999999999.99. Omit it to let the payer type the amount.
     */
    amount: z.optional(PositiveAmount.check(z.lte(MAX_STATIC_AMOUNT))),
    /** The receiver's name: at most 25 characters once accents are removed. */
    merchantName: brCodeText(25),
    /** The receiver's city: at most 15 characters once accents are removed. */
    city: brCodeText(15),
    /** The transaction id: 1 to 25 letters or digits, or `"***"` (none). @default '***' */
    txid: z.optional(
      z.string().check(
        z.regex(/^(?:[A-Za-z0-9]{1,25}|\*\*\*)$/, {
          error: 'must be 1 to 25 letters or digits (A-Z, a-z, 0-9), or "***"',
        }),
      ),
    ),
    /**
     * A message to the payer, accents removed. It shares field 26 (99 characters) with the key:
     * at most 73 characters minus the key's length (62 beside a CPF, 37 beside a random key).
     */
    // Its bound depends on the key: checked below, once the key is normalised.
    description: z.optional(brCodeText()),
  }),
  z.transform((params, ctx) => {
    const room = MERCHANT_ACCOUNT_ROOM - params.pixKey.length;
    if (params.description !== undefined && params.description.length > room) {
      ctx.issues.push({
        code: 'custom',
        path: ['description'],
        message:
          room > 0
            ? `must have at most ${room} character${room === 1 ? '' : 's'} once accents are removed beside this PIX key: field 26 holds 99`
            : 'does not fit beside this PIX key: the key fills field 26 (99 characters)',
        input: params.description,
      });
      return z.NEVER;
    }
    return params;
  }),
);
/** The parts of a static BR Code. */
export type StaticBrCodeParams = z.input<typeof StaticBrCodeParams>;
