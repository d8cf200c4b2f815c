/**
 * Error guards across builds: an error thrown by the CommonJS build is recognised by the ESM
 * build's guards and `instanceof`, and the other way round (two copies of the package in one app).
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// The built files, typed as the source (the type check runs before the build in CI).
type Build = typeof import('../../src/index.js');
const ESM_BUILD = '../../dist/index.js';
const esm = (await import(ESM_BUILD)) as Build;
const cjs = createRequire(import.meta.url)('../../dist/index.cjs') as Build;
const SECRET_KEY = `sk_live_prod_${'S3cr3t'.repeat(5)}ab`;

function clientOf(build: Build, status: number) {
  const fetch = async () =>
    new Response(JSON.stringify({ message: 'no', code: 'X' }), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  return new build.PaymentsClient({
    secretKey: SECRET_KEY,
    baseUrl: 'https://api.psp.test',
    fetch,
    maxRetries: 0,
  });
}

describe.each([
  ['CommonJS', 'ESM', cjs, esm],
  ['ESM', 'CommonJS', esm, cjs],
])('an error thrown by the %s build, checked by the %s build', (_thrower, _checker, thrower, checker) => {
  it('is a PaymentsError to isPaymentsError, instanceof and PaymentsError.is', async () => {
    const error = await clientOf(thrower, 429)
      .balance.retrieve()
      .catch((e) => e);
    // The two builds' classes are distinct: plain instanceof fails, so the tags are what work.
    expect(Function.prototype[Symbol.hasInstance].call(checker.PaymentsError, error)).toBe(false);
    expect(checker.isPaymentsError(error)).toBe(true);
    expect(error instanceof checker.PaymentsError).toBe(true);
    expect(checker.PaymentsError.is(error)).toBe(true);
  });

  it.each([
    [401, 'AuthenticationError'],
    [404, 'NotFoundError'],
    [409, 'ConflictError'],
    [422, 'UnprocessableEntityError'],
    [429, 'RateLimitError'],
    [503, 'InternalServerError'],
  ] as const)('a %s is exactly its class (%s) and an APIError', async (status, name) => {
    const error = await clientOf(thrower, status)
      .balance.retrieve()
      .catch((e) => e);
    const classes = [
      'AuthenticationError',
      'NotFoundError',
      'ConflictError',
      'UnprocessableEntityError',
      'RateLimitError',
      'InternalServerError',
    ] as const;
    for (const other of classes) {
      expect(error instanceof checker[other]).toBe(other === name);
      expect(checker[other].is(error)).toBe(other === name);
    }
    expect(error instanceof checker.APIError).toBe(true);
    expect(error instanceof checker.ValidationError).toBe(false);
  });

  it('a ValidationError and a connection error are recognised, and are not APIErrors', async () => {
    const invalid = await clientOf(thrower, 200)
      .cashouts.create({ amount: 1 } as never)
      .catch((e) => e);
    expect(invalid instanceof checker.ValidationError).toBe(true);
    expect(checker.APIError.is(invalid)).toBe(false);
    const dropped = new thrower.PaymentsClient({
      secretKey: SECRET_KEY,
      baseUrl: 'https://api.psp.test',
      maxRetries: 0,
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    const error = await dropped.balance.retrieve().catch((e) => e);
    expect(error instanceof checker.APIConnectionError).toBe(true);
    expect(error instanceof checker.APITimeoutError).toBe(false);
  });

  it('webhook delivery errors are recognised by isWebhookDeliveryError and instanceof', async () => {
    const parse = thrower.parseWebhookEvent.bind(undefined);
    let error: unknown;
    try {
      parse('not json');
    } catch (caught) {
      error = caught;
    }
    expect(checker.isWebhookDeliveryError(error)).toBe(true);
    expect(error instanceof checker.WebhookParseError).toBe(true);
    expect(error instanceof checker.WebhookSignatureError).toBe(false);
    expect(checker.isPaymentsError(error)).toBe(true);
  });
});

describe('a class the app derives', () => {
  it('keeps plain instanceof: an SDK error is not an instance of it', async () => {
    class AppError extends esm.APIError {}
    const error = await clientOf(esm, 404)
      .balance.retrieve()
      .catch((e) => e);
    expect(error instanceof AppError).toBe(false);
    expect(error instanceof esm.APIError).toBe(true);
  });
});
