/** Payouts: create, read, list and the legacy approve (/v1/integrations/*). */
import { type MockContext, ownRecord } from '../context.js';
import { listPage } from '../domain/listing.js';
import { toWireTransaction } from '../domain/records.js';
import { notFound } from '../domain/service-error.js';
import { route } from '../http/route.js';
import type { MockMerchant } from '../options.js';

const INFO = 'Payout accepted and handed to the payment provider for immediate processing';

/** The handlers of create-cashout, get-cashout, list-cashouts and approve-cashout. */
export function cashoutHandlers(ctx: MockContext) {
  const auth = (request: Request) => ctx.credentials.merchantForSecretKey(request);
  const payout = (merchant: MockMerchant, id: string | number) => {
    const record = ownRecord(ctx, merchant, id, 'Payout');
    if (record.type !== 'CASHOUT') throw notFound('Payout');
    return record;
  };
  return [
    route(ctx, 'createCashout', async (request, _, input) => {
      const merchant = auth(request);
      const body = await input.body();
      // From here on nothing awaits: the idempotency check and the claim are one step.
      const { record, replay } = ctx.ledger.createPayout(merchant, body);
      const answer = { status: replay ? 200 : 201, body: { ...toWireTransaction(record), _info: INFO } };
      if (replay || merchant.manualApproval) return answer;
      // The service accepts a payout (PENDING, cashout.created), answers, and only then hands it to
      // the provider (PROCESSING, then COMPLETED or FAILED, each with its webhook).
      return { ...answer, afterAnswer: () => ctx.ledger.processPayout(record) };
    }),

    route(ctx, 'getCashout', (request, params) => ({
      status: 200,
      body: toWireTransaction(payout(auth(request), params.id as string)),
    })),

    route(ctx, 'listCashouts', (request, _, input) => {
      const merchant = auth(request);
      const query = input.query();
      const page = listPage(ctx.store, merchant.id, { ...query, type: 'CASHOUT' });
      return { status: 200, body: { data: page.records.map(toWireTransaction), meta: page.meta } };
    }),

    route(ctx, 'approveCashout', async (request, _, input) => {
      const merchant = auth(request);
      const body = await input.body();
      const record = payout(merchant, body.id);
      if (body.transactionId !== undefined && body.transactionId.toLowerCase() !== record.transactionId) {
        throw notFound('Payout');
      }
      ctx.ledger.approvePayout(record);
      return { status: 200, body: toWireTransaction(record) };
    }),
  ];
}
