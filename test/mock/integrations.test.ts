import { describe, expect, it } from 'vitest';
import { TransactionList } from '../../src/schemas/list.js';
import { safeParseWith } from '../../src/schemas/parse.js';
import { caller, useMock } from './harness.js';

const { mock, api } = useMock({ merchants: [{ id: 'shop' }, { id: 'rival' }] });
const rival = () => caller(mock.baseUrl, mock.merchants[1]?.secretKey);
const charge = (body: Record<string, unknown> = {}) =>
  api('POST', '/v1/integrations/create-transaction', { amount: 19.9, ...body });

describe('authentication on /v1/integrations/*', () => {
  it('answers 401 UNAUTHENTICATED without a credential or with an unknown key', async () => {
    for (const credential of [undefined, 'sk_live_prod_unknownunknownunknownunknown12']) {
      const reply = await caller(mock.baseUrl, credential)('GET', '/v1/integrations/balance');
      expect(reply.status).toBe(401);
      expect(reply.body).toMatchObject({ code: 'UNAUTHENTICATED', message: expect.any(String) });
    }
  });

  it('refuses a public key with 403 FORBIDDEN', async () => {
    const reply = await caller(mock.baseUrl, mock.publicKey)('GET', '/v1/integrations/balance');
    expect(reply.status).toBe(403);
    expect(reply.body.code).toBe('FORBIDDEN');
  });

  it('refuses a user token on the integration endpoints', async () => {
    const reply = await caller(mock.baseUrl, await mock.issueUserToken())('GET', '/v1/integrations/balance');
    expect(reply.status).toBe(401);
  });

  it('puts X-Request-Id on every answer, errors included', async () => {
    const replies = [
      await api('GET', '/v1/integrations/balance'),
      await caller(mock.baseUrl)('GET', '/v1/integrations/balance'),
      await charge({ amount: -1 }),
    ];
    for (const reply of replies) expect(reply.headers.get('x-request-id')).toMatch(/^req_[A-Za-z0-9]{24}$/);
  });
});

describe('balance', () => {
  it('answers available, pending, currency and updatedAt', async () => {
    const reply = await api('GET', '/v1/integrations/balance');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      available: 10000,
      pending: 0,
      currency: 'BRL',
      updatedAt: expect.any(String),
    });
  });
});

describe('list-transactions', () => {
  it('answers a single record by transactionId, 404 for an unknown one, 403 for another merchant', async () => {
    const { body } = await charge();
    expect(
      (await api('GET', `/v1/integrations/list-transactions?transactionId=${body.transactionId}`)).body,
    ).toEqual(body);
    const unknown = await api(
      'GET',
      `/v1/integrations/list-transactions?transactionId=${crypto.randomUUID()}`,
    );
    expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);
    const foreign = await rival()(
      'GET',
      `/v1/integrations/list-transactions?transactionId=${body.transactionId}`,
    );
    expect([foreign.status, foreign.body.code]).toEqual([403, 'FORBIDDEN']);
  });

  it('pages newest first with meta, 15 per page by default', async () => {
    for (let i = 1; i <= 17; i++) await charge({ amount: i });
    const first = await api('GET', '/v1/integrations/list-transactions');
    expect(safeParseWith(TransactionList, first.body).success).toBe(true);
    expect(first.body.meta).toEqual({
      current_page: 1,
      per_page: 15,
      total: 17,
      last_page: 2,
      from: 1,
      to: 15,
    });
    expect(first.body.data[0].amount).toBe(17);
    const second = await api('GET', '/v1/integrations/list-transactions?page=2');
    expect(second.body.data.map((t: { amount: number }) => t.amount)).toEqual([2, 1]);
    expect(second.body.meta).toMatchObject({ from: 16, to: 17 });
    const empty = await api('GET', '/v1/integrations/list-transactions?page=3');
    expect(empty.body).toEqual({
      data: [],
      meta: { current_page: 3, per_page: 15, total: 17, last_page: 2, from: null, to: null },
    });
  });

  it('filters by type, status, origin, id and dates', async () => {
    const paid = await charge({ amount: 1 });
    await charge({ amount: 2 });
    mock.simulate.payCharge(paid.body.transactionId);
    await api('POST', '/v1/integrations/create-cashout', { amount: 10, pixKey: CPF_KEY, pixKeyType: 'CPF' });
    const list = async (query: string) =>
      (await api('GET', `/v1/integrations/list-transactions?${query}`)).body.data.map(
        (t: { amount: number }) => t.amount,
      );
    expect(await list('type=CASHIN')).toEqual([2, 1]);
    expect(await list('type=CASHIN&status=COMPLETED')).toEqual([1]);
    expect(await list('status=COMPLETED')).toEqual([10, 1]);
    expect(await list('origin=API&type=CASHOUT')).toEqual([10]);
    expect(await list('origin=PAINEL')).toEqual([]);
    expect(await list(`id=${paid.body.id}`)).toEqual([1]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await list(`date_from=${today}&date_to=${today}`)).toHaveLength(3);
    expect(await list('date_to=2000-01-01')).toEqual([]);
  });

  it('answers 422 for per_page over 100 or a bad filter, a day that does not exist included', async () => {
    const queries = ['per_page=101', 'page=0', 'status=PAID', 'date_from=yesterday', 'date_from=2026-02-31'];
    for (const query of [...queries, 'date_to=2025-02-29']) {
      const reply = await api('GET', `/v1/integrations/list-transactions?${query}`);
      expect(reply.status, query).toBe(422);
      expect(reply.body.code).toBe('VALIDATION_ERROR');
    }
  });

  it('never shows another merchant records', async () => {
    await charge();
    const theirs = await rival()('GET', '/v1/integrations/list-transactions');
    expect(theirs.body.data).toEqual([]);
  });
});

const CPF_KEY = '52998224725';
