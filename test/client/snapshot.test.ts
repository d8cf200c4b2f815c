import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/index.js';
import { clientWith, json, payoutParams, payoutRecord } from './scripted-fetch.js';

describe('what is sent is what was validated', () => {
  it('approve: changing the params after the call changes nothing that is sent', async () => {
    const { client, requests } = clientWith([json(200, payoutRecord)]);
    const params: Record<string, unknown> = { id: 7 };
    const call = client.cashouts.approve(params as never);
    params.id = -1;
    params.evil = 'x';
    await call;
    expect(requests[0]?.body).toEqual({ id: 7 });
  });

  it('create-transaction: a nested object changed after the call is sent as it was', async () => {
    const { client, requests } = clientWith([json(201, { ...payoutRecord, type: 'CASHIN', _info: 'ok' })]);
    const trackingParameters: Record<string, string> = { utm_source: 'google' };
    const call = client.transactions.create({ amount: 10, trackingParameters });
    trackingParameters.utm_source = 'changed';
    trackingParameters.evil = 'x';
    await call.catch(() => {});
    expect(requests[0]?.body.tracking_parameters).toEqual({ utm_source: 'google' });
  });

  it('list: later pages keep the filters of the call', async () => {
    const page = (n: number) =>
      json(200, {
        data: [payoutRecord],
        meta: { current_page: n, last_page: 2, per_page: 1, total: 2, from: n, to: n },
      });
    const { client, requests } = clientWith([page(1), page(2)]);
    const params = { perPage: 1, status: 'COMPLETED' as const };
    const first = await client.transactions.list(params);
    params.status = 'FAILED' as never;
    await first.getNextPage();
    expect(requests.map((r) => new URL(r.url).searchParams.get('status'))).toEqual([
      'COMPLETED',
      'COMPLETED',
    ]);
  });
});

describe('error.idempotencyKey', () => {
  it('is read-only', async () => {
    const { client } = clientWith([json(422, { message: 'no', code: 'INSUFFICIENT_BALANCE' })]);
    const error = await client.cashouts.create(payoutParams).catch((e) => e);
    const key = error.idempotencyKey;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(() => {
      error.idempotencyKey = 'other';
    }).toThrow(TypeError);
    expect(error.idempotencyKey).toBe(key);
    expect(error.toJSON().idempotencyKey).toBe(key);
  });

  it('is carried by a validation error, with the key the caller gave', async () => {
    const idempotencyKey = crypto.randomUUID();
    const { client } = clientWith([]);
    const error = await client.cashouts
      .create({ ...payoutParams, amount: 1, idempotencyKey })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.idempotencyKey).toBe(idempotencyKey);
  });

  it('is absent from errors of calls without one', async () => {
    const { client } = clientWith([json(404, {})]);
    const error = await client.balance.retrieve().catch((e) => e);
    expect(error.idempotencyKey).toBeUndefined();
    expect('idempotencyKey' in error.toJSON()).toBe(false);
  });
});

describe('thin resources', () => {
  it('every call rejects instead of throwing, even for params of the wrong kind', () => {
    const { client } = clientWith([]);
    const calls = [
      () => client.cashouts.create(null as never),
      () => client.cashouts.approve('x' as never),
      () => client.transactions.create(42 as never),
      () => client.webhooks.update('nope', {}),
      () => client.cashouts.list({ page: -1 }),
    ];
    for (const call of calls) {
      let promise: Promise<unknown> | undefined;
      expect(() => {
        promise = call();
      }).not.toThrow();
      expect(promise).toBeDefined();
      promise?.catch(() => {});
    }
  });

  it('update: the id and every bad change are named together', async () => {
    const { client, requests } = clientWith([], { userToken: 'jwt' });
    const error = await client.webhooks.update('nope', { url: 'ftp://x' }).catch((e) => e);
    expect(error.issues.map((i: { path: string }) => i.path).sort()).toEqual(['id', 'url']);
    const none = await client.webhooks.update(crypto.randomUUID(), {}).catch((e) => e);
    expect(none.message).toMatch(/give at least one of url, events, description or status/);
    expect(requests).toHaveLength(0);
  });

  it('update: sends the changes without the id', async () => {
    const id = crypto.randomUUID();
    const record = {
      id,
      url: 'https://shop.example/hook',
      events: ['transaction.completed'],
      status: 'INACTIVE',
      description: null,
      createdAt: '2026-11-21T10:00:00Z',
      updatedAt: '2026-11-21T10:00:00Z',
    };
    const { client, requests } = clientWith([json(200, record)], { userToken: 'jwt' });
    await client.webhooks.update(id, { status: 'INACTIVE' });
    expect(requests[0]?.method).toBe('PATCH');
    expect(requests[0]?.url).toBe(`https://api.psp.test/v1/user/webhooks/${id}`);
    expect(requests[0]?.body).toEqual({ status: 'INACTIVE' });
  });
});
