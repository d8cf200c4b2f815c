import { isValidCnpj } from './cnpj.js';
import { isValidCpf } from './cpf.js';

/** The PIX key types of the central bank's key directory (DICT). */
export const PIX_KEY_TYPES = ['CPF', 'CNPJ', 'EMAIL', 'PHONE', 'EVP'] as const;
/** A PIX key type the SDK knows how to validate. */
export type KnownPixKeyType = (typeof PIX_KEY_TYPES)[number];

/** The longest EMAIL key the directory accepts. */
export const MAX_EMAIL_KEY_LENGTH = 77;

const EMAIL =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;
// E.164: a country code and number of at most 15 digits in all (the DICT pattern allowed 16).
const PHONE = /^\+[1-9][0-9]\d{1,13}$/;
const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The formatting a CPF or CNPJ may be written with: dots, dashes, slashes, spaces. */
const TAX_ID_FORMATTING = /[.\-/\s]/g;

/**
 * Puts a key in the form the directory stores: formatting (dots, dashes, slashes, spaces)
 * stripped from CPF and CNPJ, EMAIL and EVP lower-cased, surrounding spaces trimmed.
 * It never makes an invalid key valid by guessing; validate the result with `isValidPixKey`.
 *
 * @throws {TypeError} when `key` is not a string or `type` is not one of {@link PIX_KEY_TYPES}.
 */
export function normalizePixKey(type: KnownPixKeyType, key: string): string {
  if (typeof key !== 'string') throw new TypeError(`a PIX key is a string, got ${typeof key}`);
  const trimmed = key.trim();
  switch (type) {
    case 'CPF':
    case 'CNPJ':
      return trimmed.replace(TAX_ID_FORMATTING, '');
    case 'EMAIL':
    case 'EVP':
      return trimmed.toLowerCase();
    case 'PHONE':
      return trimmed;
    default:
      throw new TypeError(`a PIX key type is one of ${PIX_KEY_TYPES.join(', ')}`);
  }
}

function isKnownType(type: unknown): type is KnownPixKeyType {
  return (PIX_KEY_TYPES as readonly unknown[]).includes(type);
}

/**
 * Checks an already normalised key against its type. Returns `undefined` when it is valid, or a
 * sentence saying which rule it breaks (also for a key that is not a string or an unknown type).
 */
export function pixKeyProblem(type: KnownPixKeyType, key: string): string | undefined {
  if (!isKnownType(type)) return `must be of a known PIX key type (${PIX_KEY_TYPES.join(', ')})`;
  if (typeof key !== 'string') return 'must be a string';
  switch (type) {
    case 'CPF':
      return isValidCpf(key)
        ? undefined
        : 'must be a CPF of 11 digits with valid check digits (not all equal)';
    case 'CNPJ':
      return isValidCnpj(key)
        ? undefined
        : 'must be a CNPJ of 12 digits or upper-case letters followed by 2 valid check digits';
    case 'EMAIL':
      if (key.length > MAX_EMAIL_KEY_LENGTH) {
        return `must be an e-mail address of at most ${MAX_EMAIL_KEY_LENGTH} characters`;
      }
      return EMAIL.test(key) ? undefined : 'must be a valid lower-case e-mail address';
    case 'PHONE':
      return PHONE.test(key) ? undefined : 'must be a phone number in E.164 form, e.g. +5511998765432';
    case 'EVP':
      return EVP.test(key) ? undefined : 'must be a random key (EVP): a lower-case UUID';
  }
}

/**
 * True when `key`, once normalised, is a valid key of `type`; false for anything else (a key
 * that is not a string, a type that is not one of {@link PIX_KEY_TYPES}): it never throws.
 */
export function isValidPixKey(type: KnownPixKeyType, key: string): boolean {
  if (!isKnownType(type) || typeof key !== 'string') return false;
  return pixKeyProblem(type, normalizePixKey(type, key)) === undefined;
}

/**
 * The type of a PIX key read from its form, as a BR Code carries keys without their type: an
 * e-mail address has an `@`, a phone number starts with `+` (E.164), a random key (EVP) is a
 * UUID, and what is left is a CPF when it has 11 characters once formatting is stripped, a CNPJ
 * when it has 14. `undefined` when the form is none of these. The key must still be checked
 * against its type (`pixKeyProblem`): this only says which rules apply.
 *
 * @example
 * pixKeyTypeOf('529.982.247-25') // 'CPF'
 * pixKeyTypeOf('+5511998765432') // 'PHONE'
 */
export function pixKeyTypeOf(key: string): KnownPixKeyType | undefined {
  const trimmed = key.trim();
  if (trimmed.includes('@')) return 'EMAIL';
  if (trimmed.startsWith('+')) return 'PHONE';
  if (EVP.test(trimmed.toLowerCase())) return 'EVP';
  const bare = trimmed.replace(TAX_ID_FORMATTING, '');
  if (bare.length === 11) return 'CPF';
  if (bare.length === 14) return 'CNPJ';
  return undefined;
}
