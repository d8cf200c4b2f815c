/** Every example runs against the mock (or Redis) and prints what it promises. */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisServer } from '../support/redis.js';

const ROOT = resolve(import.meta.dirname, '../..');

function runExample(name: string, env: Record<string, string> = {}): Promise<string> {
  const clean = { ...process.env, PIX_PAYMENTS_BASE_URL: '', PIX_PAYMENTS_SECRET_KEY: '', ...env };
  return new Promise((done, fail) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `examples/${name}.ts`],
      { cwd: ROOT, env: clean, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (error) fail(new Error(`${name} failed:\n${stdout}${stderr}`));
        else done(stdout);
      },
    );
  });
}

let redis: { url: string; stop(): void } | undefined;
beforeAll(async () => {
  redis = await redisServer();
});
afterAll(() => redis?.stop());

describe('examples', () => {
  it('validate-payout prints the accepted payout and names the rules broken', async () => {
    expect((await runExample('validate-payout')).trim().split('\n')).toEqual([
      'ok: CPF 52998224725 receives 145.00',
      'rejected: amount: must be greater than 5.00, the fixed payout fee',
      'rejected: pixKey: must be a CNPJ of 12 digits or upper-case letters followed by 2 valid check digits',
    ]);
  });

  it('quickstart walks the recommended order', async () => {
    const out = await runExample('quickstart');
    expect(out).toMatch(/^balance: 10000\.00 BRL available$/m);
    expect(out).toMatch(/^charge: [0-9a-f-]{36} PENDING$/m);
    expect(out).toMatch(/^payout: [0-9a-f-]{36} PENDING, fee 5\.00, receiver gets 95\.00$/m);
    expect(out).toMatch(/^payout now: COMPLETED$/m);
  });

  it('charge-and-wait-for-payment is paid through a verified webhook', async () => {
    const out = await runExample('charge-and-wait-for-payment');
    expect(out).toContain('webhook: transaction.completed');
    expect(out).toMatch(/^paid: [0-9a-f-]{36} \(utm_source newsletter\)$/m);
    expect(out).toMatch(/^status: COMPLETED$/m);
  });

  it('payouts-with-idempotency debits once after a lost answer', async () => {
    const out = await runExample('payouts-with-idempotency');
    expect(out).toContain('retry answered 200: the same payout, not a new one');
    expect(out).toContain('balance went from 10000.00 to 9750.00: debited once');
  });

  it('pagination walks every page with filters', async () => {
    const out = await runExample('pagination');
    expect(out).toContain('completed charges today: 4, total 300.00');
    expect(out).toContain('page 1 of 3: 5 records of 12');
  });

  it('error-handling shows every error class', async () => {
    const out = await runExample('error-handling');
    for (const name of [
      'ValidationError',
      'AuthenticationError',
      'PermissionDeniedError',
      'NotFoundError',
      'ConflictError',
      'UnprocessableEntityError',
      'RateLimitError',
      'InternalServerError',
      'APITimeoutError',
      'APIConnectionError',
      'ResponseValidationError',
    ]) {
      expect(out).toContain(`: ${name}: `);
    }
    // A code the client refuses itself arrives as a ValidationError carrying it (docs/errors.md).
    expect(out).toContain(
      'amount below the fee: ValidationError: fix the request: nothing was sent (AMOUNT_BELOW_FEE)',
    );
  });

  it.each([
    ['webhook-express', 'express'],
    ['webhook-hono', 'hono'],
    ['webhook-node-http', 'node:http'],
  ])('%s receives and verifies real deliveries from the mock', async (name, label) => {
    const out = await runExample(name);
    expect(out.trim().split('\n')).toEqual([
      `${label} received transaction.created`,
      `${label} received transaction.completed`,
    ]);
  });

  it('webhook-fastify verifies the raw bytes on its route, keeps JSON elsewhere and bounds the body', async () => {
    expect((await runExample('webhook-fastify')).trim().split('\n')).toEqual([
      'fastify received transaction.created',
      'fastify received transaction.completed',
      '/orders answered 200 {"parsed":{"sku":"book","quantity":2}}',
      'a webhook body over maxBodyBytes: 413',
    ]);
  });

  it('webhook-nextjs accepts a signed delivery once and refuses a forged one', async () => {
    const out = await runExample('webhook-nextjs');
    expect(out).toContain('first delivery: 200');
    expect(out).toContain('same delivery again: {"received":true,"duplicate":true}');
    expect(out).toContain('forged delivery: 400');
  });

  it('tracing-opentelemetry prints a retried payout: a call span under the application’s, three attempts under it', async () => {
    const out = await runExample('tracing-opentelemetry');
    expect(out).toMatch(/^pay supplier \(INTERNAL, parent: none\)$/m);
    expect(out).toMatch(/^ {2}createCashout \(INTERNAL, parent: pay supplier\)$/m);
    expect(out).toContain('pix_payments.attempts = 3');
    const attempts = out.match(
      /^ {4}POST \/v1\/integrations\/create-cashout \(CLIENT, parent: createCashout.*$/gm,
    );
    expect(attempts).toEqual(
      [
        'POST /v1/integrations/create-cashout (CLIENT, parent: createCashout, status ERROR)',
        'POST /v1/integrations/create-cashout (CLIENT, parent: createCashout, status ERROR)',
        'POST /v1/integrations/create-cashout (CLIENT, parent: createCashout)',
      ].map((line) => `    ${line}`),
    );
    expect(out.match(/http\.request\.resend_count = \d/g)).toEqual([
      'http.request.resend_count = 1',
      'http.request.resend_count = 2',
    ]);
    expect(out.match(/http\.response\.status_code = \d+/g)).toEqual([
      'http.response.status_code = 503',
      'http.response.status_code = 503',
      'http.response.status_code = 201',
    ]);
  });

  it('redis-dedupe handles a delivery to two receivers once', async () => {
    const out = await runExample('redis-dedupe', { REDIS_URL: redis?.url ?? '' });
    expect(out).toContain('answers: 200, 409, 409');
    expect(out).toContain('a later retry: 200 {"received":true,"duplicate":true}');
    expect(out).toContain('handled: 1 time(s)');
  });
});
