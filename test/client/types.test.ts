/**
 * Type-level tests: `npm run typecheck` fails if an `@ts-expect-error` line compiles, and
 * `expectTypeOf` pins the result types.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type {
  APIResult,
  Balance,
  CreateCashoutResponse,
  CreateTransactionResponse,
  Page,
  PaymentsClient,
  Transaction,
  WebhookSubscription,
} from '../../src/index.js';

declare const client: PaymentsClient;

describe('types', () => {
  it('refuses invalid parameters at compile time', () => {
    const compileOnly = () => {
      // @ts-expect-error an invalid pixKeyType
      void client.cashouts.create({ amount: 10, pixKey: 'a@b.co', pixKeyType: 'IBAN' });
      // @ts-expect-error a missing amount
      void client.cashouts.create({ pixKey: 'a@b.co', pixKeyType: 'EMAIL' });
      // @ts-expect-error a charge with pixKey
      void client.transactions.create({ amount: 10, pixKey: 'a@b.co' });
      // @ts-expect-error snake_case is the wire's, not the SDK's
      void client.transactions.list({ per_page: 10 });
      // @ts-expect-error an unknown status filter
      void client.transactions.list({ status: 'PAID' });
      // @ts-expect-error an unknown event name
      void client.webhooks.create({ url: 'https://x.test', events: ['transaction.paid'] });
    };
    void compileOnly;
  });

  it('types results precisely', () => {
    // Compile-time only: `client` is a declaration, never called.
    const compileOnly = () => {
      expectTypeOf(client.balance.retrieve()).resolves.toEqualTypeOf<Balance>();
      expectTypeOf(
        client.transactions.create({ amount: 1 }),
      ).resolves.toEqualTypeOf<CreateTransactionResponse>();
      expectTypeOf(
        client.cashouts.create({ amount: 10, pixKey: 'a@b.co', pixKeyType: 'EMAIL' }),
      ).resolves.toEqualTypeOf<CreateCashoutResponse>();
      expectTypeOf(client.cashouts.retrieve(1)).resolves.toEqualTypeOf<Transaction>();
      expectTypeOf(client.transactions.list()).resolves.toEqualTypeOf<Page<Transaction>>();
      expectTypeOf(client.webhooks.retrieve('x')).resolves.toEqualTypeOf<WebhookSubscription>();
      expectTypeOf(client.webhooks.delete('x')).resolves.toEqualTypeOf<undefined>();
      expectTypeOf(client.balance.retrieve().withResponse()).resolves.toEqualTypeOf<APIResult<Balance>>();
      expectTypeOf<CreateTransactionResponse['transactionId']>().toEqualTypeOf<string>();
      expectTypeOf<Transaction['amount']>().toEqualTypeOf<number>();
      expectTypeOf<Transaction['description']>().toEqualTypeOf<string | null>();
      expectTypeOf<Transaction['status']>().toExtend<string>();
      expectTypeOf<'COMPLETED'>().toExtend<Transaction['status']>();
    };
    expectTypeOf(compileOnly).toBeFunction();
  });
});
