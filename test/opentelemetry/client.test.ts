/** The client's calls as OpenTelemetry spans and measurements, with the real SDK. */
import { inspect } from 'node:util';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import type { ClientOptions } from '../../src/index.js';
import { APIConnectionError, UnprocessableEntityError } from '../../src/index.js';
import { clientWith, json, payoutParams, payoutRecord, SECRET_KEY } from '../client/scripted-fetch.js';
import { parentOf, useOtel } from './otel.js';

const otel = useOtel();
const unavailable = () => json(503, { message: 'down', code: 'INTERNAL_ERROR' }, { 'retry-after': '0' });
const CASHOUT = '/v1/integrations/create-cashout';
/** A client on a scripted fetch that does not log its retries. */
const quietClient = (steps: Parameters<typeof clientWith>[0], options: ClientOptions = {}) =>
  clientWith(steps, { logLevel: 'off', ...options });

/** A payout answered 503, 503, then 201, inside the test's own active span. */
async function retriedPayout() {
  const { client, requests } = quietClient([unavailable(), unavailable(), json(201, payoutRecord)], {
    maxRetries: 2,
  });
  await otel.inSpan(() => client.cashouts.create(payoutParams));
  return { key: requests[0]?.body.idempotencyKey as string, requests };
}

describe('a payout retried twice after 503s', () => {
  it('is one call span under the caller’s active span, with the operation, key and attempts', async () => {
    otel.instrument();
    const { key } = await retriedPayout();
    const spans = otel.spans();
    const call = spans.find((span) => span.name === 'createCashout');
    expect(call?.kind).toBe(SpanKind.INTERNAL);
    expect(parentOf(call as never, spans)?.name).toBe('test');
    expect(call?.attributes).toEqual({
      'pix_payments.operation': 'createCashout',
      'pix_payments.idempotency_key': key,
      'pix_payments.attempts': 3,
      'http.request.method': 'POST',
      'url.template': CASHOUT,
      'server.address': 'api.psp.test',
      'server.port': 443,
    });
    expect(call?.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('is three CLIENT attempt spans under the call span, resent 0, 1 and 2 times', async () => {
    otel.instrument();
    await retriedPayout();
    const spans = otel.spans();
    const attempts = spans.filter((span) => span.kind === SpanKind.CLIENT);
    expect(attempts.map((span) => span.name)).toEqual([
      `POST ${CASHOUT}`,
      `POST ${CASHOUT}`,
      `POST ${CASHOUT}`,
    ]);
    for (const attempt of attempts) expect(parentOf(attempt, spans)?.name).toBe('createCashout');
    expect(attempts.map((span) => span.attributes['http.request.resend_count'])).toEqual([undefined, 1, 2]);
    // The wait before each retry, from the channel's delayMs: on retries only.
    const waits = attempts.map((span) => span.attributes['pix_payments.retry_delay_ms']);
    expect(waits[0]).toBeUndefined();
    for (const wait of waits.slice(1)) expect(wait).toEqual(expect.any(Number));
    expect(attempts.map((span) => span.attributes['http.response.status_code'])).toEqual([503, 503, 201]);
    expect(attempts.map((span) => span.attributes['error.type'])).toEqual(['503', '503', undefined]);
    expect(attempts.map((span) => span.status.code)).toEqual([
      SpanStatusCode.ERROR,
      SpanStatusCode.ERROR,
      SpanStatusCode.UNSET,
    ]);
    expect(attempts[0]?.attributes).toEqual({
      'http.request.method': 'POST',
      'url.full': `https://api.psp.test${CASHOUT}`,
      'url.template': CASHOUT,
      'server.address': 'api.psp.test',
      'server.port': 443,
      'http.response.status_code': 503,
      'error.type': '503',
    });
  });

  it('records one http.client.request.duration point per attempt, in seconds, without the key', async () => {
    otel.instrument();
    const { key } = await retriedPayout();
    const points = await otel.durations();
    const byStatus = Object.fromEntries(
      points.map((point) => [point.attributes['http.response.status_code'], point.value.count]),
    );
    expect(byStatus).toEqual({ 503: 2, 201: 1 });
    for (const point of points) {
      expect(Object.keys(point.attributes).sort()).toEqual(
        [
          'http.request.method',
          'server.address',
          'server.port',
          'url.template',
          'http.response.status_code',
          ...(point.attributes['http.response.status_code'] === 503 ? ['error.type'] : []),
        ].sort(),
      );
      expect(JSON.stringify(point)).not.toContain(key);
      expect(point.value.sum).toBeLessThan(5); // seconds, not milliseconds
    }
  });

  it("with attemptSpans: 'none', is the call span alone and no measurement", async () => {
    otel.instrument({ attemptSpans: 'none' });
    await retriedPayout();
    expect(otel.spans().map((span) => span.name)).toEqual(['createCashout', 'test']);
    expect(await otel.durations()).toEqual([]);
  });

  it('is not traced once unsubscribed', async () => {
    otel.instrument()();
    await retriedPayout();
    expect(otel.spans().map((span) => span.name)).toEqual(['test']);
  });
});

describe('a call that fails', () => {
  it('on an error answer (422): ERROR status with the message, and error.type 422 on both spans', async () => {
    otel.instrument();
    const { client } = quietClient([
      json(422, { message: 'insufficient balance', code: 'INSUFFICIENT_BALANCE' }),
    ]);
    await expect(client.cashouts.create(payoutParams)).rejects.toBeInstanceOf(UnprocessableEntityError);
    const [attempt, call] = otel.spans();
    expect(attempt?.attributes).toMatchObject({ 'http.response.status_code': 422, 'error.type': '422' });
    expect(attempt?.status.code).toBe(SpanStatusCode.ERROR);
    expect(call?.attributes).toMatchObject({ 'error.type': '422', 'pix_payments.attempts': 1 });
    expect(call?.status).toEqual({
      code: SpanStatusCode.ERROR,
      message: expect.stringContaining('insufficient balance'),
    });
  });

  it('on a connection failure: error.type APIConnectionError and no status code', async () => {
    otel.instrument();
    const { client } = quietClient([new TypeError('fetch failed')], { maxRetries: 0 });
    await expect(client.balance.retrieve()).rejects.toBeInstanceOf(APIConnectionError);
    const [attempt, call] = otel.spans();
    expect(attempt?.attributes['error.type']).toBe('APIConnectionError');
    expect(attempt?.attributes).not.toHaveProperty('http.response.status_code');
    expect(attempt?.status.code).toBe(SpanStatusCode.ERROR);
    expect(call?.attributes['error.type']).toBe('APIConnectionError');
    expect(call?.status.code).toBe(SpanStatusCode.ERROR);
  });
});

describe('what the spans hold', () => {
  it('never the secret key nor the user token, even when an answer echoes them', async () => {
    const userToken = `eyJ.${'T0k3n'.repeat(6)}.sig`;
    otel.instrument();
    const echo = `rejected ${SECRET_KEY} and ${userToken}`;
    const { client } = quietClient(
      [unavailable(), json(201, payoutRecord), json(401, { message: echo, code: 'UNAUTHORIZED' })],
      {
        userToken,
      },
    );
    await client.cashouts.create(payoutParams);
    await expect(client.webhooks.list()).rejects.toThrow();
    const spans = otel.spans();
    expect(spans).toHaveLength(5);
    const printed = spans.map((span) => inspect(span, { depth: null })).join('\n');
    expect(printed).toContain('createCashout');
    expect(printed).not.toContain(SECRET_KEY);
    expect(printed).not.toContain(userToken);
    expect(printed).not.toContain('T0k3nT0k3n');
  });
});
