// TypeScript consumer: type-checked strictly, without @types/node, under node16 and bundler resolution.
import {
  type CreateCashoutParams,
  PaymentsClient,
  type Transaction,
  UnprocessableEntityError,
} from 'pix-payments';
import { constructWebhookEvent, type WebhookEvent } from 'pix-payments/webhooks';

const client = new PaymentsClient({
  baseUrl: 'https://api.psp.example',
  secretKey: 'sk_live_prod_0123456789abcdefghijABCDEFGHIJ',
});
const params: CreateCashoutParams = { amount: 10, pixKey: 'a@b.co', pixKeyType: 'EMAIL' };

export async function payout(): Promise<number> {
  try {
    const created = await client.cashouts.create(params);
    const record: Transaction = await client.cashouts.retrieve(created.id ?? 0);
    return record.finalAmount;
  } catch (error) {
    if (error instanceof UnprocessableEntityError) return error.status;
    throw error;
  }
}

export async function receive(body: string, headers: Headers): Promise<string> {
  const event: WebhookEvent = await constructWebhookEvent(body, headers, 'whsec_x');
  if (event.event === 'transaction.completed') return event.data.referenceId;
  return event.event;
}
