/** docs/client.md, "Retries and idempotency": a money call that fails without a definite answer says what to do. */
import { describe, expect, it } from 'vitest';
import { uncertainOutcomeAdvice } from '../../src/core/uncertain-outcome.js';
import type { MoneyMove } from '../../src/endpoints.js';
import {
  APIConnectionError,
  APITimeoutError,
  InternalServerError,
  type PaymentsClient,
  type PaymentsError,
  ResponseValidationError,
  UnprocessableEntityError,
} from '../../src/index.js';
import { asKeyedChange } from '../support/keyed-change.js';
import { clientWith, json, payoutParams } from './scripted-fetch.js';

type Step = Parameters<typeof clientWith>[0][number];

const dropped = () => new TypeError('fetch failed', { cause: new Error('other side closed') });
const hang = (request: Request) =>
  new Promise<Response>((_, reject) =>
    request.signal.addEventListener('abort', () => reject(request.signal.reason)),
  );
const failures: [string, () => Step, abstract new (...args: never[]) => PaymentsError, RegExp][] = [
  ['a dropped connection', dropped, APIConnectionError, /^Connection error: other side closed\. /],
  ['a timeout', () => hang, APITimeoutError, /^Request timed out after 30 ms\. /],
  [
    'a 500',
    () => json(500, { message: 'Internal error', code: 'INTERNAL_ERROR' }),
    InternalServerError,
    /^500 INTERNAL_ERROR: Internal error \(request req_test123\)\. /,
  ],
];
const unprocessable = () => json(422, { message: 'Insufficient balance', code: 'INSUFFICIENT_BALANCE' });

/** Each money call, run against one scripted answer; resolves to its error and the key it was sent with. */
const calls: [string, (client: PaymentsClient) => Promise<PaymentsError>, (key: string) => string][] = [
  [
    'transactions.create',
    (client) => client.transactions.create({ amount: 19.9 }).catch((e) => e),
    (key) =>
      `The charge may have been created; call again with { referenceId: '${key}' } to get it, never without it.`,
  ],
  [
    'cashouts.create',
    (client) => client.cashouts.create(payoutParams).catch((e) => e),
    (key) =>
      `The payout may have been created; call again with { idempotencyKey: '${key}' } to get it, never without it.`,
  ],
  [
    'a cashouts.createMany line',
    async (client) => {
      for await (const line of client.cashouts.createMany([payoutParams], { batchId: 'b1' }))
        return line.error as PaymentsError;
      throw new Error('no line');
    },
    (key) =>
      `The payout may have been created; call again with { idempotencyKey: '${key}' } to get it, never without it.`,
  ],
  [
    'cashouts.approve',
    (client) => client.cashouts.approve({ id: 7 }).catch((e) => e),
    () => 'The approval may have been applied; retrieve payout 7 before approving again.',
  ],
];

function run(step: Step, options = {}) {
  return clientWith([step], { maxRetries: 0, timeout: 30, logLevel: 'off', ...options });
}

describe.each(calls)('%s', (_, call, advice) => {
  it.each(failures)(
    'after %s, says the money may have moved and names the key',
    async (_, step, Class, start) => {
      const { client, requests } = run(step());
      const error = await call(client);
      expect(error).toBeInstanceOf(Class);
      const key = requests[0]?.body.referenceId ?? requests[0]?.body.idempotencyKey;
      expect(error.idempotencyKey).toBe(key);
      expect(error.message).toMatch(start);
      expect(error.message.endsWith(advice(String(key)))).toBe(true);
      expect(JSON.stringify(error)).toContain(advice(String(key)));
    },
  );

  it('after a 2xx it could not read (strict), says the same', async () => {
    const { client, requests } = run(json(200, { unexpected: true }), { responseValidation: 'strict' });
    const error = await call(client);
    expect(error).toBeInstanceOf(ResponseValidationError);
    const key = requests[0]?.body.referenceId ?? requests[0]?.body.idempotencyKey;
    expect(error.message).toMatch(/^Unexpected response: .*\. The (charge|payout|approval) may have been/);
    expect(error.message.endsWith(advice(String(key)))).toBe(true);
  });

  it('says nothing of it after a 422, where nothing moved, unlike after a 503', async () => {
    const refused = await call(run(unprocessable()).client);
    expect(refused).toBeInstanceOf(UnprocessableEntityError);
    expect(refused.message).toBe('422 INSUFFICIENT_BALANCE: Insufficient balance (request req_test123)');
    const failed = await call(run(json(503, {})).client);
    expect(failed.message).toMatch(/^503: Server error \(request req_test123\)\. The \w+ may have been/);
  });
});

describe('where the advice goes', () => {
  it('on a create that fails without an answer, not on a read: a read moved no money', async () => {
    const read = await run(dropped())
      .client.cashouts.retrieve(7)
      .catch((e) => e);
    expect(read.message).toBe('Connection error: other side closed');
    const create = await run(dropped())
      .client.cashouts.create(payoutParams)
      .catch((e) => e);
    expect(create.message).toMatch(/^Connection error: other side closed\. The payout may have been created/);
  });

  it('once, on the error thrown after the last retry', async () => {
    const { client, requests } = clientWith([dropped(), json(503, {})], { maxRetries: 1, logLevel: 'off' });
    const error = await client.cashouts.create(payoutParams).catch((e) => e);
    expect(requests).toHaveLength(2);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.message.match(/may have been created/g)).toHaveLength(1);
  });
});

describe('what the advice says the call may have done: its entry declares it (idempotency.effect)', () => {
  const key = { field: 'idempotencyKey', scope: 'CASHIN' } as const;
  // No operation refunds yet: the money move of a keyed change to come.
  const refund = 'refund' as MoneyMove;

  it('a keyed create may have made its record, which the same key gets', () => {
    expect(uncertainOutcomeAdvice('payout', { ...key, effect: 'create' }, 'k-1', {})).toBe(
      "The payout may have been created; call again with { idempotencyKey: 'k-1' } to get it, never without it.",
    );
  });

  it('a keyed change may have been applied, and the same key never applies it twice', () => {
    expect(uncertainOutcomeAdvice(refund, { ...key, effect: 'change' }, 'k-1', {})).toBe(
      "The refund may have been applied; call again with { idempotencyKey: 'k-1' }: the same key never applies it twice.",
    );
  });

  it("is the one the client reads off the call's entry (create-transaction declared a change, as a fake)", async () => {
    const error = await asKeyedChange('createTransaction', () =>
      run(dropped())
        .client.transactions.create({ amount: 19.9 })
        .catch((e) => e),
    );
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(error.message).toBe(
      `Connection error: other side closed. The charge may have been applied; call again with { referenceId: '${error.idempotencyKey}' }: the same key never applies it twice.`,
    );
  });
});
