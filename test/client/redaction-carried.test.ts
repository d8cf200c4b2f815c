/**
 * Issue 28: what an error carries besides its message. `ResponseValidationError.body` and `.data`
 * are redacted of the client's own key and token but keep a new subscription's signing secret;
 * a secret passed by mistake as `idempotencyKey` or `referenceId` is never sent nor carried; a
 * header the service named after a secret is left out.
 */
import { inspect } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PaymentsClient, ResponseValidationError, ValidationError } from '../../src/index.js';
import { BASE_URL, json, payoutParams, SECRET_KEY, scriptedFetch } from './scripted-fetch.js';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJtZXJjaGFudC0xIn0.c2lnbmF0dXJlLW9mLXRoZS10b2tlbi1hYmNkZWY';
const SIGNATURE = TOKEN.split('.')[2] as string;
const KEY_REST = SECRET_KEY.slice('sk_live_prod_'.length);
const WHSEC = 'whsec_k8Jd93mQpL2vXz7RtY4nB6cW';
const newSubscription = { url: 'https://shop.example/hook', events: ['transaction.completed' as const] };

/** `text` percent-encoded, every character, upper or lower case hex in turn. */
const percent = (text: string) =>
  [...text]
    .map((c, i) => `%${c.charCodeAt(0).toString(16)[i % 2 ? 'toUpperCase' : 'toLowerCase']()}`)
    .join('');
/** `text` as JSON `\u` escapes, every character. */
const escaped = (text: string) =>
  [...text].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
const decode = (text: string) =>
  text.replace(/\\u([\da-f]{4})|%([\da-f]{2})/gi, (_, u: string | undefined, p: string) =>
    String.fromCharCode(Number.parseInt(u ?? p, 16)),
  );

/** Every text an error shows, by where it shows. */
const shown = (error: Error) => ({
  message: error.message,
  stack: String(error.stack),
  json: JSON.stringify(error),
  inspect: inspect(error, { depth: 10 }),
  getters: inspect(error, { depth: 10, getters: true }),
});

function client(steps: (Response | Error)[]) {
  const scripted = scriptedFetch(steps);
  const made = new PaymentsClient({
    secretKey: SECRET_KEY,
    baseUrl: BASE_URL,
    userToken: TOKEN,
    fetch: scripted.fetch,
    maxRetries: 0,
  });
  return { client: made, requests: scripted.requests };
}

describe('a new subscription answer the client cannot accept', () => {
  // No `id`: the record cannot be used. The service echoes the credentials it was sent, spelt
  // three ways, beside the signing secret it issued.
  const echoes = [SECRET_KEY, percent(KEY_REST), escaped(TOKEN), SIGNATURE].join(' | ');
  const answer = () =>
    new Response(`{"secret":"${WHSEC}","url":"https://shop.example/hook","debug":"${echoes}"}`, {
      status: 201,
      headers: { 'content-type': 'application/json' },
    });

  it('keeps the signing secret readable through body and data, and the client’s credentials out of both', async () => {
    const error = await client([answer()])
      .client.webhooks.create(newSubscription)
      .catch((e) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.body).toContain(WHSEC);
    expect(error.data).toMatchObject({ secret: WHSEC, url: 'https://shop.example/hook' });
    for (const text of [error.body, JSON.stringify(error.data)]) {
      for (const secret of [KEY_REST, SIGNATURE, TOKEN]) expect(decode(text)).not.toContain(secret);
    }
    expect(error.data.debug).toBe('[redacted] | [redacted] | [redacted] | [redacted]');
  });

  it('shows neither the signing secret, with or without whsec_, nor the credentials anywhere else', async () => {
    const error = await client([answer()])
      .client.webhooks.create(newSubscription)
      .catch((e) => e);
    for (const [where, text] of Object.entries(shown(error)))
      for (const secret of [WHSEC.slice('whsec_'.length), KEY_REST, SIGNATURE])
        expect(decode(text), where).not.toContain(secret);
  });
});

describe('a secret passed as the idempotency key', () => {
  const spellings = {
    'the secret key': SECRET_KEY,
    'the key after its prefix': KEY_REST,
    'the key percent-encoded': percent(SECRET_KEY),
    'the user token': TOKEN,
    'its signature': SIGNATURE,
    'the key after its prefix as JSON escapes': escaped(KEY_REST),
  };

  it.each(Object.entries(spellings))(
    '%s: never sent, nor carried by the error or its toJSON()',
    async (_, key) => {
      const { client: payments, requests } = client([]);
      for (const call of [
        () => payments.cashouts.create({ ...payoutParams, idempotencyKey: key }),
        () => payments.transactions.create({ amount: 19.9, referenceId: key } as never),
      ]) {
        const error = await call().catch((e) => e);
        expect(error).toBeInstanceOf(ValidationError);
        expect(error.idempotencyKey).toBeUndefined();
        expect(error.toJSON()).not.toHaveProperty('idempotencyKey');
        for (const [where, text] of Object.entries(shown(error)))
          for (const secret of [KEY_REST, SIGNATURE]) expect(decode(text), where).not.toContain(secret);
      }
      expect(requests).toHaveLength(0);
    },
  );

  it('a key that is not a UUID is never sent, and stays on the error when it is no secret', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .string({ minLength: 1, maxLength: 60 })
          .filter((s) => !/^[\da-f]{8}-(?:[\da-f]{4}-){3}[\da-f]{12}$/i.test(s)),
        fc.boolean(),
        async (key, charge) => {
          const { client: payments, requests } = client([]);
          const error = await (charge
            ? payments.transactions.create({ amount: 19.9, referenceId: key } as never)
            : payments.cashouts.create({ ...payoutParams, idempotencyKey: key })
          ).catch((e) => e);
          expect(error).toBeInstanceOf(ValidationError);
          expect(requests).toHaveLength(0);
          expect(error.idempotencyKey).toBe(key);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('an answer header named after a secret', () => {
  it('is left out of the error’s headers, so inspect output and toJSON() never show it', async () => {
    const headers = { [`x-echo-${KEY_REST}`]: '1', [`x-${percent(SIGNATURE)}`]: '1', 'x-kept': 'yes' };
    const error = await client([json(500, { message: 'boom' }, headers)])
      .client.transactions.retrieve('9d3b2c1a-5e6f-4a7b-8c9d-0e1f2a3b4c5d')
      .catch((e) => e);
    expect(error.headers.get('x-kept')).toBe('yes');
    // Header names come in lower case: a secret in lower case gives most of it away.
    for (const [where, text] of Object.entries(shown(error)))
      for (const secret of [KEY_REST, SIGNATURE])
        expect(decode(text).toLowerCase(), where).not.toContain(secret.toLowerCase());
  });
});
