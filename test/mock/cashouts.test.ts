import { describe, expect, it } from 'vitest';
import { CreateCashoutResponse } from '../../src/schemas/cashout.js';
import { safeParseWith } from '../../src/schemas/parse.js';
import { CPF, caller, useMock } from './harness.js';
import { useReceivers } from './receiver.js';

const { mock, api } = useMock({
  merchants: [
    { id: 'shop' },
    { id: 'manual', manualApproval: true },
    { id: 'poor', initialBalanceCents: 1000 },
  ],
});
const receiver = useReceivers();
const as = (index: number) => caller(mock.baseUrl, mock.merchants[index]?.secretKey);
const payout = (body: Record<string, unknown> = {}, call = api) =>
  call('POST', '/v1/integrations/create-cashout', { amount: 100, pixKey: CPF, pixKeyType: 'CPF', ...body });

describe('create-cashout', () => {
  it('answers PENDING, then delivers cashout.created before cashout.completed', async () => {
    let secret = '';
    const r = await receiver(() => secret);
    const user = caller(mock.baseUrl, await mock.issueUserToken('shop'));
    const events = ['cashout.created', 'cashout.processing', 'cashout.completed'];
    ({ secret } = (await user('POST', '/v1/user/webhooks', { url: r.url, events })).body);
    const reply = await payout();
    expect([reply.status, reply.body.status]).toEqual([201, 'PENDING']);
    await mock.settle();
    expect(r.events.map((e) => [e.event, 'status' in e.data ? e.data.status : undefined])).toEqual([
      ['cashout.created', 'PENDING'],
      ['cashout.processing', 'PROCESSING'],
      ['cashout.completed', 'COMPLETED'],
    ]);
  });

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

describe('scenario control of payouts', () => {
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
});
