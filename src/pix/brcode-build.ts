/**
 * Building a BR Code (the reference mock makes every charge's pixCode with it). Not in the main
 * entry: merchants receive pixCodes from the service; it is exported from `pix-payments/qr`.
 */

import { BrCodeError, PIX_GUI } from './brcode.js';
import { PRINTABLE_ASCII } from './brcode-text.js';
import { crc16Hex } from './crc16.js';
import { formatCents } from './money.js';

/** What {@link buildBrCode} needs. Give `url` for a dynamic code or `key` for a static one. */
export interface BuildBrCodeInput {
  /** Location URL of a dynamic charge, without `https://` (at most 77 characters). */
  url?: string;
  /** PIX key of a static code. */
  key?: string;
  /** Optional message for a static code. */
  description?: string;
  /** The amount in integer cents, 1 to 999999999999; omit to let the payer choose. */
  amountCents?: number;
  /** At most 25 printable ASCII characters. */
  merchantName: string;
  /** At most 15 printable ASCII characters. */
  merchantCity: string;
  /** 1 to 25 letters or digits, or "***". Defaults to "***". */
  txid?: string;
  /** The merchant category code, 4 digits. Defaults to "0000". */
  merchantCategoryCode?: string;
}

/** "9999999999.99": field 54 holds at most 13 characters. */
export const MAX_AMOUNT_CENTS = 999_999_999_999;

function field(id: string, value: string): string {
  if (value.length === 0 || value.length > 99) {
    throw new BrCodeError(`field ${id} must hold 1 to 99 characters, got ${value.length}`);
  }
  if (!PRINTABLE_ASCII.test(value)) {
    throw new BrCodeError(`field ${id} must be printable ASCII (no accents)`);
  }
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

function requireLength(name: string, value: string, max: number): string {
  if (value.length === 0 || value.length > max) {
    throw new BrCodeError(`${name} must hold 1 to ${max} characters, got ${value.length}`);
  }
  return value;
}

const STRING_PARTS = [
  'url',
  'key',
  'description',
  'merchantName',
  'merchantCity',
  'txid',
  'merchantCategoryCode',
];

/** Type checks, so that a part of the wrong type is a clear TypeError, never a malformed code. */
function checkTypes(input: unknown): asserts input is BuildBrCodeInput {
  if (typeof input !== 'object' || input === null) {
    throw new TypeError(
      `buildBrCode takes an object of the code's parts, got ${input === null ? 'null' : typeof input}`,
    );
  }
  const parts = input as Record<string, unknown>;
  for (const name of STRING_PARTS) {
    const value = parts[name];
    const optional = name !== 'merchantName' && name !== 'merchantCity';
    if (typeof value !== 'string' && !(optional && value === undefined)) {
      throw new TypeError(`${name} must be a string${optional ? ' when given' : ''}, got ${typeof value}`);
    }
  }
  if (parts.amountCents !== undefined && typeof parts.amountCents !== 'number') {
    throw new TypeError(`amountCents must be a number when given, got ${typeof parts.amountCents}`);
  }
}

/**
 * Builds a BR Code with a valid CRC.
 *
 * @throws {TypeError} when `input` is not an object or a part is not of its type (string, number).
 * @throws {BrCodeError} when a part is missing or out of bounds: both or neither of `url` and
 *   `key`, a name over 25 or a city over 15 characters, a field over 99 or not printable ASCII,
 *   a bad `txid` or `merchantCategoryCode` (4 digits), an amount that is not 1 to
 *   999999999999 cents (field 54 holds at most 13 characters).
 * @example
 * buildBrCode({ url: 'pix.example.com/qr/v2/9d36…', amountCents: 1990, merchantName: 'LOJA',
 *   merchantCity: 'SAO PAULO', txid: 'abc123' })
 */
export function buildBrCode(input: BuildBrCodeInput): string {
  checkTypes(input);
  if ((input.url === undefined) === (input.key === undefined)) {
    throw new BrCodeError('give exactly one of url (dynamic code) or key (static code)');
  }
  const account =
    field('00', PIX_GUI) +
    (input.key !== undefined ? field('01', input.key) : '') +
    (input.description !== undefined ? field('02', input.description) : '') +
    (input.url !== undefined ? field('25', requireLength('url', input.url, 77)) : '');
  const txid = input.txid ?? '***';
  if (txid !== '***' && !/^[A-Za-z0-9]{1,25}$/.test(txid)) {
    throw new BrCodeError('txid must be 1 to 25 letters or digits, or "***"');
  }
  const category = input.merchantCategoryCode ?? '0000';
  if (!/^\d{4}$/.test(category)) throw new BrCodeError('merchantCategoryCode must be 4 digits');
  let amount = '';
  if (input.amountCents !== undefined) {
    const cents = input.amountCents;
    if (!Number.isSafeInteger(cents) || cents <= 0 || cents > MAX_AMOUNT_CENTS) {
      throw new BrCodeError(`amountCents must be an integer from 1 to ${MAX_AMOUNT_CENTS}, got ${cents}`);
    }
    amount = field('54', formatCents(cents));
  }
  const body =
    field('00', '01') +
    (input.url !== undefined ? field('01', '12') : '') +
    field('26', account) +
    field('52', category) +
    field('53', '986') +
    amount +
    field('58', 'BR') +
    field('59', requireLength('merchantName', input.merchantName, 25)) +
    field('60', requireLength('merchantCity', input.merchantCity, 15)) +
    field('62', field('05', txid)) +
    '6304';
  return body + crc16Hex(body);
}
