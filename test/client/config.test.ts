import { afterEach, describe, expect, it, vi } from 'vitest';
import { PaymentsClient, PaymentsError } from '../../src/index.js';
import { BASE_URL, clientWith, json, SECRET_KEY } from './scripted-fetch.js';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('configuration', () => {
  it('falls back to PIX_PAYMENTS_SECRET_KEY and PIX_PAYMENTS_BASE_URL', () => {
    vi.stubEnv('PIX_PAYMENTS_SECRET_KEY', SECRET_KEY);
    vi.stubEnv('PIX_PAYMENTS_BASE_URL', 'https://env.psp.test/');
    expect(new PaymentsClient().baseUrl).toBe('https://env.psp.test');
  });

  it.each([
    [{ baseUrl: BASE_URL }, /Missing secret key: pass \{ secretKey \} or set PIX_PAYMENTS_SECRET_KEY/],
    [{ secretKey: 'pk_live_prod_abcdefghijklmnopqrstuvwxyz123456', baseUrl: BASE_URL }, /public key/],
    [{ secretKey: 'hunter2', baseUrl: BASE_URL }, /Malformed secret key/],
    [{ secretKey: SECRET_KEY }, /Missing base URL/],
    [{ secretKey: SECRET_KEY, baseUrl: 'not a url' }, /not a valid URL/],
    [{ secretKey: SECRET_KEY, baseUrl: 'http://api.psp.test' }, /must use https:\/\//],
    [{ secretKey: SECRET_KEY, baseUrl: BASE_URL, timeout: 0 }, /timeout must be a number >= 1/],
    [{ secretKey: SECRET_KEY, baseUrl: BASE_URL, maxRetries: -1 }, /maxRetries/],
  ])('refuses %j with a clear error', (options, message) => {
    vi.stubEnv('PIX_PAYMENTS_SECRET_KEY', '');
    vi.stubEnv('PIX_PAYMENTS_BASE_URL', '');
    expect(() => new PaymentsClient(options)).toThrow(PaymentsError);
    expect(() => new PaymentsClient(options)).toThrow(message);
  });

  it.each(['http://localhost:4010', 'http://127.0.0.1:4010', 'http://[::1]:4010'])(
    'allows plain http on loopback: %s',
    (baseUrl) => {
      expect(new PaymentsClient({ secretKey: SECRET_KEY, baseUrl }).baseUrl).toBe(baseUrl);
    },
  );

  it('refuses to run in a browser unless dangerouslyAllowBrowser', () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    expect(() => new PaymentsClient({ secretKey: SECRET_KEY, baseUrl: BASE_URL })).toThrow(
      /refuses to run in a browser/,
    );
    expect(
      new PaymentsClient({ secretKey: SECRET_KEY, baseUrl: BASE_URL, dangerouslyAllowBrowser: true }),
    ).toBeInstanceOf(PaymentsClient);
  });

  it('looks up globalThis.fetch per call', async () => {
    const client = new PaymentsClient({ secretKey: SECRET_KEY, baseUrl: BASE_URL });
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      calls.push(String(input instanceof Request ? input.url : input));
      return json(200, { available: 0, pending: 0, currency: 'BRL', updatedAt: '2026-11-21T10:00:00Z' });
    });
    await client.balance.retrieve();
    expect(calls).toEqual([`${BASE_URL}/v1/integrations/balance`]);
  });

  it('sends the secret key as a Bearer credential, and per-call headers', async () => {
    const { client, requests } = clientWith([
      json(200, { available: 0, pending: 0, currency: 'BRL', updatedAt: '2026-11-21T10:00:00Z' }),
    ]);
    await client.balance.retrieve({ headers: { 'x-trace-id': 'abc', authorization: 'Bearer other' } });
    expect(requests[0]?.headers.get('authorization')).toBe(`Bearer ${SECRET_KEY}`);
    expect(requests[0]?.headers.get('x-trace-id')).toBe('abc');
  });
});

describe('user token for webhook management', () => {
  const list = { data: [] };

  it('is required before anything is sent', async () => {
    const { client, requests } = clientWith([]);
    await expect(client.webhooks.list()).rejects.toThrow(/needs a user token/);
    expect(requests).toHaveLength(0);
  });

  it('may be a string or a function, called per request (so it can be refreshed)', async () => {
    let n = 0;
    const { client, requests } = clientWith([json(200, list), json(200, list)], {
      userToken: async () => `jwt-${++n}`,
    });
    await client.webhooks.list();
    await client.webhooks.list();
    expect(requests.map((r) => r.headers.get('authorization'))).toEqual(['Bearer jwt-1', 'Bearer jwt-2']);
  });
});
