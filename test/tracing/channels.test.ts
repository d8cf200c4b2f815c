/**
 * docs/observability.md: the SDK publishes one `pix-payments:call` per client call and one
 * `pix-payments:attempt` per HTTP attempt, by hand (start, end, then error, asyncStart, asyncEnd
 * once the outcome is in the context), and nothing while nobody subscribes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PaymentsClient } from '../../src/index.js';
import { tracing } from '../../src/tracing/channels.js';
import * as scripted from '../client/scripted-fetch.js';
import { transactionRecord } from '../schemas/fixtures.js';
import { recordChannels } from './record.js';

const { BASE_URL, clientWith, hang, json, payoutParams, payoutRecord, SECRET_KEY } = scripted;
const down = () => json(503, { message: 'down', code: 'INTERNAL_ERROR' }, { 'retry-after': '0' });
let recorder: ReturnType<typeof recordChannels> | undefined;
const record = (...args: Parameters<typeof recordChannels>) => {
  recorder = recordChannels(...args);
  return recorder;
};
afterEach(() => {
  recorder?.stop();
  recorder = undefined;
});

describe('pix-payments:call and pix-payments:attempt', () => {
  it('trace a payout retried twice after 503s: one call, three attempts under it', async () => {
    const { events, settled } = record();
    const { client } = clientWith([down(), down(), json(201, payoutRecord)]);
    const result = await client.cashouts.create(payoutParams).withResponse();

    const [call, ...more] = settled('call');
    expect(more).toEqual([]);
    expect(call).toEqual({
      operationId: 'createCashout',
      method: 'POST',
      urlTemplate: '/v1/integrations/create-cashout',
      serverAddress: 'api.psp.test',
      serverPort: 443,
      idempotencyKey: result.idempotencyKey,
      attempts: 3,
      statusCode: 201,
      requestId: 'req_test123',
    });
    const attempts = settled('attempt');
    expect(attempts.map((a) => [a.resendCount, a.statusCode])).toEqual([
      [0, 503],
      [1, 503],
      [2, 201],
    ]);
    for (const attempt of attempts) {
      expect(attempt.call).toBe(call);
      expect(attempt).toMatchObject({
        operationId: 'createCashout',
        method: 'POST',
        urlTemplate: '/v1/integrations/create-cashout',
        url: `${BASE_URL}/v1/integrations/create-cashout`,
        serverAddress: 'api.psp.test',
        serverPort: 443,
      });
      expect(attempt.delayMs).toBeGreaterThanOrEqual(0);
      expect(attempt).not.toHaveProperty('idempotencyKey');
    }
    expect(attempts[0]?.delayMs).toBe(0);
    // The call starts first and settles last; each attempt settles before the next starts.
    const order = events.map((e) => `${e.channel}:${e.stage}`);
    expect(order.slice(0, 4)).toEqual(['call:start', 'call:end', 'attempt:start', 'attempt:end']);
    expect(order.at(-1)).toBe('call:asyncEnd');
    expect(order.filter((s) => s === 'attempt:asyncEnd')).toHaveLength(3);
    expect(order).not.toContain('call:error');
  });

  it('write the outcome only when it settles: the start carries no attempts count yet', async () => {
    const { events } = record(['call']);
    const { client } = clientWith([json(200, { available: 1, pending: 0 })]);
    await client.balance.retrieve();
    const [start, end] = events;
    expect(start?.stage).toBe('start');
    expect(start?.fields).toMatchObject({ operationId: 'getBalance', attempts: 0 });
    expect(start?.fields).not.toHaveProperty('statusCode');
    expect(end?.stage).toBe('end');
    expect(events.at(-1)?.fields).toMatchObject({ attempts: 1, statusCode: 200 });
  });

  it('name transactions.retrieve the listTransactions operation, and give each page of a list its call', async () => {
    const { settled } = record(['call']);
    const page = (n: number) =>
      json(200, {
        data: [transactionRecord],
        meta: { current_page: n, last_page: 2, per_page: 1, total: 2 },
      });
    const { client } = clientWith([json(200, transactionRecord), page(1), page(2)]);
    await client.transactions.retrieve(transactionRecord.transactionId);
    for await (const _ of client.transactions.list({ perPage: 1 })) {
      // every item of both pages
    }
    expect(settled('call').map((c) => [c.operationId, c.urlTemplate])).toEqual([
      ['listTransactions', '/v1/integrations/list-transactions'],
      ['listTransactions', '/v1/integrations/list-transactions'],
      ['listTransactions', '/v1/integrations/list-transactions'],
    ]);
  });

  it('name a path parameter by its template, and the real path only in the attempt', async () => {
    const { settled } = record();
    const { client } = clientWith([json(200, payoutRecord)]);
    await client.cashouts.retrieve(7);
    expect(settled('call')[0]?.urlTemplate).toBe('/v1/integrations/cashout/{id}');
    expect(settled('attempt')[0]?.url).toBe(`${BASE_URL}/v1/integrations/cashout/7`);
  });

  it('publish nothing for a call refused by validation', async () => {
    const { events } = record();
    const { client, requests } = clientWith([]);
    await expect(client.cashouts.create({ ...payoutParams, amount: -1 })).rejects.toThrow(/amount/);
    expect(requests).toEqual([]);
    expect(events).toEqual([]);
  });

  it('carry an error answer as a summary, never the error with its headers and body', async () => {
    const { events, settled } = record();
    const { client } = clientWith([json(422, { message: 'no money', code: 'INSUFFICIENT_BALANCE' })]);
    await expect(client.cashouts.create(payoutParams)).rejects.toThrow(/INSUFFICIENT_BALANCE/);
    const call = settled('call')[0];
    expect(call).toMatchObject({ attempts: 1, statusCode: 422, requestId: 'req_test123' });
    expect(call?.error).toEqual({
      name: 'UnprocessableEntityError',
      status: 422,
      code: 'INSUFFICIENT_BALANCE',
      message: expect.stringMatching(/^422 INSUFFICIENT_BALANCE: no money/),
    });
    expect(Object.getPrototypeOf(call?.error)).toBe(Object.prototype);
    // The attempt got an answer: its status, and no error of its own.
    expect(settled('attempt')[0]).toMatchObject({ statusCode: 422 });
    expect(settled('attempt')[0]).not.toHaveProperty('error');
    expect(events.filter((e) => e.stage === 'error').map((e) => e.channel)).toEqual(['call']);
  });

  it('give an attempt without an answer its error: a dropped connection, then a timeout', async () => {
    const { settled } = record();
    const { client } = clientWith([new TypeError('fetch failed'), hang], { timeout: 50, maxRetries: 1 });
    const error = await client.balance.retrieve().catch((e) => e);
    expect(error.name).toBe('APITimeoutError');
    expect(settled('attempt').map((a) => (a.error as { name: string }).name)).toEqual([
      'APIConnectionError',
      'APITimeoutError',
    ]);
    expect(settled('attempt').map((a) => a.statusCode)).toEqual([undefined, undefined]);
    expect(settled('call')[0]).toMatchObject({ attempts: 2, error: { name: 'APITimeoutError' } });
    expect(settled('call')[0]?.statusCode).toBeUndefined();
  });

  it('trace a call that fails before any attempt (no user token) with 0 attempts', async () => {
    const { settled } = record();
    const { client } = clientWith([]);
    await expect(client.webhooks.list()).rejects.toThrow(/user token/);
    expect(settled('call')[0]).toMatchObject({ operationId: 'listWebhooks', attempts: 0 });
    expect(settled('attempt')).toEqual([]);
  });

  it('publish attempts while only the attempt channel has subscribers', async () => {
    const { settled } = record(['attempt']);
    const { client } = clientWith([json(200, { available: 1, pending: 0 })]);
    await client.balance.retrieve();
    expect(settled('attempt')).toHaveLength(1);
    expect(settled('attempt')[0]?.call).toMatchObject({ operationId: 'getBalance', attempts: 1 });
  });

  it('give each poll of waitFor and each line of createMany its own call', async () => {
    const { settled } = record(['call']);
    const pending = { ...transactionRecord, status: 'PENDING' };
    const { client } = clientWith([
      json(200, pending),
      json(200, { ...pending, status: 'COMPLETED' }),
      json(201, payoutRecord),
      json(201, { ...payoutRecord, id: 8 }),
    ]);
    await client.transactions.waitFor(pending.transactionId, { until: ['COMPLETED'] });
    const lines = [];
    for await (const line of client.cashouts.createMany([payoutParams, payoutParams], { batchId: 'b-1' }))
      lines.push(line);
    expect(settled('call').map((c) => c.operationId)).toEqual([
      'listTransactions',
      'listTransactions',
      'createCashout',
      'createCashout',
    ]);
    const keys = settled('call').map((c) => c.idempotencyKey);
    expect(keys.slice(0, 2)).toEqual([undefined, undefined]);
    expect(keys[2]).toEqual(expect.any(String));
    expect(keys[3]).not.toBe(keys[2]);
  });

  it('names a loopback server with its port', async () => {
    const { settled } = record(['call']);
    const client = new PaymentsClient({
      secretKey: SECRET_KEY,
      baseUrl: 'http://127.0.0.1:4010',
      fetch: async () => json(200, { available: 1, pending: 0 }),
    });
    await client.balance.retrieve();
    expect(settled('call')[0]).toMatchObject({ serverAddress: '127.0.0.1', serverPort: 4010 });
  });

  it('never see a base URL with credentials: the client refuses it at the start', () => {
    // fetch refuses such a URL, and its message would quote the password (docs/errors.md).
    expect(
      () => new PaymentsClient({ secretKey: SECRET_KEY, baseUrl: 'https://user:pa55@api.psp.test' }),
    ).toThrow(
      /^baseUrl must not carry credentials \(user:password@\): the client signs in with the secret key$/,
    );
  });
});

describe('while nobody subscribes', () => {
  it('the channels answer undefined, so no context is built', async () => {
    expect(tracing('call')).toBeUndefined();
    const { stop } = record(['call']);
    expect(tracing('call')).toBeDefined();
    expect(tracing('attempt')).toBeUndefined();
    stop();
    expect(tracing('call')).toBeUndefined();
  });
});
