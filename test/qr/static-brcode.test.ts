import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/errors/validation.js';
import { parseBrCode } from '../../src/pix/brcode.js';
import { buildStaticBrCode } from '../../src/qr/index.js';

const EVP = '123e4567-e12b-12d1-a456-426655440000';

/** The error buildStaticBrCode throws for `params`, or a failure when it builds a code. */
function refusal(params: unknown): ValidationError {
  try {
    buildStaticBrCode(params as Parameters<typeof buildStaticBrCode>[0]);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return error as ValidationError;
  }
  throw new Error('buildStaticBrCode built a code from invalid params');
}

describe('buildStaticBrCode', () => {
  it('writes the example of the BR Code manual byte for byte', () => {
    expect(buildStaticBrCode({ pixKey: EVP, merchantName: 'Fulano de Tal', city: 'BRASILIA' })).toBe(
      `00020126580014br.gov.bcb.pix0136${EVP}5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D`,
    );
  });

  it('is a static code: no field 01, the key in 26.01, txid *** by default', () => {
    const code = parseBrCode(buildStaticBrCode({ pixKey: EVP, merchantName: 'Loja', city: 'Recife' }));
    expect(code.pointOfInitiationMethod).toBeUndefined();
    expect(code.merchantAccount).toEqual({ gui: 'br.gov.bcb.pix', key: EVP });
    expect(code.amountCents).toBeUndefined();
    expect(code.txid).toBe('***');
  });

  it('takes the amount in reais, as the client does, and writes it with two decimals', () => {
    const code = buildStaticBrCode({ pixKey: EVP, amount: 19.9, merchantName: 'Loja', city: 'Recife' });
    expect(code).toContain('540519.90');
    expect(parseBrCode(code).amountCents).toBe(1990);
    expect(
      parseBrCode(buildStaticBrCode({ pixKey: EVP, amount: 0.1 + 0.2, merchantName: 'L', city: 'R' }))
        .amountCents,
    ).toBe(30);
  });

  it('removes accents from the name, the city and the description', () => {
    const code = parseBrCode(
      buildStaticBrCode({
        pixKey: EVP,
        merchantName: 'Padaria São João',
        city: 'Goiânia',
        description: 'Pão de queijo, açaí',
      }),
    );
    expect(code.merchantName).toBe('Padaria Sao Joao');
    expect(code.merchantCity).toBe('Goiania');
    expect(code.merchantAccount.description).toBe('Pao de queijo, acai');
  });

  it('counts the length after accents are removed, decomposed input included', () => {
    // 25 letters, each written as a letter and a combining accent: 50 code units before.
    const name = 'a\u0301'.repeat(25);
    expect(
      parseBrCode(buildStaticBrCode({ pixKey: EVP, merchantName: name, city: 'Cuiabá' })).merchantName,
    ).toBe('a'.repeat(25));
  });

  it('normalises the key as the directory stores it', () => {
    const key = (pixKey: string) =>
      parseBrCode(buildStaticBrCode({ pixKey, merchantName: 'L', city: 'R' })).merchantAccount.key;
    expect(key('529.982.247-25')).toBe('52998224725');
    expect(key('11.222.333/0001-81')).toBe('11222333000181');
    expect(key(' Ana@Example.com ')).toBe('ana@example.com');
    expect(key(EVP.toUpperCase())).toBe(EVP);
    expect(key('+5511998765432')).toBe('+5511998765432');
  });

  it('fits the description beside the key: field 26 holds 99 characters', () => {
    // 99 - 18 (GUI) - 4 - 36 (the key) - 4 = 37 for a random key.
    const code = buildStaticBrCode({
      pixKey: EVP,
      merchantName: 'L',
      city: 'R',
      description: 'd'.repeat(37),
    });
    expect(parseBrCode(code).merchantAccount.description).toHaveLength(37);
    const error = refusal({ pixKey: EVP, merchantName: 'L', city: 'R', description: 'd'.repeat(38) });
    expect(error.issues).toEqual([
      {
        path: 'description',
        message:
          'must have at most 37 characters once accents are removed beside this PIX key: field 26 holds 99',
      },
    ]);
  });
});

describe('buildStaticBrCode refuses bad input with a ValidationError naming the field and the rule', () => {
  const valid = { pixKey: EVP, merchantName: 'Loja', city: 'Recife' };
  it.each([
    [
      { merchantName: 'x'.repeat(26) },
      'merchantName',
      'must have at most 25 characters once accents are removed',
    ],
    [{ city: 'São José do Rio Preto' }, 'city', 'must have at most 15 characters once accents are removed'],
    [{ city: 'Łódź' }, 'city', 'must be printable ASCII once accents are removed: "Ł" has no ASCII form'],
    [
      { merchantName: 'Café ☕' },
      'merchantName',
      'must be printable ASCII once accents are removed: "☕" has no ASCII form',
    ],
    [{ merchantName: '' }, 'merchantName', 'must have at least 1 character; got the string ""'],
    [{ amount: 0 }, 'amount', 'must be more than 0 (a number in reais, such as 19.9); got 0'],
    [{ amount: 10.005 }, 'amount', 'must have at most two decimals'],
    [
      { amount: 1e10 },
      'amount',
      'must be at most 9999999999.99 (a number in reais, such as 19.9); got 10000000000',
    ],
    [{ amount: '19.90' }, 'amount', 'must be a number in reais, such as 19.9; got the string "19.90"'],
    [{ txid: 'pedido-42' }, 'txid', 'must be 1 to 25 letters or digits (A-Z, a-z, 0-9), or "***"'],
    [{ txid: 'a'.repeat(26) }, 'txid', 'must be 1 to 25 letters or digits (A-Z, a-z, 0-9), or "***"'],
    [{ pixKey: 'loja' }, 'pixKey', /^must be a PIX key: an e-mail address, a phone number in E\.164 form/],
    [
      { pixKey: '52998224724' },
      'pixKey',
      /^must be a CPF of 11 digits .*; a phone key is written in E\.164 form/,
    ],
    [{ pixKey: '+55 11 99876-5432' }, 'pixKey', 'must be a phone number in E.164 form, e.g. +5511998765432'],
    [
      { pixKey: `${'a'.repeat(70)}@example.com` },
      'pixKey',
      'must be an e-mail address of at most 77 characters',
    ],
    [
      { description: 'ok', pixKey: `${'a'.repeat(60)}@example.com` },
      'description',
      /^must have at most 1 character once/,
    ],
    [{ shop: 'x' }, 'shop', 'is not a known field'],
  ])('%j: %s', (change, path, rule) => {
    const error = refusal({ ...valid, ...change });
    expect(error.issues).toHaveLength(1);
    expect(error.issues[0]?.path).toBe(path);
    if (typeof rule === 'string') expect(error.issues[0]?.message).toBe(rule);
    else expect(error.issues[0]?.message).toMatch(rule);
    expect(error.message).toContain(`${path}: `);
  });

  it('names every field at fault at once', () => {
    const error = refusal({ pixKey: 'x', merchantName: 'y'.repeat(30), city: 'z'.repeat(16), amount: -1 });
    expect(error.issues.map((issue) => issue.path)).toEqual(['pixKey', 'amount', 'merchantName', 'city']);
  });

  it('refuses what is not an object of parts', () => {
    expect(refusal(null).message).toBe('Invalid request: must be an object; got null');
    expect(refusal({}).issues.map((issue) => issue.path)).toEqual(['pixKey', 'merchantName', 'city']);
  });
});
