/** Time in the mock: an explicit clock, and the expiry of PENDING charges when it moves. */
import { describe, expect, it } from 'vitest';
import { createMockService } from '../../src/mock/index.js';
import { CPF, useMock } from './harness.js';

const HOUR = 3_600_000;
const { mock, api } = useMock({ startAt: '2026-11-21T10:00:00Z', chargeExpirySeconds: 3600 });
const read = async (transactionId: string) =>
  (await api('GET', `/v1/integrations/list-transactions?transactionId=${transactionId}`)).body;

describe('mock.clock', () => {
  it('starts at startAt and stands still until moved', async () => {
    mock.clock.set('2026-11-21T10:00:00Z');
    const { body } = await api('POST', '/v1/integrations/create-transaction', { amount: 10 });
    expect(body.createdAt).toBe('2026-11-21T10:00:00.000Z');
    mock.clock.advance(1500);
    expect(mock.clock.now().toISOString()).toBe('2026-11-21T10:00:01.500Z');
  });

  it('refuses to go back with advance, or to a date that does not exist', () => {
    expect(() => mock.clock.advance(-1)).toThrow(RangeError);
    expect(() => mock.clock.set('next tuesday')).toThrow(RangeError);
  });

  it('stays within years 2000 to 9999: set, advance and startAt beyond are RangeErrors, and nothing moves', () => {
    mock.clock.set('9999-12-31T23:59:59.999Z');
    expect(() => mock.clock.set('+010000-01-01T00:00:00Z')).toThrow(/within years 2000 to 9999/);
    expect(() => mock.clock.set('1999-12-31T23:59:59.999Z')).toThrow(RangeError);
    expect(() => mock.clock.set(0)).toThrow(RangeError);
    expect(() => mock.clock.advance(1)).toThrow(/within years 2000 to 9999/);
    expect(mock.clock.now().toISOString()).toBe('9999-12-31T23:59:59.999Z');
    expect(() => createMockService({ startAt: '1970-01-01T00:00:00Z' })).toThrow(RangeError);
  });
});

describe('charge expiry', () => {
  it('cancels a PENDING charge when the clock reaches an hour after its creation, and not before', async () => {
    mock.clock.set('2026-11-21T10:00:00Z');
    const { body } = await api('POST', '/v1/integrations/create-transaction', { amount: 10 });
    mock.clock.set('2026-11-21T10:59:59Z');
    expect((await read(body.transactionId)).status).toBe('PENDING');
    mock.clock.advance(1000);
    expect(await read(body.transactionId)).toMatchObject({
      status: 'CANCELLED',
      updatedAt: '2026-11-21T11:00:00.000Z',
    });
    expect(() => mock.simulate.payCharge(body.transactionId)).toThrow(/cannot become COMPLETED/);
  });

  it('happens when time moves, not when a request arrives', async () => {
    mock.clock.set('2026-11-21T10:00:00Z');
    const { body } = await api('POST', '/v1/integrations/create-transaction', { amount: 10 });
    for (let i = 0; i < 3; i++) expect((await read(body.transactionId)).status).toBe('PENDING');
    mock.clock.advance(HOUR);
    expect(mock.state.records()[0]?.status).toBe('CANCELLED');
  });

  it('leaves paid charges and payouts alone', async () => {
    mock.clock.set('2026-11-21T10:00:00Z');
    const paid = (await api('POST', '/v1/integrations/create-transaction', { amount: 10 })).body;
    mock.simulate.payCharge(paid.transactionId);
    await api('POST', '/v1/integrations/create-cashout', { amount: 10, pixKey: CPF, pixKeyType: 'CPF' });
    mock.clock.advance(2 * HOUR);
    expect(mock.state.records().map((r) => r.status)).toEqual(['COMPLETED', 'COMPLETED']);
  });

  it('can be driven over HTTP: POST /__mock/clock', async () => {
    mock.clock.set('2026-11-21T10:00:00Z');
    const { body } = await api('POST', '/v1/integrations/create-transaction', { amount: 10 });
    const moved = await api('POST', '/__mock/clock', { advanceMs: HOUR });
    expect(moved.body).toEqual({ now: '2026-11-21T11:00:00.000Z' });
    expect((await read(body.transactionId)).status).toBe('CANCELLED');
    expect((await api('POST', '/__mock/clock', { set: '2026-11-21T09:00:00Z' })).body.now).toBe(
      '2026-11-21T09:00:00.000Z',
    );
    for (const bad of [
      {},
      { advanceMs: -1 },
      { set: 'yesterday' },
      { advanceMs: 1, set: '2026-11-21T09:00:00Z' },
    ]) {
      expect((await api('POST', '/__mock/clock', bad)).status, JSON.stringify(bad)).toBe(422);
    }
  });
});

describe('the clock and timestamps', () => {
  it('dates every record by the clock and filters dates on createdAt (UTC)', async () => {
    mock.clock.set('2026-11-20T23:59:59Z');
    await api('POST', '/v1/integrations/create-transaction', { amount: 1 });
    mock.clock.set('2026-11-21T00:00:00Z');
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
