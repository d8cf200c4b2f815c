/** "Hostile input" of docs/service-behaviour.md: bodies a hostile client writes are a 4xx, never a 500. */
import { describe, expect, it } from 'vitest';
import { CPF, caller, useMock } from './harness.js';

const { mock, api } = useMock();
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];

/** Sends JSON text as written, so that `__proto__` stays a key and `1e400` a number. */
const raw = (call: ReturnType<typeof caller>, path: string, text: string) =>
  call('POST', path, undefined, text);

describe('a body key named after an Object.prototype member', () => {
  const bodies = {
    '/v1/integrations/create-transaction': '"amount":10',
    '/v1/integrations/create-cashout': `"amount":100,"pixKey":"${CPF}","pixKeyType":"CPF"`,
    '/v1/user/webhooks': '"url":"http://127.0.0.1:9/hook","events":["transaction.completed"]',
  };

  it.each(Object.entries(bodies))(
    'is an unknown field on %s: 422 naming it, nothing created',
    async (path, valid) => {
      const call = path.startsWith('/v1/user') ? caller(mock.baseUrl, await mock.issueUserToken()) : api;
      for (const key of PROTOTYPE_KEYS) {
        const reply = await raw(call, path, `{${valid},"${key}":{"${key}":1}}`);
        expect([reply.status, reply.body.code], key).toEqual([422, 'VALIDATION_ERROR']);
        expect(Object.keys(reply.body.errors), key).toEqual([key]);
      }
      expect(mock.state.records()).toHaveLength(0);
      expect(mock.state.subscriptions()).toHaveLength(0);
    },
  );
});

describe('amounts a hostile client writes', () => {
  it.each(['1e400', '-1e400', '9e13', '1000000.01', '0.001', '"10"', 'null'])(
    'answers 422 for a charge of %s, and keeps the balance answerable',
    async (amount) => {
      const reply = await raw(api, '/v1/integrations/create-transaction', `{"amount":${amount}}`);
      expect(reply.status).toBe(422);
      expect((await api('GET', '/v1/integrations/balance')).status).toBe(200);
      expect(mock.state.records()).toHaveLength(0);
    },
  );

  it('takes a charge of 1,000,000.00, the largest the service documents', async () => {
    expect((await api('POST', '/v1/integrations/create-transaction', { amount: 1_000_000 })).status).toBe(
      201,
    );
  });
});
