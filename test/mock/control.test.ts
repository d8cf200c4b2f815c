/** Scenario control over HTTP under /__mock/, for curl and clients in any language. */
import { describe, expect, it } from 'vitest';
import { createMockService, startMockServer } from '../../src/mock-entry.js';
import { caller, useMock } from './harness.js';

const { mock, api } = useMock();
const control = () => caller(mock.baseUrl);

describe('/__mock/charges/{id}/{action}', () => {
  it('pays a charge; a second pay is a 409, an unknown action a 404', async () => {
    const { body } = await api('POST', '/v1/integrations/create-transaction', { amount: 10 });
    const paid = await control()('POST', `/__mock/charges/${body.transactionId}/pay`);
    expect([paid.status, paid.body.status]).toEqual([200, 'COMPLETED']);
    const again = await control()('POST', `/__mock/charges/${body.transactionId}/pay`);
    expect([again.status, again.body.code]).toEqual([409, 'INVALID_TRANSITION']);
    expect((await control()('POST', `/__mock/charges/${body.transactionId}/explode`)).status).toBe(404);
  });
});

describe('/__mock/user-tokens', () => {
  it('mints a user JWT for the default merchant, or a named one; 404 for an unknown merchant, 400 for bad JSON', async () => {
    expect((await control()('POST', '/__mock/user-tokens')).body.token).toMatch(/^ey/);
    const named = await control()('POST', '/__mock/user-tokens', { merchantId: mock.merchants[0]?.id });
    expect(named.status).toBe(201);
    expect((await control()('POST', '/__mock/user-tokens', { merchantId: 'nobody' })).status).toBe(404);
    expect((await control()('POST', '/__mock/user-tokens', undefined, '{')).status).toBe(400);
  });
});

describe('/__mock/state', () => {
  it('answers the time, the balances, the record count and the delivery log', async () => {
    await api('POST', '/v1/integrations/create-transaction', { amount: 10 });
    const state = await control()('GET', '/__mock/state');
    expect(state.body).toEqual({
      now: mock.clock.now().toISOString(),
      balances: [{ merchantId: mock.merchants[0]?.id, available: 10000, pending: 0 }],
      records: 1,
      deliveries: [],
    });
  });
});

