import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidPixKey, normalizePixKey, pixKeyProblem } from '../../src/pix/keys.js';

describe('PIX keys', () => {
  it.each([
    ['CPF', '529.982.247-25', '52998224725'],
    ['CNPJ', '11.222.333/0001-81', '11222333000181'],
    ['CNPJ', '12.ABC.345/01DE-35', '12ABC34501DE35'],
    ['EMAIL', ' Maria.Silva@Example.COM ', 'maria.silva@example.com'],
    ['EVP', '123E4567-E12B-12D1-A456-426655440000', '123e4567-e12b-12d1-a456-426655440000'],
    ['PHONE', '+5511998765432', '+5511998765432'],
  ] as const)('normalises a %s key %j to %j, which is valid', (type, raw, normalised) => {
    expect(normalizePixKey(type, raw)).toBe(normalised);
    expect(pixKeyProblem(type, normalised)).toBeUndefined();
    expect(isValidPixKey(type, raw)).toBe(true);
  });

  it.each([
    ['CPF', '52998224724', /CPF of 11 digits/],
    ['CPF', '00000000000', /not all equal/],
    ['CNPJ', '11222333000182', /CNPJ/],
    ['EMAIL', 'not-an-email', /e-mail/],
    ['EMAIL', `${'a'.repeat(70)}@ex.com.br`, /at most 77/],
    ['PHONE', '5511998765432', /E\.164/],
    ['PHONE', '+0511998765432', /E\.164/],
    ['EVP', 'not-a-uuid', /UUID/],
  ] as const)('rejects a %s key %j', (type, key, reason) => {
    expect(pixKeyProblem(type, normalizePixKey(type, key))).toMatch(reason);
  });

  it('rejects an upper-case EMAIL or EVP before normalisation', () => {
    expect(pixKeyProblem('EMAIL', 'A@EXAMPLE.COM')).toBeDefined();
    expect(pixKeyProblem('EVP', '123E4567-E12B-12D1-A456-426655440000')).toBeDefined();
  });

  it('accepts every lower-case UUID as an EVP key, whatever its version', () => {
    fc.assert(
      fc.property(fc.uuid(), (uuid) => {
        expect(pixKeyProblem('EVP', uuid)).toBeUndefined();
      }),
    );
  });

  it('accepts E.164 phone numbers of every allowed length (3 to 15 digits)', () => {
    const phone = fc
      .tuple(fc.integer({ min: 1, max: 9 }), fc.stringMatching(/^\d{2,14}$/))
      .map(([first, rest]) => `+${first}${rest}`);
    fc.assert(
      fc.property(phone, (key) => {
        expect(pixKeyProblem('PHONE', key)).toBeUndefined();
      }),
    );
  });

  it('refuses a phone number of 16 digits or more (E.164 allows 15)', () => {
    expect(pixKeyProblem('PHONE', '+551199876543210')).toBeUndefined();
    expect(pixKeyProblem('PHONE', '+5511998765432101')).toMatch(/E\.164/);
  });
});
