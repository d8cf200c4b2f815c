/** "Reading answers" (docs/client.md): envelopes, normalised representations, lenient and strict modes. */
import { inspect } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { ResponseValidationError } from '../../src/index.js';
import { chargeRecord } from '../schemas/fixtures.js';
import { clientWith, json, payoutParams, payoutRecord, stalledBody } from './scripted-fetch.js';

const silent = { debug() {}, info() {}, warn() {}, error() {} };
const page = { current_page: 1, per_page: 15, total: 1, last_page: 1, from: 1, to: 1 };
const subscription = {
  id: '7f3c1a9e-2b4d-4c6e-8f0a-1b2c3d4e5f60',
  url: 'https://shop.example/hook',
  events: ['transaction.completed'],
  status: 'ACTIVE',
  description: null,
  createdAt: '2026-11-21T10:00:00Z',
  updatedAt: '2026-11-21T10:00:00Z',
};
const newSubscription = { url: 'https://shop.example/hook', events: ['transaction.completed' as const] };

describe('envelopes', () => {
  it('unwraps a single resource sent as { data }', async () => {
    const { client } = clientWith([json(200, { data: payoutRecord })]);
    expect(await client.cashouts.retrieve(7)).toMatchObject({ transactionId: payoutRecord.transactionId });
  });

  it.each([
    ['{ data, meta }', { data: [payoutRecord], meta: page }],
    ["Laravel's flat paginator", { ...page, data: [payoutRecord], path: 'x', next_page_url: null }],
    ['a bare array', [payoutRecord]],
  ])('reads a list sent as %s', async (_, body) => {
    const { client } = clientWith([json(200, body)], { responseValidation: 'strict' });
    const first = await client.cashouts.list();
    expect(first.data.map((r) => r.transactionId)).toEqual([payoutRecord.transactionId]);
    expect(first.hasNextPage()).toBe(false);
  });

  it('reads webhook subscriptions sent as a bare array or as { data }', async () => {
    const { client } = clientWith([json(200, [subscription]), json(200, { data: subscription })], {
      userToken: 'jwt',
    });
    expect((await client.webhooks.list()).data[0]?.id).toBe(subscription.id);
    expect((await client.webhooks.retrieve(subscription.id)).url).toBe(subscription.url);
  });
});

describe('normalised representations', () => {
  it('reads money as numeric strings, a string legacy id, and any ISO 8601 date-time form, strictly', async () => {
    const odd = {
      ...payoutRecord,
      id: '7',
      amount: '100.00',
      feeAmount: '5',
      finalAmount: '95.0',
      createdAt: '2026-11-21T10:00:00',
      updatedAt: '2026-11-21T10:00:00.123456-0300',
      transactionDate: '20261121T100000Z',
    };
    const { client } = clientWith([json(200, odd)], { responseValidation: 'strict' });
    const record = await client.cashouts.retrieve(7);
    expect(record).toMatchObject({ id: 7, amount: 100, feeAmount: 5, finalAmount: 95 });
    expect(record.createdAt).toBe('2026-11-21T10:00:00');
  });
});

describe('lenient (the default)', () => {
  it('returns a create-cashout answer without _info and reports it once per process', async () => {
    const onResponseIssue = vi.fn();
    const warn = vi.fn();
    const { _info: _, ...withoutInfo } = payoutRecord;
    const { client } = clientWith([json(201, withoutInfo), json(201, withoutInfo)], {
      onResponseIssue,
      logger: { ...silent, warn },
    });
    const payout = await client.cashouts.create(payoutParams);
    await client.cashouts.create(payoutParams);
    expect(payout.transactionId).toBe(payoutRecord.transactionId);
    expect(onResponseIssue).toHaveBeenCalledTimes(2);
    expect(onResponseIssue).toHaveBeenCalledWith({
      method: 'POST',
      path: '/v1/integrations/create-cashout',
      field: '_info',
      rule: expect.any(String),
      requestId: 'req_test123',
    });
    const lines = warn.mock.calls.map(([line]) => line).filter((line) => line.includes('_info'));
    expect(lines).toHaveLength(1);
  });

  it('returns a charge with pixKeyType null, trackingParameters null and a date without Z', async () => {
    const onResponseIssue = vi.fn();
    const odd = {
      ...chargeRecord,
      pixKeyType: null,
      trackingParameters: null,
      createdAt: '2026-11-21 10:00:00',
    };
    const { client } = clientWith([json(201, odd)], { onResponseIssue, logger: silent });
    const charge = await client.transactions.create({ amount: 19.9 });
    expect(charge).toMatchObject({
      transactionId: chargeRecord.transactionId,
      pixKeyType: null,
      amount: 19.9,
    });
    expect(onResponseIssue.mock.calls.map(([issue]) => issue.field).sort()).toEqual([
      'createdAt',
      'pixKeyType',
      'trackingParameters',
    ]);
  });

  it("returns the real gateway's approve-cashout record (no status, type, origin, pixKeyType; extra fields)", async () => {
    const { status: _s, type: _t, origin: _o, pixKeyType: _p, _info: _i, ...rest } = payoutRecord;
    const gateway = { ...rest, gatewayId: 'gw_1', balanceImpact: -100, settlementMode: 'instant' };
    const { client } = clientWith([json(200, gateway)], { logger: silent });
    const record = await client.cashouts.approve({ id: 7 });
    expect(record.transactionId).toBe(payoutRecord.transactionId);
    expect((record as Record<string, unknown>).gatewayId).toBe('gw_1');
  });

  it('returns a balance with extra fields as received, and one of an unknown shape, reported', async () => {
    const onResponseIssue = vi.fn();
    const { client } = clientWith([json(200, { available: '10.50', blocked: 0 }), json(200, { saldo: 10 })], {
      onResponseIssue,
      logger: silent,
    });
    expect(await client.balance.retrieve()).toEqual({ available: 10.5, blocked: 0 });
    expect(onResponseIssue).not.toHaveBeenCalled();
    expect(await client.balance.retrieve()).toEqual({ saldo: 10 });
    expect(onResponseIssue).toHaveBeenCalledWith(
      expect.objectContaining({
        field: '',
        rule: expect.stringMatching(/^must hold available or pending \(an unknown balance shape\)$/),
      }),
    );
  });
});

