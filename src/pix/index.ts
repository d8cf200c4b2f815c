export { type BrCode, BrCodeError, PIX_GUI, parseBrCode } from './brcode.js';
export { cnpjCheckDigits, isValidCnpj } from './cnpj.js';
export { cpfCheckDigits, isValidCpf } from './cpf.js';
export { crc16, crc16Hex } from './crc16.js';
export {
  isValidPixKey,
  type KnownPixKeyType,
  MAX_EMAIL_KEY_LENGTH,
  normalizePixKey,
  PIX_KEY_TYPES,
  pixKeyProblem,
} from './keys.js';
export { AmountError, formatCents, fromCents, hasAtMostTwoDecimals, toCents } from './money.js';
