/**
 * A charge's `clientCpf` on the wire is digits only ("string (digits)" in the interface): the mock
 * refuses punctuation as such, while the SDK strips it before sending, as it does a CPF PIX key.
 */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentsClient } from '../../src/index.js';
import { createMockService } from '../../src/mock/index.js';
import { caller } from './harness.js';

const mock = createMockService();
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());
const api = caller(mock.baseUrl, mock.secretKey);
const create = (clientCpf: string) =>
  api('POST', '/v1/integrations/create-transaction', { amount: 19.9, clientCpf });

describe('clientCpf on the wire', () => {
  it('refuses a valid CPF written with punctuation: 422, "must be digits only", not a check-digit message', async () => {
    const reply = await create('529.982.247-25');
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'clientCpf: must be digits only, such as "52998224725"; got the string "529.982.247-25"',
      errors: { clientCpf: ['must be digits only, such as "52998224725"; got the string "529.982.247-25"'] },
    });
    // A wrong check digit keeps its own message; the digits alone are taken.
    const wrong = await create('52998224724');
    expect(wrong.body.errors).toEqual({ clientCpf: ['must be a CPF of 11 digits with valid check digits'] });
    const right = await create('52998224725');
    expect([right.status, right.body.clientCpf]).toEqual([201, '52998224725']);
  });
});

describe('clientCpf through the SDK', () => {
  const client = new PaymentsClient({ secretKey: mock.secretKey, baseUrl: mock.baseUrl, logLevel: 'off' });

  it('creates the charge with "529.982.247-25" and the record holds 52998224725', async () => {
    const charge = await client.transactions.create({ amount: 19.9, clientCpf: '529.982.247-25' });
    expect(charge.clientCpf).toBe('52998224725');
    expect(mock.state.records().find((r) => r.transactionId === charge.transactionId)?.clientCpf).toBe(
      '52998224725',
    );
  });
});