describe('scenario control validates its input like every endpoint (4xx, never 500)', () => {
  it('answers 422 for POST /__mock/faults with times "x", and injects nothing', async () => {
    const reply = await control()('POST', '/__mock/faults', { route: 'balance', kind: 'drop', times: 'x' });
    expect([reply.status, reply.body.code, Object.keys(reply.body.errors)]).toEqual([
      422,
      'VALIDATION_ERROR',
      ['times'],
    ]);
    expect(mock.faults.pending).toBe(0);
  });

  it('answers 404 for an action named after an Object.prototype member', async () => {
    const { body } = await api('POST', '/v1/integrations/create-transaction', { amount: 10 });
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const reply = await control()('POST', `/__mock/charges/${body.transactionId}/${name}`);
      expect([reply.status, reply.body.code], name).toEqual([404, 'NOT_FOUND']);
    }
  });

  it('answers 422 for a clock move past 9999 (or past what a Date holds), and leaves the clock alone', async () => {
    const before = mock.clock.now().toISOString();
    const reply = await control()('POST', '/__mock/clock', { advanceMs: 1e300 });
    expect([reply.status, Object.keys(reply.body.errors)]).toEqual([422, ['advanceMs']]);
    expect(mock.clock.now().toISOString()).toBe(before);
  });

  it('answers 422 naming set for a time outside years 2000 to 9999 (an offset included), and leaves the clock alone', async () => {
    const before = mock.clock.now().toISOString();
    for (const set of [
      '9999-12-31T23:59:59-23:59',
      '1999-12-31T23:59:59.999Z',
      '2000-01-01T00:30:00+01:00',
    ]) {
      const reply = await control()('POST', '/__mock/clock', { set });
      expect([reply.status, reply.body.code, Object.keys(reply.body.errors)], set).toEqual([
        422,
        'VALIDATION_ERROR',
        ['set'],
      ]);
      expect(reply.body.message).toContain('set: must be a time within years 2000 to 9999');
    }
    expect(mock.clock.now().toISOString()).toBe(before);
    const first = await control()('POST', '/__mock/clock', { set: '2000-01-01T00:00:00Z' });
    const last = await control()('POST', '/__mock/clock', { set: '9999-12-31T23:59:59.999Z' });
    expect([first.body.now, last.body.now]).toEqual(['2000-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z']);
  });

  it('/__mock/user-tokens takes no body at all, and refuses a body not sent as JSON with 415', async () => {
    const post = (init: RequestInit) =>
      fetch(`${mock.baseUrl}/__mock/user-tokens`, { method: 'POST', ...init });
    expect((await post({})).status).toBe(201);
    const text = await post({
      body: '{"merchantId":"merchant_1"}',
      headers: { 'content-type': 'text/plain' },
    });
    expect([text.status, (await text.json()).code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
  });
});

describe('/__mock/payouts/{id}/approve', () => {
  it('runs a PENDING payout of a manual-approval account to COMPLETED; a second approve is a 409', async () => {
    const manual = await startMockServer({ merchants: [{ id: 'shop', manualApproval: true }] });
    try {
      const payout = await caller(manual.url, manual.service.secretKey)(
        'POST',
        '/v1/integrations/create-cashout',
        {
          amount: 50,
          pixKey: 'someone@pix.test',
          pixKeyType: 'EMAIL',
        },
      );
      expect(payout.body.status).toBe('PENDING');
      const approved = await caller(manual.url)(
        'POST',
        `/__mock/payouts/${payout.body.transactionId}/approve`,
      );
      expect([approved.status, approved.body.status]).toEqual([200, 'COMPLETED']);
      const again = await caller(manual.url)('POST', `/__mock/payouts/${payout.body.transactionId}/approve`);
      expect([again.status, again.body.code]).toEqual([409, 'INVALID_TRANSITION']);
    } finally {
      await manual.close();
    }
  });
});

describe('DELETE /__mock/faults', () => {
  it('clears every pending fault', async () => {
    mock.faults.inject({ route: 'balance', kind: 'drop', times: 3 });
    const reply = await control()('DELETE', '/__mock/faults');
    expect([reply.status, mock.faults.pending]).toEqual([204, 0]);
    expect((await api('GET', '/v1/integrations/balance')).status).toBe(200);
  });
});

describe('/__mock/deliveries/{deliveryId}/resend', () => {
  it('answers 404 for a delivery the log does not hold', async () => {
    const reply = await control()('POST', `/__mock/deliveries/${crypto.randomUUID()}/resend`);
    expect([reply.status, reply.body.code]).toEqual([404, 'NOT_FOUND']);
  });
});

describe('balances at the edge of exact cents', () => {
  const huge = useMock({
    baseUrl: 'https://huge.pix-mock.test',
    merchants: [{ initialBalanceCents: Number.MAX_SAFE_INTEGER - 100 }],
  });

  it('refuses a move that would leave exact cents (422), so balance and /__mock/state still answer 200', async () => {
    const { body } = await huge.api('POST', '/v1/integrations/create-transaction', { amount: 1000 });
    const paid = await caller(huge.mock.baseUrl)('POST', `/__mock/charges/${body.transactionId}/pay`);
    expect([paid.status, paid.body.code]).toEqual([422, 'BALANCE_LIMIT_EXCEEDED']);
    expect(huge.mock.state.records()[0]?.status).toBe('PENDING');
    expect((await huge.api('GET', '/v1/integrations/balance')).status).toBe(200);
    expect((await caller(huge.mock.baseUrl)('GET', '/__mock/state')).status).toBe(200);
  });

  it('refuses sums of cents that are not safe integers as options (TypeError)', () => {
    expect(() => createMockService({ merchants: [{ initialBalanceCents: 2 ** 60 }] })).toThrow(TypeError);
    expect(() => createMockService({ merchants: [{ cashInFeeCents: 1.5 }] })).toThrow(/cashInFeeCents/);
    expect(() => createMockService({ payoutFeeCents: -1 })).toThrow(/payoutFeeCents/);
  });
});
