/**
 * PaymentsClient refuses an option name it does not take (JavaScript has no compiler to catch
 * `{ timout: 5000 }`), with a PaymentsError naming the one meant, like its other option checks.
 * Per-call options are not checked.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { type ClientOptions, PaymentsClient, PaymentsError } from '../../src/index.js';
import { secretKey } from '../support/secret-arbitraries.js';
import { BASE_URL, json, SECRET_KEY } from './scripted-fetch.js';

/** Every option `ClientOptions` documents, with a value it takes: the compiler keeps it complete. */
const EVERY_OPTION: Required<{ [K in keyof ClientOptions]: Exclude<ClientOptions[K], undefined> }> = {
  secretKey: SECRET_KEY,
  baseUrl: BASE_URL,
  userToken: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJtIn0.c2ln',
  timeout: 5_000,
  maxRetries: 1,
  fetch: async () => json(200, {}),
  logger: console,
  logLevel: 'warn',
  responseValidation: 'strict',
  onResponseIssue: () => {},
  dangerouslyAllowBrowser: false,
};
const NAMES = Object.keys(EVERY_OPTION);

const construct = (options: Record<string, unknown>) => () =>
  new PaymentsClient({ secretKey: SECRET_KEY, baseUrl: BASE_URL, ...options } as ClientOptions);

describe('PaymentsClient options', () => {
  it.each([
    [{ timout: 5000 }, 'Unknown option timout of PaymentsClient; did you mean timeout?'],
    [{ maxRetrys: 3 }, 'Unknown option maxRetrys of PaymentsClient; did you mean maxRetries?'],
    [{ retries: 3 }, 'Unknown option retries of PaymentsClient; did you mean maxRetries?'],
    [{ base_url: BASE_URL }, 'Unknown option base_url of PaymentsClient; did you mean baseUrl?'],
    [{ secret: SECRET_KEY }, 'Unknown option secret of PaymentsClient; did you mean secretKey?'],
    [{ usertoken: 'jwt' }, 'Unknown option usertoken of PaymentsClient; did you mean userToken?'],
    [{ loglevel: 'info' }, 'Unknown option loglevel of PaymentsClient; did you mean logLevel?'],
  ])('%j is a PaymentsError: %s', (options, message) => {
    expect(construct(options)).toThrow(PaymentsError);
    expect(construct(options)).toThrow(message);
  });

  it('a name near none is answered with every name it takes', () => {
    expect(construct({ apiKey: 'x' })).toThrow(
      `Unknown option apiKey of PaymentsClient; it takes ${NAMES.join(', ')}`,
    );
  });

  it('is checked before anything is sent, and before the secret key', () => {
    const fetch = vi.fn(async () => json(200, {}));
    expect(() => new PaymentsClient({ secretKey: 'hunter2', timout: 1, fetch } as ClientOptions)).toThrow(
      /Unknown option timout/,
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('takes every option it documents', async () => {
    const fetch = vi.fn(async () =>
      json(200, { available: 0, pending: 0, currency: 'BRL', updatedAt: '2026-11-21T10:00:00Z' }),
    );
    const client = new PaymentsClient({ ...EVERY_OPTION, fetch });
    await client.balance.retrieve();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('takes undefined for any option, and no options at all (the environment then)', () => {
    vi.stubEnv('PIX_PAYMENTS_SECRET_KEY', SECRET_KEY);
    vi.stubEnv('PIX_PAYMENTS_BASE_URL', BASE_URL);
    try {
      const unset = Object.fromEntries(NAMES.map((name) => [name, undefined]));
      expect(new PaymentsClient(unset).baseUrl).toBe(BASE_URL);
      expect(new PaymentsClient().baseUrl).toBe(BASE_URL);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('does not check per-call options', async () => {
    const fetch = vi.fn(async () =>
      json(200, { available: 0, pending: 0, currency: 'BRL', updatedAt: '2026-11-21T10:00:00Z' }),
    );
    const client = new PaymentsClient({ secretKey: SECRET_KEY, baseUrl: BASE_URL, fetch });
    await client.balance.retrieve({ timeout: 1_000, extra: true } as never);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('refuses any name it does not take, and takes any set of names it does', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 20 }).filter((name) => !NAMES.includes(name)),
        fc.subarray(NAMES),
        (unknown, known) => {
          const options = Object.fromEntries(
            known.map((name) => [name, EVERY_OPTION[name as keyof typeof EVERY_OPTION]]),
          );
          expect(construct(options)).not.toThrow();
          const refused = (() => {
            try {
              construct({ ...options, [unknown]: 1 })();
            } catch (error) {
              return error;
            }
          })() as Error;
          expect(refused).toBeInstanceOf(PaymentsError);
          expect(refused.message).toMatch(/^Unknown option .* of PaymentsClient; (did you mean|it takes) /);
        },
      ),
    );
  });

  it('never quotes a secret passed as a name', () => {
    fc.assert(
      fc.property(secretKey, (key) => {
        expect(construct({ [key]: 1 })).toThrow(/^Unknown option \S*redacted\S* of PaymentsClient/);
        expect(construct({ [key]: 1 })).not.toThrow(key);
      }),
      { numRuns: 50 },
    );
  });
});
