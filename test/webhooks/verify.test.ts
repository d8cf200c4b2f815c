import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { hmacBackend, setHmacBackendForTesting } from '../../src/webhooks/hmac.js';
import { signWebhookPayload, verifyWebhookSignature } from '../../src/webhooks/index.js';

const nodeHmac = (body: string | Uint8Array, secret: string) =>
  createHmac('sha256', secret).update(body).digest('hex');

describe.each(['node', 'webcrypto'] as const)('verifyWebhookSignature (%s backend)', (backend) => {
  afterEach(() => setHmacBackendForTesting('auto'));
  const use = () => setHmacBackendForTesting(backend === 'node' ? 'auto' : 'webcrypto');

  it('uses the backend under test', () => {
    use();
    expect(hmacBackend()).toBe(backend);
  });

  it.each([
    ['secret', 'data', '1b2c16b75bd2a870c114153ccda5bcfca63314bc722fa160d690de133ccbb9db'],
    ['mysecret', '{"foo":"bar"}', '4864d2759938a15468b5df9ade20bf161da9b4f737ea61794142f3484236bda3'],
  ])('matches the known vector %s / %s', async (secret, body, hex) => {
    use();
    expect(await signWebhookPayload(body, secret)).toBe(hex);
    expect(await verifyWebhookSignature(body, hex, secret)).toBe(true);
    expect(await verifyWebhookSignature(body, hex.toUpperCase(), secret)).toBe(true);
  });

  it('signs non-ASCII text over its UTF-8 bytes', async () => {
    use();
    const body = '{"city":"São Paulo","note":"pago 🎉"}';
    const bytes = new TextEncoder().encode(body);
    const hex = nodeHmac(Buffer.from(bytes), 'whsec_x');
    expect(await signWebhookPayload(body, 'whsec_x')).toBe(hex);
    expect(await verifyWebhookSignature(bytes, hex, 'whsec_x')).toBe(true);
    // Latin-1 bytes of the same text are a different body.
    expect(await verifyWebhookSignature(Buffer.from(body, 'latin1'), hex, 'whsec_x')).toBe(false);
  });

  it('accepts every input type: string, Uint8Array, Buffer, ArrayBuffer', async () => {
    use();
    const body = '{"event":"transaction.created"}';
    const hex = nodeHmac(body, 's');
    const bytes = new TextEncoder().encode(body);
    for (const payload of [body, bytes, Buffer.from(body), bytes.buffer.slice(0) as ArrayBuffer]) {
      expect(await verifyWebhookSignature(payload, hex, 's')).toBe(true);
    }
  });

  it('for any body and secret, the signature verifies; one changed byte, another secret or a changed signature fails', async () => {
    use();
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ minLength: 1, maxLength: 512 }),
        fc.string({ minLength: 1, maxLength: 40 }),
        fc.string({ minLength: 1, maxLength: 40 }),
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        async (body, secret, otherSecret, at, flip) => {
          const signature = await signWebhookPayload(body, secret);
          expect(await verifyWebhookSignature(body, signature, secret)).toBe(true);
          const changed = body.slice();
          changed[at % body.length] = (changed[at % body.length] as number) ^ flip;
          expect(await verifyWebhookSignature(changed, signature, secret)).toBe(false);
          if (otherSecret !== secret)
            expect(await verifyWebhookSignature(body, signature, otherSecret)).toBe(false);
          const i = at % signature.length;
          const digit = signature[i] === '0' ? '1' : '0';
          expect(
            await verifyWebhookSignature(
              body,
              signature.slice(0, i) + digit + signature.slice(i + 1),
              secret,
            ),
          ).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('supports rotation: either of two secrets verifies, a third does not', async () => {
    use();
    const body = '{"a":1}';
    const secrets = ['whsec_old', 'whsec_new'];
    expect(await verifyWebhookSignature(body, nodeHmac(body, 'whsec_old'), secrets)).toBe(true);
    expect(await verifyWebhookSignature(body, nodeHmac(body, 'whsec_new'), secrets)).toBe(true);
    expect(await verifyWebhookSignature(body, nodeHmac(body, 'whsec_other'), secrets)).toBe(false);
  });
});

describe('verifyWebhookSignature rejections', () => {
  const body = '{"a":1}';
  const good = nodeHmac(body, 's');

  it.each([
    ['missing (undefined)', undefined],
    ['missing (null)', null],
    ['empty', ''],
    ['non-hex', `${good.slice(0, 63)}g`],
    ['odd length', good.slice(0, 63)],
    ['too short', good.slice(0, 62)],
    ['too long', `${good}00`],
    ['control characters that fold onto digits', '\u0010'.repeat(64)],
    ['prefixed', `sha256=${good}`],
  ])('gives false for a %s signature', async (_, signature) => {
    expect(await verifyWebhookSignature(body, signature, 's')).toBe(false);
  });

  it('gives false for a wrong secret', async () => {
    expect(await verifyWebhookSignature(body, good, 'not-s')).toBe(false);
  });

  it.each([
    ['a parsed object', { a: 1 }],
    ['an array', [1]],
    ['null', null],
    ['a number', 42],
  ])('throws a TypeError that says to pass the raw body for %s', async (_, payload) => {
    const call = verifyWebhookSignature(payload as never, good, 's');
    await expect(call).rejects.toThrow(TypeError);
    await expect(verifyWebhookSignature(payload as never, good, 's')).rejects.toThrow(
      /raw body.*express\.raw.*await req\.text\(\)/s,
    );
  });

  it.each([
    ['an empty secret', ''],
    ['an empty list', []],
    ['a list with an empty secret', ['s', '']],
  ])('throws a TypeError for %s, without echoing secrets', async (_, secret) => {
    await expect(verifyWebhookSignature(body, good, secret)).rejects.toThrow(/non-empty/);
  });
});
