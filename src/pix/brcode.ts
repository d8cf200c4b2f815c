/**
 * BR Code, the PIX copy-and-paste code: an EMV QRCPS-MPM payload of ID-length-value fields whose
 * last field (63) is a CRC16/CCITT-FALSE over everything before it, "6304" included.
 */
import { crc16Hex } from './crc16.js';
import { toCents } from './money.js';

/** Thrown when a string is not a well-formed BR Code, or a BR Code cannot be built. */
export class BrCodeError extends Error {
  override name = 'BrCodeError';
}

/** The globally unique identifier of the PIX arrangement in field 26. */
export const PIX_GUI = 'br.gov.bcb.pix';

/** What a BR Code says, decoded. Amounts are integer cents. */
export interface BrCode {
  /** Field 00, always "01". */
  payloadFormatIndicator: string;
  /** Field 01: "12" for a dynamic, single-use code; absent or "11" for a static one. */
  pointOfInitiationMethod?: string;
  /** Field 26: the PIX merchant account information. */
  merchantAccount: {
    /** Sub-field 00, `br.gov.bcb.pix`. */
    gui: string;
    /** Sub-field 01: the receiver's PIX key (static codes). */
    key?: string;
    /** Sub-field 02: a free-text message to the payer. */
    description?: string;
    /** Sub-field 25: the location URL of the charge (dynamic codes), without the scheme. */
    url?: string;
  };
  /** Field 52: merchant category code, "0000" when not informed. */
  merchantCategoryCode: string;
  /** Field 53: ISO 4217 numeric currency, "986" for BRL. */
  transactionCurrency: string;
  /** Field 54 in integer cents; absent when the payer chooses the amount. */
  amountCents?: number;
  /** Field 58: "BR". */
  countryCode: string;
  /** Field 59: the receiver's name, at most 25 characters. */
  merchantName: string;
  /** Field 60: the receiver's city, at most 15 characters. */
  merchantCity: string;
  /** Field 62, sub-field 05: the transaction id ("***" when none). */
  txid?: string;
  /** Field 63: the CRC as four upper-case hex digits. */
  crc: string;
}

/** Splits a run of ID-length-value fields, failing on a truncated or malformed one. */
function readFields(text: string, where: string): Map<string, string> {
  const fields = new Map<string, string>();
  let offset = 0;
  while (offset < text.length) {
    const header = text.slice(offset, offset + 4);
    if (!/^\d{4}$/.test(header)) {
      throw new BrCodeError(`${where}: malformed field header "${header}" at position ${offset}`);
    }
    const id = header.slice(0, 2);
    const length = Number(header.slice(2));
    const value = text.slice(offset + 4, offset + 4 + length);
    if (length === 0 || value.length < length) {
      throw new BrCodeError(
        `${where}: field ${id} is truncated: it declares ${length} characters, ${value.length} remain`,
      );
    }
    if (fields.has(id)) throw new BrCodeError(`${where}: field ${id} appears twice`);
    fields.set(id, value);
    offset += 4 + length;
  }
  return fields;
}

function required(fields: Map<string, string>, id: string, name: string): string {
  const value = fields.get(id);
  if (value === undefined) throw new BrCodeError(`field ${id} (${name}) is missing`);
  return value;
}

function fixed(fields: Map<string, string>, id: string, name: string, value: string): string {
  const got = required(fields, id, name);
  if (got !== value) throw new BrCodeError(`field ${id} (${name}) must be "${value}", got "${got}"`);
  return got;
}

function optionalEntry<K extends string>(key: K, value: string | undefined): { [P in K]?: string } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: string };
}

/** Field 54: at most 13 characters, a whole number with up to two decimals (EMV QRCPS-MPM). */
const AMOUNT = /^\d+(\.\d{1,2})?$/;
const MAX_AMOUNT_LENGTH = 13;

/**
 * Parses and checks a BR Code: structure, mandatory fields and their fixed values (field 00
 * "01", field 01 "11" or "12" when present, currency "986", country "BR"), the PIX GUI with
 * exactly one of a key or a location URL, the amount's form, and the CRC.
 *
 * @throws {BrCodeError} naming the field at fault, e.g. a CRC mismatch or a truncated field;
 *   also for a value that is not a string.
 */
export function parseBrCode(code: string): BrCode {
  if (typeof code !== 'string') throw new BrCodeError('a BR Code is a string');
  const crcField = /6304([0-9A-F]{4})$/.exec(code);
  if (crcField === null) {
    throw new BrCodeError('a BR Code ends with field 63: "6304" and four upper-case hex digits');
  }
  const crc = crcField[1] as string;
  const expected = crc16Hex(code.slice(0, -4));
  if (crc !== expected) {
    throw new BrCodeError(`CRC mismatch: the code says ${crc}, its content gives ${expected}`);
  }
  const fields = readFields(code, 'BR Code');
  if ([...fields.keys()].at(-1) !== '63') throw new BrCodeError('field 63 (CRC) must come last');
  if (code.slice(0, 6) !== '000201') {
    throw new BrCodeError('field 00 (payload format indicator) must come first and be "01"');
  }
  const initiation = fields.get('01');
  if (initiation !== undefined && initiation !== '11' && initiation !== '12') {
    throw new BrCodeError(`field 01 (point of initiation method) must be "11" or "12", got "${initiation}"`);
  }
  const account = readFields(required(fields, '26', 'merchant account'), 'field 26');
  const gui = required(account, '00', 'merchant account GUI');
  if (gui.toLowerCase() !== PIX_GUI) {
    throw new BrCodeError(`field 26.00 must be "${PIX_GUI}", got "${gui}"`);
  }
  if (account.has('01') === account.has('25')) {
    throw new BrCodeError('field 26 needs exactly one of a PIX key (01) or a location URL (25)');
  }
  const amountText = fields.get('54');
  if (amountText !== undefined && (amountText.length > MAX_AMOUNT_LENGTH || !AMOUNT.test(amountText))) {
    throw new BrCodeError(
      `field 54 (amount) must be a decimal like 10.50 of at most ${MAX_AMOUNT_LENGTH} characters, got "${amountText.slice(0, 20)}"`,
    );
  }
  const additional = fields.has('62') ? readFields(fields.get('62') as string, 'field 62') : undefined;
  return {
    payloadFormatIndicator: '01',
    ...optionalEntry('pointOfInitiationMethod', initiation),
    merchantAccount: {
      gui,
      ...optionalEntry('key', account.get('01')),
      ...optionalEntry('description', account.get('02')),
      ...optionalEntry('url', account.get('25')),
    },
    merchantCategoryCode: required(fields, '52', 'merchant category code'),
    transactionCurrency: fixed(fields, '53', 'transaction currency', '986'),
    // At most 13 characters is below 1e13, where toCents is exact.
    ...(amountText === undefined ? {} : { amountCents: toCents(Number(amountText)) }),
    countryCode: fixed(fields, '58', 'country code', 'BR'),
    merchantName: required(fields, '59', 'merchant name'),
    merchantCity: required(fields, '60', 'merchant city'),
    ...optionalEntry('txid', additional?.get('05')),
    crc,
  };
}
