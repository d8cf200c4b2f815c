import { ValidationError } from '../errors/validation.js';
import { buildBrCode } from '../pix/brcode-build.js';
import { toCents } from '../pix/money.js';
import { safeParseWith } from '../schemas/parse.js';
import { StaticBrCodeParams } from '../schemas/static-brcode.js';

/**
 * A static PIX BR Code (the text of a QR code a shop prints once, to be paid any number of
 * times): the receiver's key, an optional amount, with its CRC16. Point of initiation "static"
 * (field 01 left out, as the manual allows); accents are removed from the texts, as the BR Code
 * manual requires. Render it with {@link pixCodeToSvg} and the other renderers.
 *
 * @throws {ValidationError} naming each field at fault and its rule (nothing is built): a key that
 *   is none of the PIX key forms or breaks its type's rules; a merchant name over 25 or a city
 *   over 15 characters once accents are removed; a character with no ASCII form (`ø`, `€`, an
 *   emoji); an amount that is not positive with at most two decimals; a txid that is not 1 to 25
 *   letters or digits; a description that does not fit beside the key; an unknown field.
 * @example
 * const code = buildStaticBrCode({
 *   pixKey: 'loja@example.com',
 *   amount: 19.9,
 *   merchantName: 'Padaria São João',
 *   city: 'São Paulo',
 * });
 * const svg = pixCodeToSvg(code);
 */
export function buildStaticBrCode(params: StaticBrCodeParams): string {
  const outcome = safeParseWith(StaticBrCodeParams, params);
  if (!outcome.success) throw new ValidationError(outcome.message, outcome.issues);
  const { pixKey, amount, merchantName, city, txid, description } = outcome.data;
  return buildBrCode({
    key: pixKey,
    merchantName,
    merchantCity: city,
    ...(amount === undefined ? {} : { amountCents: toCents(amount) }),
    ...(txid === undefined ? {} : { txid }),
    ...(description === undefined ? {} : { description }),
  });
}
