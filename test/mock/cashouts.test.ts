import { describe, expect, it } from 'vitest';
import { CreateCashoutResponse } from '../../src/schemas/cashout.js';
import { safeParseWith } from '../../src/schemas/parse.js';
import { CPF, caller, useMock } from './harness.js';

const { mock, api } = useMock({
  merchants: [
    { id: 'shop' },
    { id: 'manual', manualApproval: true },
    { id: 'poor', initialBalanceCents: 1000 },
  ],
});
const as = (index: number) => caller(mock.baseUrl, mock.merchants[index]?.secretKey);
const payout = (body: Record<string, unknown> = {}, call = api) =>
  call('POST', '/v1/integrations/create-cashout', { amount: 100, pixKey: CPF, pixKeyType: 'CPF', ...body });

describe('create-cashout', () => {
  it('answers the PENDING record with the 5.00 fee, finalAmount and _info, then processes it', async () => {
    const reply = await payout({ amount: 100.5 });
    expect(reply.status).toBe(201);
    expect(safeParseWith(CreateCashoutResponse, reply.body).success).toBe(true);
    expect(reply.body).toMatchObject({
      status: 'PENDING',
      type: 'CASHOUT',
      amount: 100.5,
      feeAmount: 5,
      finalAmount: 95.5,
      pixKey: CPF,
      pixKeyType: 'CPF',
      _info: expect.any(String),
    });
    const read = await api('GET', `/v1/integrations/cashout/${reply.body.transactionId}`);
    expect(read.body.status).toBe('COMPLETED');
    expect(read.body.endToEndId).toMatch(/^E99999999\d{12}[A-Za-z0-9]{11}$/);
    expect(read.body.endToEndId).toHaveLength(32);
  });

  it('takes the whole amount from the available balance', async () => {
    await payout({ amount: 100.5 });
    expect(mock.state.balance()).toEqual({ availableCents: 1_000_000 - 10_050, pendingCents: 0 });
  });

  it('normalises a formatted key', async () => {
    expect((await payout({ pixKey: '529.982.247-25' })).body.pixKey).toBe(CPF);
  });

  it.each([5, 4.99, 0.01])('answers 422 AMOUNT_BELOW_FEE for %s', async (amount) => {
    const reply = await payout({ amount });
    expect([reply.status, reply.body.code]).toEqual([422, 'AMOUNT_BELOW_FEE']);
  });

  it('answers 422 VALIDATION_ERROR for a bad key, type or amount, naming the field', async () => {
    for (const [body, field] of [
      [{ pixKey: '52998224724' }, 'pixKey'],
      [{ pixKeyType: 'IBAN' }, 'pixKeyType'],
      [{ amount: 1_000_000.01 }, 'amount'],
      [{ idempotencyKey: 'nope' }, 'idempotencyKey'],
    ] as const) {
      const reply = await payout(body);
      expect(reply.status).toBe(422);
      expect(reply.body.code).toBe('VALIDATION_ERROR');
      expect(Object.keys(reply.body.errors)).toContain(field);
    }
  });

  it('answers 422 INSUFFICIENT_BALANCE and never goes negative', async () => {
    const reply = await payout({ amount: 10.01 }, as(2));
    expect([reply.status, reply.body.code]).toEqual([422, 'INSUFFICIENT_BALANCE']);
    expect(mock.state.balance('poor').availableCents).toBe(1000);
    expect((await payout({ amount: 10 }, as(2))).status).toBe(201);
    expect(mock.state.balance('poor').availableCents).toBe(0);
  });

  it('replays the same idempotencyKey with 200 and debits once; another body is a 409', async () => {
    const idempotencyKey = crypto.randomUUID();
    const first = await payout({ idempotencyKey });
    const again = await payout({ idempotencyKey });
    expect(again.status).toBe(200);
    expect(again.body.transactionId).toBe(first.body.transactionId);
    expect(mock.state.balance().availableCents).toBe(1_000_000 - 10_000);
    const reused = await payout({ idempotencyKey, amount: 200 });
    expect([reused.status, reused.body.code]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
  });

  it('fails a payout to fail@pix.test and gives the whole amount back', async () => {
    const { body } = await payout({ pixKey: 'fail@pix.test', pixKeyType: 'EMAIL' });
    expect((await api('GET', `/v1/integrations/cashout/${body.id}`)).body.status).toBe('FAILED');
    expect(mock.state.balance().availableCents).toBe(1_000_000);
  });

  it('reverses a payout to reverse@pix.test after completing it, keeping the fee', async () => {
    const { body } = await payout({ pixKey: 'reverse@pix.test', pixKeyType: 'EMAIL' });
    expect((await api('GET', `/v1/integrations/cashout/${body.id}`)).body.status).toBe('REVERSED');
    expect(mock.state.balance().availableCents).toBe(1_000_000 - 500);
  });
});

describe('cashout/{id} and the cashout list', () => {
  it('reads a payout by UUID or legacy integer id', async () => {
    const { body } = await payout();
    const byUuid = await api('GET', `/v1/integrations/cashout/${body.transactionId}`);
    const byId = await api('GET', `/v1/integrations/cashout/${body.id}`);
    expect(byUuid.body).toEqual(byId.body);
    expect(byId.body.id).toBe(body.id);
  });

  it('answers 404 for a charge id or an unknown id, 403 for another merchant', async () => {
    const charge = await api('POST', '/v1/integrations/create-transaction', { amount: 10 });
    expect((await api('GET', `/v1/integrations/cashout/${charge.body.transactionId}`)).status).toBe(404);
    expect((await api('GET', '/v1/integrations/cashout/999')).status).toBe(404);
    const { body } = await payout();
    expect((await as(1)('GET', `/v1/integrations/cashout/${body.id}`)).status).toBe(403);
  });

  it('lists payouts only, with meta', async () => {
    await api('POST', '/v1/integrations/create-transaction', { amount: 10 });
    await payout({ amount: 10 });
    await payout({ amount: 20 });
    const reply = await api('GET', '/v1/integrations/cashout?per_page=1&page=2');
    expect(reply.body.data.map((t: { amount: number }) => t.amount)).toEqual([10]);
    expect(reply.body.meta).toEqual({ current_page: 2, per_page: 1, total: 2, last_page: 2, from: 2, to: 2 });
  });
});

describe('approve-cashout (manual approval)', () => {
  const manual = () => as(1);
  it('keeps payouts PENDING until approved, then processes them', async () => {
    const { body } = await payout({}, manual());
    expect((await manual()('GET', `/v1/integrations/cashout/${body.id}`)).body.status).toBe('PENDING');
    expect(mock.state.balance('manual')).toEqual({ availableCents: 990_000, pendingCents: 10_000 });
    const approved = await manual()('POST', '/v1/integrations/approve-cashout', {
      id: body.id,
      transactionId: body.transactionId,
    });
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('COMPLETED');
    expect(mock.state.balance('manual')).toEqual({ availableCents: 990_000, pendingCents: 0 });
  });

  it('answers 409 INVALID_TRANSITION for a payout that is not PENDING', async () => {
    const { body } = await payout();
    const reply = await api('POST', '/v1/integrations/approve-cashout', { id: body.id });
    expect([reply.status, reply.body.code]).toEqual([409, 'INVALID_TRANSITION']);
  });

  it('answers 404 for a mismatched transactionId and 422 for a bad id', async () => {
    const { body } = await payout({}, manual());
    expect(
      (
        await manual()('POST', '/v1/integrations/approve-cashout', {
          id: body.id,
          transactionId: crypto.randomUUID(),
        })
      ).status,
    ).toBe(404);
    expect((await manual()('POST', '/v1/integrations/approve-cashout', { id: 0 })).status).toBe(422);
  });
});

describe('scenario control', () => {
  it('drives payouts through process, complete, fail, reverse and cancel', async () => {
    const m = () => as(1);
    const a = (await payout({}, m())).body;
    mock.simulate.processPayout(a.id);
    expect(mock.simulate.failPayout(a.id).status).toBe('FAILED');
    const b = (await payout({}, m())).body;
    expect(mock.simulate.cancelPayout(b.transactionId).status).toBe('CANCELLED');
    const c = (await payout({}, m())).body;
    mock.simulate.processPayout(c.id);
    mock.simulate.completePayout(c.id);
    expect(mock.simulate.reversePayout(c.id).status).toBe('REVERSED');
    expect(mock.state.balance('manual').availableCents).toBe(1_000_000 - 500);
    expect(() => mock.simulate.completePayout(a.id)).toThrow(/cannot become COMPLETED/);
  });

  it('drives charges: pay credits the net amount, a refund takes it back, a chargeback opens an infraction', async () => {
    const one = (await api('POST', '/v1/integrations/create-transaction', { amount: 50 })).body;
    const paid = mock.simulate.payCharge(one.transactionId);
    expect(paid).toMatchObject({
      status: 'COMPLETED',
      paidAt: expect.any(String),
      endToEndId: expect.any(String),
    });
    expect(mock.state.balance().availableCents).toBe(1_005_000);
    mock.simulate.reverseCharge(one.transactionId);
    expect(mock.state.balance().availableCents).toBe(1_000_000);
    const two = (await api('POST', '/v1/integrations/create-transaction', { amount: 30 })).body;
    mock.simulate.payCharge(two.transactionId);
    mock.simulate.chargebackCharge(two.transactionId);
    expect(mock.state.records().map((r) => [r.type, r.status])).toContainEqual(['INFRACTION', 'COMPLETED']);
    const three = (await api('POST', '/v1/integrations/create-transaction', { amount: 30 })).body;
    expect(mock.simulate.expireCharge(three.transactionId).status).toBe('CANCELLED');
    expect(() => mock.simulate.payCharge(three.transactionId)).toThrow(/INVALID_TRANSITION|cannot become/);
  });

  it('is reachable over HTTP under /__mock/', async () => {
    const { body } = await api('POST', '/v1/integrations/create-transaction', { amount: 10 });
    const paid = await caller(mock.baseUrl)('POST', `/__mock/charges/${body.transactionId}/pay`);
    expect([paid.status, paid.body.status]).toEqual([200, 'COMPLETED']);
    const again = await caller(mock.baseUrl)('POST', `/__mock/charges/${body.transactionId}/pay`);
    expect([again.status, again.body.code]).toEqual([409, 'INVALID_TRANSITION']);
    expect((await caller(mock.baseUrl)('POST', `/__mock/charges/${body.transactionId}/explode`)).status).toBe(
      404,
    );
    const token = await caller(mock.baseUrl)('POST', '/__mock/user-tokens');
    expect(token.body.token).toMatch(/^ey/);
    const state = await caller(mock.baseUrl)('GET', '/__mock/state');
    expect(state.body.records).toBe(1);
  });
});

describe('fault injection', () => {
  it('fails the next N calls of a route with a 5xx, then recovers', async () => {
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

  it('answers a malformed body', async () => {
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

  it('can lose the answer after handling the request (after: true)', async () => {
    mock.faults.inject({ route: 'create-cashout', kind: 'drop', after: true });
    await expect(payout()).rejects.toThrow();
    expect(mock.state.records()).toHaveLength(1);
  });
});

describe('charge expiry and refunds', () => {
  it('refuses a refund the available balance does not cover, with 422 INSUFFICIENT_BALANCE', async () => {
    const charge = (await api('POST', '/v1/integrations/create-transaction', { amount: 100 })).body;
    mock.simulate.payCharge(charge.transactionId);
    await payout({ amount: 10_100 });
    expect(mock.state.balance().availableCents).toBe(0);
    expect(() => mock.simulate.reverseCharge(charge.transactionId)).toThrow(/does not cover this refund/);
    expect(mock.state.records().find((r) => r.transactionId === charge.transactionId)?.status).toBe(
      'COMPLETED',
    );
  });
});
