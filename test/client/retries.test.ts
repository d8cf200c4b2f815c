import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_RETRY_AFTER_MS } from '../../src/core/retry-rules.js';
import {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  InternalServerError,
  UnprocessableEntityError,
} from '../../src/index.js';
import { clientWith, json, payoutParams, payoutRecord } from './scripted-fetch.js';

describe('retries', () => {
  it('retries a 503 and sends the same idempotency key on every attempt', async () => {
    const { client, requests } = clientWith([
      json(503, { message: 'down', code: 'INTERNAL_ERROR' }),
      json(201, payoutRecord),
    ]);
    const result = await client.cashouts.create(payoutParams).withResponse();
    expect(result.status).toBe(201);
    expect(requests).toHaveLength(2);
    const keys = requests.map((r) => r.body.idempotencyKey);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(result.idempotencyKey).toBe(keys[0]);
  });

  it('uses the caller’s idempotency key as given', async () => {
    const idempotencyKey = crypto.randomUUID();
    const { client, requests } = clientWith([json(201, payoutRecord)]);
    await client.cashouts.create({ ...payoutParams, idempotencyKey });
    expect(requests[0]?.body.idempotencyKey).toBe(idempotencyKey);
  });

  it('does not retry a 422', async () => {
    const { client, requests } = clientWith([json(422, { message: 'no', code: 'INSUFFICIENT_BALANCE' })]);
    await expect(client.cashouts.create(payoutParams)).rejects.toBeInstanceOf(UnprocessableEntityError);
    expect(requests).toHaveLength(1);
  });

  it.each([400, 401, 403, 404])('does not retry a %s', async (status) => {
    const { client, requests } = clientWith([json(status, { message: 'no', code: 'X' })]);
    await expect(client.balance.retrieve()).rejects.toMatchObject({ status });
    expect(requests).toHaveLength(1);
  });

  it('retries 408, 409 in flight, 429 and 5xx', async () => {
    const { client, requests } = clientWith(
      [
        json(408, {}),
        json(409, { message: 'in flight' }),
        json(429, {}, { 'retry-after': '0' }),
        json(502, ''),
        json(201, payoutRecord),
      ],
      { maxRetries: 4 },
    );
    await expect(client.cashouts.create(payoutParams)).resolves.toMatchObject({ id: 7 });
    expect(requests).toHaveLength(5);
  });

  it('does not retry a 409 that will not change (IDEMPOTENCY_KEY_REUSED)', async () => {
    const { client, requests } = clientWith([
      json(409, { message: 'reused', code: 'IDEMPOTENCY_KEY_REUSED' }),
    ]);
    await expect(client.cashouts.create(payoutParams)).rejects.toMatchObject({
      status: 409,
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(requests).toHaveLength(1);
  });

  it('honours Retry-After on a 429', async () => {
    const { client, requests } = clientWith([
      json(429, { message: 'slow down', code: 'RATE_LIMITED' }, { 'retry-after': '1' }),
      json(200, { available: 1, pending: 0, currency: 'BRL', updatedAt: '2026-11-21T10:00:00Z' }),
    ]);
    const started = performance.now();
    await client.balance.retrieve();
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    expect(requests).toHaveLength(2);
  });

  describe('waits (fake clock)', () => {
    afterEach(() => {
      vi.useRealTimers();
      vi.restoreAllMocks();
    });
    const balance = { available: 1, pending: 0, currency: 'BRL', updatedAt: '2026-11-21T10:00:00Z' };

    it('caps Retry-After at 60 s', async () => {
      vi.useFakeTimers();
      const { client, requests } = clientWith([json(503, {}, { 'retry-after': '3600' }), json(200, balance)]);
      const call = client.balance.retrieve();
      await vi.advanceTimersByTimeAsync(MAX_RETRY_AFTER_MS - 10);
      expect(requests).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(20);
      await expect(call).resolves.toMatchObject({ available: 1 });
      expect(requests).toHaveLength(2);
    });

    it.each([
      [0, [500, 1000, 2000]],
      [1, [375, 750, 1500]],
    ])('backs off exponentially from 500 ms with up to 25%% jitter (random %s)', async (random, waits) => {
      vi.useFakeTimers();
      vi.spyOn(Math, 'random').mockReturnValue(random);
      const sentAt: number[] = [];
      const drop = () => {
        sentAt.push(Date.now());
        return Promise.reject(new TypeError('fetch failed'));
      };
      const { client } = clientWith([drop, drop, drop, drop], { maxRetries: 3 });
      const call = client.balance.retrieve().catch((e) => e);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(await call).toBeInstanceOf(APIConnectionError);
      expect(sentAt.slice(1).map((at, i) => at - (sentAt[i] ?? 0))).toEqual(waits);
    });

    it('caps the backoff at 8 s', async () => {
      vi.useFakeTimers();
      vi.spyOn(Math, 'random').mockReturnValue(0);
      const sentAt: number[] = [];
      const drop = () => {
        sentAt.push(Date.now());
        return Promise.reject(new TypeError('fetch failed'));
      };
      const { client } = clientWith(Array(7).fill(drop), { maxRetries: 6 });
      const call = client.balance.retrieve().catch((e) => e);
      await vi.advanceTimersByTimeAsync(60_000);
      await call;
      expect(sentAt.slice(1).map((at, i) => at - (sentAt[i] ?? 0))).toEqual([
        500, 1000, 2000, 4000, 8000, 8000,
      ]);
    });
  });

  it('retries a dropped connection, then gives up with APIConnectionError after maxRetries', async () => {
    const drop = () => new TypeError('fetch failed', { cause: new Error('socket hang up') });
    const { client, requests } = clientWith([drop(), drop(), drop()]);
    const error = await client.cashouts.create(payoutParams).catch((e) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error.message).toMatch(/socket hang up/);
    expect(requests).toHaveLength(3);
    expect(error.idempotencyKey).toBe(requests[0]?.body.idempotencyKey);
    expect(new Set(requests.map((r) => r.body.idempotencyKey)).size).toBe(1);
  });

  it('times out each attempt and retries; the error is APITimeoutError', async () => {
    // As a real fetch does: a signal aborted before the attempt starts rejects at once.
    const hang = (request: Request) =>
      new Promise<Response>((_, reject) => {
        if (request.signal.aborted) reject(request.signal.reason);
        request.signal.addEventListener('abort', () => reject(request.signal.reason));
      });
    const { client, requests } = clientWith([hang, hang], { timeout: 50, maxRetries: 1 });
    const started = performance.now();
    const error = await client.balance.retrieve().catch((e) => e);
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(error.message).toBe('Request timed out after 50 ms');
    expect(requests).toHaveLength(2);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('honours per-call timeout and maxRetries', async () => {
    // As a real fetch does: a signal aborted before the attempt starts rejects at once.
    const hang = (request: Request) =>
      new Promise<Response>((_, reject) => {
        if (request.signal.aborted) reject(request.signal.reason);
        request.signal.addEventListener('abort', () => reject(request.signal.reason));
      });
    const { client, requests } = clientWith([hang]);
    await expect(client.balance.retrieve({ timeout: 30, maxRetries: 0 })).rejects.toBeInstanceOf(
      APITimeoutError,
    );
    expect(requests).toHaveLength(1);
  });

  it('aborts at once during a backoff wait', async () => {
    const controller = new AbortController();
    const { client, requests } = clientWith([json(503, {}, { 'retry-after': '30' })]);
    const started = performance.now();
    const call = client.cashouts.create(payoutParams, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await call.catch((e) => e);
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(error.idempotencyKey).toBe(requests[0]?.body.idempotencyKey);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(requests).toHaveLength(1);
  });

  it('aborts an attempt in flight and does not retry it', async () => {
    const controller = new AbortController();
    // As a real fetch does: a signal aborted before the attempt starts rejects at once.
    const hang = (request: Request) =>
      new Promise<Response>((_, reject) => {
        if (request.signal.aborted) reject(request.signal.reason);
        request.signal.addEventListener('abort', () => reject(request.signal.reason));
      });
    const { client, requests } = clientWith([hang]);
    const call = client.balance.retrieve({ signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(call).rejects.toBeInstanceOf(APIUserAbortError);
    expect(requests.length).toBeLessThanOrEqual(1);
  });

  it('fails at once, unretried, a request fetch would refuse (a header value with a line break)', async () => {
    const lines: string[] = [];
    const logger = {
      debug: () => {},
      info: (l: string) => lines.push(l),
      warn: (l: string) => lines.push(l),
      error: () => {},
    };
    const { client, requests } = clientWith([json(200, {})], { logger, logLevel: 'info' });
    const error = await client.balance.retrieve({ headers: { 'x-note': 'a\nb' } }).catch((e) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error.message).toMatch(/invalid header value/);
    expect(requests).toHaveLength(0);
    expect(lines).toEqual([
      expect.stringMatching(
        /^\[pix-payments\] GET \/v1\/integrations\/balance failed: .+ in 0 ms \(retry 0\)$/s,
      ),
    ]);
  });

  it('never retries a POST without an idempotency key (webhooks.create)', async () => {
    const { client, requests } = clientWith([json(503, {})], { userToken: 'jwt' });
    await expect(
      client.webhooks.create({ url: 'https://shop.example/hook', events: ['transaction.completed'] }),
    ).rejects.toBeInstanceOf(InternalServerError);
    expect(requests).toHaveLength(1);
  });
});