describe('strict', () => {
  it('throws ResponseValidationError with the key, the raw body and the decoded data', async () => {
    const { _info: _, ...withoutInfo } = payoutRecord;
    const body = { data: { ...withoutInfo, amount: '100.00' } };
    const { client } = clientWith([json(201, body)], { responseValidation: 'strict' });
    const error = await client.cashouts.create(payoutParams).catch((e) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(error.body).toBe(JSON.stringify(body));
    expect(error.data).toMatchObject({ transactionId: payoutRecord.transactionId, amount: 100 });
    expect(error.issues.map((i: { path: string }) => i.path)).toEqual(['_info']);
  });

  it('is also a per-call option, either way', async () => {
    const { _info: _, ...withoutInfo } = payoutRecord;
    const { client } = clientWith([json(201, withoutInfo), json(201, withoutInfo)], { logger: silent });
    await expect(
      client.cashouts.create(payoutParams, { responseValidation: 'strict' }),
    ).rejects.toBeInstanceOf(ResponseValidationError);
    const strictClient = clientWith([json(201, withoutInfo)], { responseValidation: 'strict' }).client;
    await expect(
      strictClient.cashouts.create(payoutParams, { responseValidation: 'lenient' }),
    ).resolves.toBeDefined();
    await expect(client.cashouts.create(payoutParams)).resolves.toBeDefined();
  });
});

describe('secrets in a carried body', () => {
  it('never reach the message, toJSON() or inspect output, but stay readable as error.body', async () => {
    const secret = 'whsec_abcdefghijklmnopqrstuvwxyz012345';
    const body = { secret, url: 'https://shop.example/hook' }; // no id: the record cannot be used
    const { client } = clientWith([json(201, body)], { userToken: 'jwt' });
    const error = await client.webhooks.create(newSubscription).catch((e) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    for (const text of [error.message, JSON.stringify(error), inspect(error), String(error), error.stack]) {
      expect(text).not.toContain(secret);
    }
    expect(error.body).toContain(secret);
    expect(JSON.stringify(error)).toContain('[redacted]');
  });
});

describe('lost answers', () => {
  it.each([
    ['an empty 200', () => new Response('', { status: 200 })],
    ['a cut-off body', () => new Response('{"transactionId": "9d3b2c1a-5e6f', { status: 200 })],
    ['an HTML page with 200', () => new Response('<html>ok</html>', { status: 200 })],
  ])('retries %s with the same idempotency key', async (_, lost) => {
    const { client, requests } = clientWith([lost(), json(201, payoutRecord)], { logger: silent });
    const payout = await client.cashouts.create(payoutParams);
    expect(payout.transactionId).toBe(payoutRecord.transactionId);
    expect(requests).toHaveLength(2);
    expect(requests[1]?.body.idempotencyKey).toBe(requests[0]?.body.idempotencyKey);
  });

  it('a body that throws while read (Node 24 "terminated") is retried like a dropped connection', async () => {
    const cut = () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"transactionId":'));
            controller.error(new TypeError('terminated'));
          },
        }),
        { status: 200 },
      );
    const { client, requests } = clientWith([cut(), json(200, payoutRecord)], { logger: silent });
    await expect(client.cashouts.retrieve(7)).resolves.toMatchObject({ id: 7 });
    expect(requests).toHaveLength(2);
  });

  it('a body that stalls is timed out with its attempt, then retried', async () => {
    const { client, requests } = clientWith([stalledBody('{"transactionId":'), json(200, payoutRecord)], {
      logger: silent,
      timeout: 50,
    });
    await expect(client.cashouts.retrieve(7)).resolves.toMatchObject({ id: 7 });
    expect(requests).toHaveLength(2);
  });

  it('logs the lost attempt as a retried one', async () => {
    const warn = vi.fn();
    const { client } = clientWith([new Response('', { status: 200 }), json(200, payoutRecord)], {
      logger: { ...silent, warn },
    });
    await client.cashouts.retrieve(7);
    expect(warn.mock.calls.map(([line]) => line)).toEqual([
      expect.stringMatching(
        /^\[pix-payments\] GET \/v1\/integrations\/cashout\/7 failed: .*the 200 answer was empty, cut off or not JSON in \d+ ms \(retry 0\)$/,
      ),
    ]);
  });

  it('is not retried for a POST without an idempotency key', async () => {
    const { client, requests } = clientWith([new Response('', { status: 201 })], {
      logger: silent,
      userToken: 'jwt',
    });
    await expect(client.webhooks.create(newSubscription)).rejects.toBeInstanceOf(ResponseValidationError);
    expect(requests).toHaveLength(1);
  });
});
