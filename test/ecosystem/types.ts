// TypeScript consumer: type-checked strictly, without @types/node, under node16 and bundler resolution.
import {
  type CreateCashoutParams,
  PaymentsClient,
  type Transaction,
  UnprocessableEntityError,
} from 'pix-payments';
import { buildStaticBrCode, pixCodeToSvg, type StaticBrCodeParams } from 'pix-payments/qr';
import { type SummaryRow, summarize, toCsv } from 'pix-payments/reports';
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
  if (event.event === 'transaction.completed') return event.data.referenceId ?? String(event.data.id);
  return event.event;
}

export async function reconcile(): Promise<{ rows: SummaryRow[]; csv: string[] }> {
  const { rows } = await summarize(client.transactions.list());
  const csv: string[] = [];
  for await (const line of toCsv(client.cashouts.list(), { columns: ['transactionId', 'amount'] }))
    csv.push(line);
  return { rows, csv };
}

const counter: StaticBrCodeParams = { pixKey: 'a@b.co', amount: 19.9, merchantName: 'Loja', city: 'Recife' };
export const counterQr: string = pixCodeToSvg(buildStaticBrCode(counter));
