/** PaymentsClient: the merchant's entry point to the PIX payments service. */
import type * as z from 'zod/mini';
import { APIPromise, type APIResult } from './core/api-promise.js';
import { type ClientOptions, type RequestOptions, resolveConfig } from './core/config.js';
import { HttpCore, type RequestSpec } from './core/http.js';
import { rejecting } from './core/validate.js';
import { BalanceResource } from './resources/balance.js';
import { CashoutsResource } from './resources/cashouts.js';
import type { ClientContext } from './resources/context.js';
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
  readonly #core: HttpCore;

  constructor(options: ClientOptions = {}) {
    const config = resolveConfig(options);
    this.baseUrl = config.baseUrl;
    this.#core = new HttpCore(config);
    const core = this.#core;
    const context: ClientContext = {
      call<S extends z.ZodMiniType | undefined>(
        spec: RequestSpec<S> | (() => RequestSpec<S>),
        callOptions?: RequestOptions,
      ) {
        const result = rejecting(() => core.request(typeof spec === 'function' ? spec() : spec, callOptions));
        return new APIPromise(
          result as Promise<APIResult<S extends z.ZodMiniType ? z.output<S> : undefined>>,
        );
      },
      fetch<S extends z.ZodMiniType>(spec: RequestSpec<S>, callOptions?: RequestOptions) {
        return core.request(spec, callOptions) as Promise<APIResult<z.output<S>>>;
      },
    };
    this.balance = new BalanceResource(context);
    this.transactions = new TransactionsResource(context);
    this.cashouts = new CashoutsResource(context);
    this.webhooks = new WebhooksResource(context);
  }

  /** Keeps the secret key out of `console.log(client)` and `JSON.stringify(client)`. */
  toJSON(): { baseUrl: string } {
    return { baseUrl: this.baseUrl };
  }
}
