/**
 * Every error code docs/errors.md lists (`src/operations.ts`) arrives as the docs say: each is
 * triggered, through the client where it can send the request (the error's class and code are
 * checked), and over raw HTTP to the mock for what the client refuses itself or cannot send (the
 * status and code are checked; test/docs/error-codes.test.ts checks that the client refuses the
 * `local` ones itself). The record below is typed by the table, so a new code does not
 * compile without its trigger.
 */
import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { APIError } from '../../src/errors/api-error.js';
import { PaymentsClient } from '../../src/index.js';
import { ERROR_CODES, type ErrorCodeName } from '../../src/operations.js';
import { CPF, caller, type Reply, useMock } from './harness.js';

/** Answered by the sandbox's HTTP server before any operation: test/sandbox/hostile-http.test.ts, server-limits.test.ts. */
type ServerCode = {
  [K in ErrorCodeName]: (typeof ERROR_CODES)[K]['scope'] extends 'server' ? K : never;
}[ErrorCodeName];

const { mock, api } = useMock({
  merchants: [{}, {}, { initialBalanceCents: Number.MAX_SAFE_INTEGER - 100 }],
});
const client = (secretKey = mock.secretKey, maxRetries = 0) =>
  new PaymentsClient({ baseUrl: mock.baseUrl, secretKey, maxRetries, logLevel: 'off' });
const payout = { pixKey: 'ana@example.com', pixKeyType: 'EMAIL', amount: 10 } as const;
const rejection = (call: () => Promise<unknown>) =>
  call().then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );

/** A trigger: the client's error, or the mock's raw answer. */
type Outcome = unknown;
const TRIGGERS: Record<Exclude<ErrorCodeName, ServerCode>, () => Promise<Outcome>> = {
  INVALID_JSON: () => api('POST', '/v1/integrations/create-cashout', undefined, '{"amount": 10,'),
  // A body that breaks before its end (a client gone mid-request): handed to the mock's handlers
  // directly, since a fetch whose body breaks fails on its own side first.
  INVALID_BODY: async () => {
    const request = new Request(`${mock.baseUrl}/v1/integrations/create-cashout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${mock.secretKey}`, 'content-type': 'application/json' },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"amount":'));
          controller.error(new Error('cut'));
        },
      }),
      duplex: 'half',
    } as RequestInit);
    const response = (await getResponse(mock.handlers, request)) as Response;
    return { status: response.status, headers: response.headers, body: await response.json() };
  },
  UNKNOWN_PARAMETER: () => api('GET', '/v1/integrations/cashout?perPage=1'),
  UNAUTHENTICATED: () => rejection(() => client(`sk_live_prod_${'x'.repeat(32)}`).balance.retrieve()),
  FORBIDDEN: async () => {
    const theirs = await client(mock.merchants[1]?.secretKey).cashouts.create(payout);
    return rejection(() => client().cashouts.retrieve(theirs.transactionId as string));
  },
  NOT_FOUND: () => rejection(() => client().cashouts.retrieve(999_999)),
  METHOD_NOT_ALLOWED: () => api('PUT', '/v1/integrations/balance'),
  IDEMPOTENCY_KEY_REUSED: async () => {
    const idempotencyKey = crypto.randomUUID();
    await client().cashouts.create({ ...payout, idempotencyKey });
    return rejection(() => client().cashouts.create({ ...payout, amount: 20, idempotencyKey }));
  },
  INVALID_TRANSITION: async () => {
    const done = await client().cashouts.create(payout);
    return rejection(() => client().cashouts.approve({ id: done.id as number }));
  },
  PAYLOAD_TOO_LARGE: () => api('POST', '/v1/integrations/create-cashout', undefined, ' '.repeat(1_100_000)),
  UNSUPPORTED_MEDIA_TYPE: () =>
    fetch(`${mock.baseUrl}/v1/integrations/create-cashout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${mock.secretKey}`, 'content-type': 'text/plain' },
      body: JSON.stringify(payout),
    }).then(async (response) => ({
      status: response.status,
      headers: response.headers,
      body: await response.json(),
    })),
  VALIDATION_ERROR: () => api('POST', '/v1/integrations/create-cashout', { ...payout, amount: 'ten' }),
  FORBIDDEN_FIELD: () =>
    api('POST', '/v1/integrations/create-transaction', {
      amount: 10,
      clientCpf: CPF,
      pixKey: 'ana@example.com',
    }),
  AMOUNT_BELOW_FEE: () => api('POST', '/v1/integrations/create-cashout', { ...payout, amount: 5 }),
  INSUFFICIENT_BALANCE: () => rejection(() => client().cashouts.create({ ...payout, amount: 999_999 })),
  // Only scenario control can pay a charge into a balance this large; the rule is the ledger's.
  BALANCE_LIMIT_EXCEEDED: async () => {
    const rich = mock.merchants[2]?.secretKey as string;
    const charge = await client(rich).transactions.create({ amount: 1000 });
    return caller(mock.baseUrl, rich)('POST', `/__mock/charges/${charge.transactionId}/pay`);
  },
  RATE_LIMITED: () => {
    mock.faults.inject({ route: 'balance', kind: 'rate-limit', retryAfterSeconds: 1 });
    return rejection(() => client().balance.retrieve());
  },
  INTERNAL_ERROR: () => {
    mock.faults.inject({ route: 'balance', kind: 'status', status: 500 });
    return rejection(() => client().balance.retrieve());
  },
};

/** The class an answer of `status` arrives as, as docs/errors.md's generated list names it. */
const classOf = (status: number) =>
  APIError.generate(status, { message: '', code: undefined, errors: undefined }, new Headers(), undefined)
    .constructor;

describe('every error code of docs/errors.md', () => {
  it.each(Object.entries(TRIGGERS))('%s arrives with its status, code and class', async (name, trigger) => {
    const { status } = ERROR_CODES[name as ErrorCodeName];
    const outcome = await trigger();
    if (outcome instanceof Error) {
      expect(outcome).toBeInstanceOf(classOf(status));
      expect(outcome).toMatchObject({ status, code: name });
    } else {
      const reply = outcome as Reply;
      expect([reply.status, reply.body?.code]).toEqual([status, name]);
    }
  });
});
