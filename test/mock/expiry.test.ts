import { describe, expect, it } from 'vitest';
import { useMock } from './harness.js';

let now = new Date('2026-11-21T10:00:00Z');
const { mock, api } = useMock({ now: () => now, chargeExpirySeconds: 3600 });

describe('charge expiry', () => {
  it('cancels a PENDING charge an hour after its creation, and not before', async () => {
    now = new Date('2026-11-21T10:00:00Z');
    const { body } = await api('POST', '/v1/integrations/create-transaction', { amount: 10 });
    now = new Date('2026-11-21T10:59:59Z');
    const read = () => api('GET', `/v1/integrations/list-transactions?transactionId=${body.transactionId}`);
    expect((await read()).body.status).toBe('PENDING');
    now = new Date('2026-11-21T11:00:00Z');
    expect((await read()).body).toMatchObject({ status: 'CANCELLED', updatedAt: '2026-11-21T11:00:00.000Z' });
    expect(() => mock.simulate.payCharge(body.transactionId)).toThrow(/cannot become COMPLETED/);
  });

  it('uses the clock for every timestamp and filters dates on createdAt (UTC)', async () => {
    now = new Date('2026-11-20T23:59:59Z');
    await api('POST', '/v1/integrations/create-transaction', { amount: 1 });
    now = new Date('2026-11-21T00:00:00Z');
    await api('POST', '/v1/integrations/create-transaction', { amount: 2 });
    const amounts = async (query: string) =>
      (await api('GET', `/v1/integrations/list-transactions?${query}`)).body.data.map(
        (t: { amount: number }) => t.amount,
      );
    expect(await amounts('date_from=2026-11-21')).toEqual([2]);
    expect(await amounts('date_to=2026-11-20')).toEqual([1]);
    expect(await amounts('date_from=2026-11-20&date_to=2026-11-21')).toEqual([2, 1]);
  });
});
