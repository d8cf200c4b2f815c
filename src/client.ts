/** PaymentsClient: the merchant's entry point to the PIX payments service. */
import { type ClientOptions, resolveConfig } from './core/config.js';
import { HttpCore } from './core/http.js';
import { BalanceResource } from './resources/balance.js';
import { CashoutsResource } from './resources/cashouts.js';
import { TransactionsResource } from './resources/transactions.js';
import { WebhooksResource } from './resources/webhooks.js';

/**
 * The client of the PIX payments service: charges, payouts, queries, balance and webhook
 * subscriptions, with validated requests, payment-safe retries and typed errors.
 *
 * @example
 * const client = new PaymentsClient({ secretKey: process.env.PIX_PAYMENTS_SECRET_KEY, baseUrl: 'https://api.psp.example' });
 * const charge = await client.transactions.create({ amount: 19.9 });
 * console.log(charge.pixCode);
 */
export class PaymentsClient {
  /** The account balance. */
  readonly balance: BalanceResource;
  /** PIX charges (CASHIN) and transaction queries. */
  readonly transactions: TransactionsResource;
  /** Payouts (CASHOUT). */
  readonly cashouts: CashoutsResource;
  /** Webhook subscriptions (user token). */
  readonly webhooks: WebhooksResource;
  /** The base URL in use. */
  readonly baseUrl: string;

  constructor(options: ClientOptions = {}) {
    const config = resolveConfig(options);
    this.baseUrl = config.baseUrl;
    const core = new HttpCore(config);
    this.balance = new BalanceResource(core);
    this.transactions = new TransactionsResource(core);
    this.cashouts = new CashoutsResource(core);
    this.webhooks = new WebhooksResource(core);
  }

  /** Keeps the secret key out of `console.log(client)` and `JSON.stringify(client)`. */
  toJSON(): { baseUrl: string } {
    return { baseUrl: this.baseUrl };
  }
}
