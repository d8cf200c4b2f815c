import { describe, expect, it } from 'vitest';
import { CPF, useMock } from './harness.js';

const { mock, api } = useMock();

describe('idempotency under concurrency', () => {
  it('50 simultaneous create-cashout calls with one key create one payout and debit once', async () => {
    const idempotencyKey = crypto.randomUUID();
    const replies = await Promise.all(
      Array.from({ length: 50 }, () =>
        api('POST', '/v1/integrations/create-cashout', {
          amount: 100,
          pixKey: CPF,
          pixKeyType: 'CPF',
          idempotencyKey,
        }),
      ),
    );
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 200)).toHaveLength(49);
    expect(new Set(replies.map((r) => r.body.transactionId)).size).toBe(1);
    expect(mock.state.records()).toHaveLength(1);
    expect(mock.state.balance().availableCents).toBe(1_000_000 - 10_000);
  });

  it('50 simultaneous create-transaction calls with one referenceId create one charge', async () => {
    const referenceId = crypto.randomUUID();
    const replies = await Promise.all(
      Array.from({ length: 50 }, () =>
        api('POST', '/v1/integrations/create-transaction', { amount: 10, referenceId }),
      ),
    );
    expect(new Set(replies.map((r) => r.body.transactionId)).size).toBe(1);
    expect(mock.state.records()).toHaveLength(1);
  });
});
