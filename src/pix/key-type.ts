import type { KnownPixKeyType } from './keys.js';

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TAX_ID_FORMATTING = /[.\-/\s]/g;

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
  if (UUID_SHAPE.test(trimmed)) return 'EVP';
  const bare = trimmed.replace(TAX_ID_FORMATTING, '');
  if (bare.length === 11) return 'CPF';
  if (bare.length === 14) return 'CNPJ';
  return undefined;
}
