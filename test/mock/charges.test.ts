/** Charges: create-transaction, then paid, refunded, charged back, failed or expired. */
import { describe, expect, it } from 'vitest';
import { parseBrCode } from '../../src/pix/brcode.js';
import { CreateTransactionResponse } from '../../src/schemas/charge.js';
import { safeParseWith } from '../../src/schemas/parse.js';
import { Transaction } from '../../src/schemas/transaction.js';
import { CPF, caller, useMock } from './harness.js';

const { mock, api } = useMock({ merchants: [{ id: 'shop' }, { id: 'rival' }] });
const rival = () => caller(mock.baseUrl, mock.merchants[1]?.secretKey);
const create = (body: Record<string, unknown> = {}) =>
  api('POST', '/v1/integrations/create-transaction', { amount: 19.9, ...body });
const charge = async (amount: number) => (await create({ amount })).body as { transactionId: string };
const status = (transactionId: string) =>
  mock.state.records().find((r) => r.transactionId === transactionId)?.status;

describe('create-transaction', () => {
  it('creates a PENDING charge with a dynamic BR Code carrying its amount and txid', async () => {
    const reply = await create({
      amount: 123.45,
      tracking_parameters: { utm_source: 'google', utm_campaign: 'bf' },
    });
    expect(reply.status).toBe(201);
    expect(safeParseWith(Transaction, reply.body).success).toBe(true);
    expect(safeParseWith(CreateTransactionResponse, reply.body).success).toBe(true);
    expect(reply.body).toMatchObject({ status: 'PENDING', type: 'CASHIN', origin: 'API' });
    // No cash-in fee by default: the whole amount is the net.
    expect([reply.body.amount, reply.body.feeAmount, reply.body.finalAmount]).toEqual([123.45, 0, 123.45]);
    expect(reply.body.trackingParameters).toEqual({ utm_source: 'google', utm_campaign: 'bf' });
    const code = parseBrCode(reply.body.pixCode);
    expect(code.amountCents).toBe(12345);
    expect(code.pointOfInitiationMethod).toBe('12');
    expect(code.txid).toBe(reply.body.transactionId.replaceAll('-', '').slice(0, 25));
    expect(code.merchantAccount.url).toContain(reply.body.transactionId);
  });

  it('stores referenceId as externalId', async () => {
    const referenceId = crypto.randomUUID();
    expect((await create({ referenceId })).body.externalId).toBe(referenceId);
  });

  it('answers 422 VALIDATION_ERROR with field errors', async () => {
    const reply = await create({ amount: 10.001, clientEmail: 'nope' });
    expect(reply.status).toBe(422);
    expect(reply.body.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(reply.body.errors).sort()).toEqual(['amount', 'clientEmail']);
  });

  it('names the wire name of a field sent in camelCase, and the form of a UUID', async () => {
    const reply = await create({ trackingParameters: { utm_source: 'google' }, referenceId: 'order-1001' });
    expect([reply.status, reply.body.errors]).toEqual([
      422,
      {
        referenceId: [
          'must be a UUID, such as "0b8f7e36-3e59-4d44-9f0c-6a3f1f0c2b11"; got the string "order-1001"',
        ],
        trackingParameters: ['is not a known field; did you mean `tracking_parameters`?'],
      },
    ]);
  });

  it.each(['acquirer', 'pixKey', 'pixKeyType'])(
    'answers 422 FORBIDDEN_FIELD for %s on a charge',
    async (field) => {
      const reply = await create({ [field]: 'x' });
      expect(reply.status).toBe(422);
      expect(reply.body).toMatchObject({
        code: 'FORBIDDEN_FIELD',
        errors: { [field]: [expect.any(String)] },
      });
    },
  );

  it('answers 400 to malformed JSON', async () => {
    const reply = await api('POST', '/v1/integrations/create-transaction', undefined, '{"amount": ');
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('INVALID_JSON');
  });

  it('replays the same referenceId with 200 and the same record, creating nothing', async () => {
    const referenceId = crypto.randomUUID();
    const first = await create({ referenceId });
    const again = await create({ referenceId });
    expect([again.status, again.body]).toEqual([200, first.body]);
    expect(mock.state.records()).toHaveLength(1);
  });

  it('answers 409 IDEMPOTENCY_KEY_REUSED for the same referenceId with another body', async () => {
    const referenceId = crypto.randomUUID();
    await create({ referenceId });
    const reply = await create({ referenceId, amount: 20 });
    expect(reply.status).toBe(409);
    expect(reply.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('scopes referenceId per merchant', async () => {
    const referenceId = crypto.randomUUID();
    await create({ referenceId });
    const other = await rival()('POST', '/v1/integrations/create-transaction', { amount: 50, referenceId });
    expect(other.status).toBe(201);
  });
});

describe('pay', () => {
  it('completes the charge with paidAt and an endToEndId, and credits its net amount', async () => {
    const { transactionId } = await charge(50);
    expect(mock.simulate.payCharge(transactionId)).toMatchObject({
      status: 'COMPLETED',
      paidAt: expect.any(String),
      endToEndId: expect.stringMatching(/^E99999999\d{12}[A-Za-z0-9]{11}$/),
    });
    expect(mock.state.balance().availableCents).toBe(1_005_000);
  });

  it('refuses to pay a charge twice with INVALID_TRANSITION', async () => {
    const { transactionId } = await charge(10);
    mock.simulate.payCharge(transactionId);
    expect(() => mock.simulate.payCharge(transactionId)).toThrow(/cannot become COMPLETED/);
  });
});

describe('refund (reverse)', () => {
  it('takes the net amount back out of the available balance', async () => {
    const { transactionId } = await charge(50);
    mock.simulate.payCharge(transactionId);
    expect(mock.simulate.reverseCharge(transactionId).status).toBe('REVERSED');
    expect(mock.state.balance().availableCents).toBe(1_000_000);
  });

  it('is refused with 422 INSUFFICIENT_BALANCE when the available balance does not cover it', async () => {
    const { transactionId } = await charge(100);
    mock.simulate.payCharge(transactionId);
    await api('POST', '/v1/integrations/create-cashout', { amount: 10_100, pixKey: CPF, pixKeyType: 'CPF' });
    expect(mock.state.balance().availableCents).toBe(0);
    expect(() => mock.simulate.reverseCharge(transactionId)).toThrow(/does not cover this refund/);
    expect(status(transactionId)).toBe('COMPLETED');
  });
});

describe('chargeback', () => {
  it('takes the net amount back and opens an INFRACTION record for the same amount', async () => {
    const { transactionId } = await charge(30);
    mock.simulate.payCharge(transactionId);
    mock.simulate.chargebackCharge(transactionId);
    expect(mock.state.balance().availableCents).toBe(1_000_000);
    expect(mock.state.records().map((r) => [r.type, r.status, r.amount])).toContainEqual([
      'INFRACTION',
      'COMPLETED',
      30,
    ]);
  });
});

describe('fail and expire', () => {
  it('end a PENDING charge, which then can no longer be paid', async () => {
    const failed = await charge(30);
    expect(mock.simulate.failCharge(failed.transactionId).status).toBe('FAILED');
    const expired = await charge(30);
    expect(mock.simulate.expireCharge(expired.transactionId).status).toBe('CANCELLED');
    expect(() => mock.simulate.payCharge(expired.transactionId)).toThrow(/cannot become COMPLETED/);
    expect(mock.state.balance().availableCents).toBe(1_000_000);
  });
});
