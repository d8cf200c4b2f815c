/**
 * A credential in the wrong place is refused before anything is sent, with a message saying which
 * credential goes where and never the value: a key (`sk_…`, `pk_…`) as the user token, whether
 * given as a string or returned by the token function, and a user token (a JWT) as the secret key.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ClientOptions, PaymentsClient, PaymentsError } from '../../src/index.js';
import { jwt, secretKey } from '../support/secret-arbitraries.js';
import { BASE_URL, json, SECRET_KEY } from './scripted-fetch.js';

const PUBLIC_KEY = `pk_live_prod_${'Publ1c'.repeat(5)}ab`;
const TOKEN = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJtZXJjaGFudF8xIn0.U2lnbmF0dXJlU2lnbmF0dXJl';

const SECRET_AS_TOKEN =
  "looks like a secret key (sk_…): webhook management takes the panel's user token (a JWT); the secret key is for /v1/integrations/*, as secretKey";
const PUBLIC_AS_TOKEN =
  "looks like a public key (pk_…): webhook management takes the panel's user token (a JWT); no call of this API takes the public key";
const TOKEN_AS_SECRET =
  "secretKey looks like a user token (a JWT): /v1/integrations/* takes the secret key (sk_…); the panel's user token is for webhook management, as userToken";

/** A fetch that answers an empty list, and records that it was called. */
const spyFetch = () =>
  vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => json(200, { data: [] }));

/** What `run` threw (synchronously or by rejecting). */
async function thrown(run: () => unknown): Promise<Error> {
  try {
    await run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('nothing was thrown');
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('a key passed as the user token', () => {
  it.each([
    ['a secret key', SECRET_KEY, `userToken ${SECRET_AS_TOKEN}`],
    ['a public key', PUBLIC_KEY, `userToken ${PUBLIC_AS_TOKEN}`],
  ])('%s as a string is refused at construction', async (_, userToken, message) => {
    const fetch = spyFetch();
    const error = await thrown(
      () => new PaymentsClient({ secretKey: SECRET_KEY, baseUrl: BASE_URL, userToken, fetch }),
    );
    expect(error).toBeInstanceOf(PaymentsError);
    expect(error.message).toBe(message);
    expect(error.message).not.toContain(userToken.slice(3));
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([
    ['a secret key', SECRET_KEY, `The token userToken returned ${SECRET_AS_TOKEN}`],
    ['a public key', PUBLIC_KEY, `The token userToken returned ${PUBLIC_AS_TOKEN}`],
  ])('%s returned by the token function is refused before the request is sent', async (_, token, message) => {
    for (const userToken of [() => token, async () => token]) {
      const fetch = spyFetch();
      const client = new PaymentsClient({ secretKey: SECRET_KEY, baseUrl: BASE_URL, userToken, fetch });
      const error = await thrown(() => client.webhooks.list());
      expect(error).toBeInstanceOf(PaymentsError);
      expect(error.message).toBe(message);
      expect(JSON.stringify(error)).not.toContain(token.slice(3));
      expect(fetch).not.toHaveBeenCalled();
    }
  });

  it('a JWT is sent, as a string and from the function', async () => {
    for (const userToken of [TOKEN, () => TOKEN]) {
      const fetch = spyFetch();
      const client = new PaymentsClient({ secretKey: SECRET_KEY, baseUrl: BASE_URL, userToken, fetch });
      await client.webhooks.list();
      expect(fetch).toHaveBeenCalledTimes(1);
      const [input, init] = fetch.mock.calls[0] as [RequestInfo | URL, RequestInit | undefined];
      expect(new Request(input, init).headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    }
  });

  it('any key-shaped user token is refused, its value never quoted', async () => {
    await fc.assert(
      fc.asyncProperty(
        secretKey,
        fc.constantFrom('sk_', 'pk_'),
        fc.boolean(),
        async (key, prefix, asFunction) => {
          const token = prefix + key.slice(3);
          const fetch = spyFetch();
          const error = await thrown(async () => {
            const userToken = asFunction ? async () => token : token;
            await new PaymentsClient({
              secretKey: SECRET_KEY,
              baseUrl: BASE_URL,
              userToken,
              fetch,
            }).webhooks.list();
          });
          expect(error).toBeInstanceOf(PaymentsError);
          expect(error.message).toContain(prefix === 'sk_' ? SECRET_AS_TOKEN : PUBLIC_AS_TOKEN);
          expect(error.message).not.toContain(key.slice(3));
          expect(fetch).not.toHaveBeenCalled();
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('a user token passed as the secret key', () => {
  it('is refused at construction, before anything is sent', async () => {
    const fetch = spyFetch();
    const error = await thrown(() => new PaymentsClient({ secretKey: TOKEN, baseUrl: BASE_URL, fetch }));
    expect(error).toBeInstanceOf(PaymentsError);
    expect(error.message).toBe(TOKEN_AS_SECRET);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('also from PIX_PAYMENTS_SECRET_KEY', () => {
    vi.stubEnv('PIX_PAYMENTS_SECRET_KEY', TOKEN);
    expect(() => new PaymentsClient({ baseUrl: BASE_URL })).toThrow(TOKEN_AS_SECRET);
  });

  it('both swapped: the secret key is named first', () => {
    const swapped = { secretKey: TOKEN, baseUrl: BASE_URL, userToken: SECRET_KEY } satisfies ClientOptions;
    expect(() => new PaymentsClient(swapped)).toThrow(TOKEN_AS_SECRET);
  });

  it('any JWT-shaped secret key is refused, its value never quoted', () => {
    fc.assert(
      fc.property(jwt, (token) => {
        const error = (() => {
          try {
            new PaymentsClient({ secretKey: token, baseUrl: BASE_URL, fetch: spyFetch() });
          } catch (caught) {
            return caught as Error;
          }
        })();
        expect(error).toBeInstanceOf(PaymentsError);
        expect(error?.message).toBe(TOKEN_AS_SECRET);
      }),
      { numRuns: 100 },
    );
  });
});
