/** One CSV field as RFC 4180 writes it, defused for spreadsheet apps when asked. */

const NEEDS_QUOTES = /[",\r\n]/;
/**
 * Spreadsheet apps (Excel, LibreOffice, Google Sheets) run a cell that starts with one of these
 * as a formula (OWASP "CSV Injection"): a payer could type `=HYPERLINK(…)` as a description.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A signed number such as `-5.00` or `+5511999999999` is read as a number, never run: left as is. */
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * `text` as one field: quoted when it holds a comma, a double quote, CR or LF, with quotes
 * doubled. With `escapeFormulae`, text that a spreadsheet would run as a formula gets a leading
 * `'` first, which spreadsheets show as text.
 */
export function csvField(text: string, escapeFormulae: boolean): string {
  const safe = escapeFormulae && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
