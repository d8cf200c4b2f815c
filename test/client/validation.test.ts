import { describe, expect, it } from 'vitest';
import { ResponseValidationError, ValidationError } from '../../src/index.js';
import { clientWith, json, payoutParams, payoutRecord } from './scripted-fetch.js';

describe('request validation', () => {
  it.each([
    ['an amount not above the fee', () => ({ ...payoutParams, amount: 5 }), 'amount'],
    ['three decimals', () => ({ ...payoutParams, amount: 10.001 }), 'amount'],
    ['a key that is not a CPF', () => ({ ...payoutParams, pixKey: '11111111111' }), 'pixKey'],
    ['an unknown key type', () => ({ ...payoutParams, pixKeyType: 'IBAN' }), 'pixKeyType'],
    ['a non-UUID idempotency key', () => ({ ...payoutParams, idempotencyKey: '42' }), 'idempotencyKey'],
  ])('rejects %s with ValidationError and sends nothing', async (_, params, field) => {
    const { client, requests } = clientWith([]);
    const error = await client.cashouts.create(params() as never).catch((e) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues.map((i: { path: string }) => i.path)).toContain(field);
    expect(error.message).toMatch(new RegExp(`^Invalid request: .*${field}`));
    expect(typeof error.idempotencyKey).toBe('string');
    expect(requests).toHaveLength(0);
  });

  it('rejects a charge with pixKey, a bad list filter, a bad id, and sends nothing', async () => {
    const { client, requests } = clientWith([]);
    await expect(client.transactions.create({ amount: 10, pixKey: 'x' } as never)).rejects.toThrow(
      /pixKey must not be sent on a PIX charge/,
    );
    await expect(client.transactions.list({ perPage: 500 })).rejects.toBeInstanceOf(ValidationError);
    await expect(client.transactions.retrieve('42')).rejects.toThrow(/transactionId/);
    await expect(client.cashouts.retrieve('abc')).rejects.toThrow(
      /transactionId \(UUID\) or a legacy integer id/,
    );
    await expect(client.cashouts.retrieve(0)).rejects.toBeInstanceOf(ValidationError);
    await expect(client.webhooks.retrieve('nope')).rejects.toBeInstanceOf(ValidationError);
    expect(requests).toHaveLength(0);
  });

  it('names the TypeScript name of a field passed in its wire form, and sends nothing', async () => {
    const { client, requests } = clientWith([]);
    await expect(
      client.transactions.create({ amount: 10, tracking_parameters: {} } as never),
    ).rejects.toThrow(
      'Invalid request: tracking_parameters: is not a known field; did you mean `trackingParameters`?',
    );
    await expect(client.transactions.list({ per_page: 5 } as never)).rejects.toThrow(
      'per_page: is not a known field; did you mean `perPage`?',
    );
    expect(requests).toHaveLength(0);
  });

  it('normalises a formatted PIX key before sending it', async () => {
    const { client, requests } = clientWith([json(201, payoutRecord)]);
    await client.cashouts.create({ ...payoutParams, pixKey: '529.982.247-25' });
    expect(requests[0]?.body.pixKey).toBe('52998224725');
  });

  it('maps camelCase parameters to wire names, and sends query parameters only when set', async () => {
    const page = {
      data: [],
      meta: { current_page: 1, per_page: 50, total: 0, last_page: 1, from: null, to: null },
    };
    const { client, requests } = clientWith([
      json(201, { ...payoutRecord, type: 'CASHIN', pixCode: '000201' }),
      json(200, page),
    ]);
    await client.transactions.create({ amount: 10, trackingParameters: { utm_source: 'google' } });
    expect(requests[0]?.body).toEqual({
      amount: 10,
      tracking_parameters: { utm_source: 'google' },
      referenceId: expect.any(String),
    });
    await client.transactions.list({ dateFrom: '2026-11-01', perPage: 50, status: 'COMPLETED' });
    const url = new URL(requests[1]?.url as string);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      date_from: '2026-11-01',
      per_page: '50',
      status: 'COMPLETED',
      page: '1',
    });
  });

  it('encodes path parameters', async () => {
    const { client, requests } = clientWith([json(200, payoutRecord)]);
    await client.cashouts.retrieve(7);
    expect(new URL(requests[0]?.url as string).pathname).toBe('/v1/integrations/cashout/7');
  });
});

describe('response validation', () => {
  it('keeps unknown fields and accepts unknown enum values', async () => {
    const grown = { ...payoutRecord, status: 'ON_HOLD', pixKeyType: 'NIF', riskScore: 0.2 };
    const { client } = clientWith([json(200, grown)]);
    const record = await client.cashouts.retrieve(7);
    expect(record.status).toBe('ON_HOLD');
    // Not in the type (no index signature), but kept at run time.
    expect((record as Record<string, unknown>).riskScore).toBe(0.2);
  });

  it.each([
    ['no identity at all', { ...payoutRecord, transactionId: undefined, id: undefined }, 'transactionId'],
    ['an amount that is not a number', { ...payoutRecord, amount: 'one hundred' }, 'amount'],
  ])(
    'throws ResponseValidationError with the raw body for %s, even in lenient mode',
    async (_, body, field) => {
      const { client } = clientWith([json(200, body)]);
      const error = await client.cashouts.retrieve(7).catch((e) => e);
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect(error.issues.map((i: { path: string }) => i.path)).toContain(field);
      expect(error.body).toBe(JSON.stringify(body));
      expect(error.requestId).toBe('req_test123');
    },
  );

  it('throws ResponseValidationError for a body that is not JSON on a call it may not repeat', async () => {
    const { client, requests } = clientWith([new Response('{"id": "9d3b', { status: 201 })], {
      userToken: 'jwt',
    });
    await expect(
      client.webhooks.create({ url: 'https://shop.example/hook', events: ['transaction.completed'] }),
    ).rejects.toThrow(/not JSON/);
    expect(requests).toHaveLength(1);
  });
});

describe('withResponse', () => {
  it('gives status, headers, request id and the idempotency key', async () => {
    const { client } = clientWith([json(201, payoutRecord, { 'x-request-id': 'req_xyz' })]);
    const result = await client.cashouts
      .create({ ...payoutParams, idempotencyKey: '0b8f7e36-3e59-4d44-9f0c-6a3f1f0c2b11' })
      .withResponse();
    expect(result).toMatchObject({
      status: 201,
      requestId: 'req_xyz',
      idempotencyKey: '0b8f7e36-3e59-4d44-9f0c-6a3f1f0c2b11',
    });
    expect(result.headers.get('x-request-id')).toBe('req_xyz');
    expect(result.data.finalAmount).toBe(95);
  });
});
