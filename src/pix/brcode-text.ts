/**
 * Text fields of a BR Code (merchant name, city, description) are EMV "ans": printable ASCII.
 * The BR Code manual asks for accents to be removed, not for the text to be refused.
 */

const COMBINING_MARKS = /\p{M}/gu;
/** EMV "ans": printable ASCII, U+0020 to U+007E. */
export const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * The text with its accents removed: canonical decomposition (NFD), then every combining mark
 * dropped (`"São Paulo"` → `"Sao Paulo"`, `"Ação"` → `"Acao"`). Letters that do not decompose
 * (`ø`, `ß`, `æ`) stay as they are: {@link nonAsciiCharacter} finds them.
 */
export function removeAccents(text: string): string {
  return text.normalize('NFD').replace(COMBINING_MARKS, '');
}

/** The first character outside printable ASCII (U+0020 to U+007E), or `undefined` when there is none. */
export function nonAsciiCharacter(text: string): string | undefined {
  if (PRINTABLE_ASCII.test(text)) return undefined;
  for (const character of text) if (!PRINTABLE_ASCII.test(character)) return character;
  return undefined;
}
