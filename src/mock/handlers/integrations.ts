/** Balance, charges and the transaction queries (/v1/integrations/*). */
import { fromCents } from '../../pix/money.js';
import { type MockContext, ownRecord } from '../context.js';
import { listPage } from '../domain/listing.js';
import { toWireTransaction } from '../domain/records.js';
import { route } from '../http/route.js';

/** The handlers of balance, create-transaction and list-transactions. */
export function integrationHandlers(ctx: MockContext) {
  const auth = (request: Request) => ctx.credentials.merchantForSecretKey(request);
  return [
    route(ctx, 'getBalance', (request) => {
      const balance = ctx.store.balance(auth(request).id);
      return {
        status: 200,
        body: {
          available: fromCents(balance.availableCents),
          pending: fromCents(balance.pendingCents),
          currency: 'BRL',
          updatedAt: ctx.clock.now().toISOString(),
        },
      };
    }),

    route(ctx, 'createTransaction', async (request, _, input) => {
      const merchant = auth(request);
      const body = await input.body();
      // From here on nothing awaits: the idempotency check and the claim are one step.
      const { record, replay } = ctx.ledger.createCharge(merchant, body);
      return { status: replay ? 200 : 201, body: toWireTransaction(record) };
    }),

    route(ctx, 'listTransactions', (request, _, input) => {
      const merchant = auth(request);
      const query = input.query();
      if (query.transactionId !== undefined) {
        return { status: 200, body: toWireTransaction(ownRecord(ctx, merchant, query.transactionId)) };
      }
      const page = listPage(ctx.store, merchant.id, query);
      return { status: 200, body: { data: page.records.map(toWireTransaction), meta: page.meta } };
    }),
  ];
}
