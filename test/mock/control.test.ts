/** Scenario control over HTTP under /__mock/, for curl and clients in any language. */
import { describe, expect, it } from 'vitest';
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
