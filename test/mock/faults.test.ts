/** Fault injection: one name per endpoint (or `*`), for the next N calls. */
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/mock/index.js';
import { CPF, caller, useMock } from './harness.js';

const { mock, api } = useMock();
const payout = () =>
  api('POST', '/v1/integrations/create-cashout', { amount: 100, pixKey: CPF, pixKeyType: 'CPF' });
const control = () => caller(mock.baseUrl);

describe('fault injection', () => {
  it('fails the next N calls of an endpoint with a 5xx, then recovers', async () => {
    mock.faults.inject({ route: 'create-cashout', kind: 'status', status: 503, times: 2 });
    expect((await payout()).status).toBe(503);
    expect((await payout()).status).toBe(503);
    expect((await payout()).status).toBe(201);
    expect(mock.state.records()).toHaveLength(1);
  });

  it('answers 429 RATE_LIMITED with Retry-After', async () => {
    mock.faults.inject({ route: 'balance', kind: 'rate-limit', retryAfterSeconds: 7 });
    const reply = await api('GET', '/v1/integrations/balance');
    expect([reply.status, reply.body.code, reply.headers.get('retry-after')]).toEqual([
      429,
      'RATE_LIMITED',
      '7',
    ]);
  });

  it('drops the connection', async () => {
    mock.faults.inject({ route: 'balance', kind: 'drop' });
    await expect(api('GET', '/v1/integrations/balance')).rejects.toThrow();
  });

  it('answers a malformed body on every endpoint with *', async () => {
    mock.faults.inject({ route: '*', kind: 'malformed' });
    const reply = await api('GET', '/v1/integrations/balance');
    expect(reply.status).toBe(200);
    expect(typeof reply.body).toBe('string');
  });

  it('adds latency', async () => {
    mock.faults.inject({ route: 'balance', kind: 'latency', ms: 120 });
    const started = performance.now();
    expect((await api('GET', '/v1/integrations/balance')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);
  });

  it('refuses a latency over 10 minutes (422 naming ms), over HTTP and in process, and injects nothing', async () => {
    for (const ms of [600_001, 2 ** 31, 1e300]) {
      const reply = await control()('POST', '/__mock/faults', { route: 'balance', kind: 'latency', ms });
      expect([reply.status, reply.body.code, Object.keys(reply.body.errors)], String(ms)).toEqual([
        422,
        'VALIDATION_ERROR',
        ['ms'],
      ]);
      expect(reply.body.message).toContain('ms: must be at most 600000');
    }
    expect(() => mock.faults.inject({ route: 'balance', kind: 'latency', ms: 2 ** 31 })).toThrow(TypeError);
    expect(mock.faults.pending).toBe(0);
    const longest = await control()('POST', '/__mock/faults', {
      route: 'balance',
      kind: 'latency',
      ms: 600_000,
    });
    expect(longest.status).toBe(201);
  });

  it('can lose the answer after handling the request (after: true)', async () => {
    mock.faults.inject({ route: 'create-cashout', kind: 'drop', after: true });
    await expect(payout()).rejects.toThrow();
    expect(mock.state.records()).toHaveLength(1);
  });
});

describe('the webhook-management endpoints', () => {
  const id = crypto.randomUUID();
  const endpoints = [
    ['list-webhook-events', 'GET', '/v1/user/webhooks/events'],
    ['create-webhook', 'POST', '/v1/user/webhooks'],
    ['list-webhooks', 'GET', '/v1/user/webhooks'],
    ['get-webhook', 'GET', `/v1/user/webhooks/${id}`],
    ['update-webhook', 'PATCH', `/v1/user/webhooks/${id}`],
    ['delete-webhook', 'DELETE', `/v1/user/webhooks/${id}`],
    ['revalidate-webhook', 'POST', `/v1/user/webhooks/${id}/revalidate`],
  ] as const;
  const bodyFor = (method: string) => (method === 'GET' ? undefined : {});

  it.each(endpoints)('%s is a fault target of its own (%s %s)', async (name, method, path) => {
    expect(ROUTES).toContain(name);
    const user = caller(mock.baseUrl, await mock.issueUserToken());
    mock.faults.inject({ route: name, kind: 'status', status: 503 });
    for (const [other, otherMethod, otherPath] of endpoints) {
      if (other !== name)
        expect((await user(otherMethod, otherPath, bodyFor(otherMethod))).status, other).not.toBe(503);
    }
    expect((await user(method, path, bodyFor(method))).status).toBe(503);
    expect(mock.faults.pending).toBe(0);
  });
});

describe('an unknown fault', () => {
  it('is a TypeError from mock.faults.inject, naming the field', () => {
    // @ts-expect-error 'webhooks' was one name for seven endpoints; each has its own now
    expect(() => mock.faults.inject({ route: 'webhooks', kind: 'drop' })).toThrow(
      /Invalid fault rule: route/,
    );
    // @ts-expect-error an unknown kind
    expect(() => mock.faults.inject({ route: 'balance', kind: 'explode' })).toThrow(/kind/);
    expect(() => mock.faults.inject({ route: 'balance', kind: 'drop', times: 0 })).toThrow(/times/);
    expect(mock.faults.pending).toBe(0);
  });

  it('is a 422 VALIDATION_ERROR from POST /__mock/faults, naming the field and the known names', async () => {
    const reply = await control()('POST', '/__mock/faults', { route: 'webhooks', kind: 'drop' });
    expect([reply.status, reply.body.code]).toEqual([422, 'VALIDATION_ERROR']);
    expect(reply.body.errors.route[0]).toContain('"get-webhook"');
    const kind = await control()('POST', '/__mock/faults', { route: 'balance', kind: 'explode' });
    expect(Object.keys(kind.body.errors)).toEqual(['kind']);
    expect((await control()('POST', '/__mock/faults', undefined, '{')).status).toBe(400);
    expect(mock.faults.pending).toBe(0);
  });

  it('is accepted over HTTP under its new name', async () => {
    const reply = await control()('POST', '/__mock/faults', { route: 'list-webhooks', kind: 'status' });
    expect([reply.status, reply.body]).toEqual([201, { pending: 1 }]);
  });
});
