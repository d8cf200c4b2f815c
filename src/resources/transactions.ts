import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/config.js';
import type { HttpCore } from '../core/http.js';
import type { PagePromise } from '../core/pagination.js';
import { signalOf, type WaitOptions, waitForRecord } from '../core/wait.js';
import { endpoints, retrieveTransaction } from '../endpoints.js';
import type { CreateTransactionParams, CreateTransactionResponse } from '../schemas/charge.js';
import type { TransactionStatus } from '../schemas/enums.js';
import type { ListTransactionsParams } from '../schemas/list.js';
import type { Transaction } from '../schemas/transaction.js';

/** PIX charges (CASHIN) and the transaction queries. */
export class TransactionsResource {
  readonly #core: HttpCore;

  /** @internal Made by `PaymentsClient`. */
  constructor(core: HttpCore) {
    this.#core = core;
  }

  /**
   * Creates a PIX charge; show its `pixCode` to the payer. `referenceId` is the idempotency key:
   * when omitted, one is generated and reused on every retry of this call.
   * @example
   * const charge = await client.transactions.create({ amount: 19.9, trackingParameters: { utm_source: 'google' } });
   */
  create(params: CreateTransactionParams, options?: RequestOptions): APIPromise<CreateTransactionResponse> {
    return this.#core.call(endpoints.createTransaction, params, options);
  }

  /** One transaction by its `transactionId` (GET list-transactions?transactionId=). */
  retrieve(transactionId: string, options?: RequestOptions): APIPromise<Transaction> {
    return this.#core.call(retrieveTransaction, { transactionId }, options);
  }

  /**
   * Waits until the charge reaches a final status (anything but PENDING and PROCESSING) or one in
   * `until`: polls with backoff from about 1 s, honours `Retry-After`, and ends early when `hub`
   * (shared with your webhook receiver) hears of the charge. Rejects with `WaitTimeoutError`
   * (carrying the last record seen) after `timeout`, and with `APIUserAbortError` on `signal`.
   * @example
   * const paid = await client.transactions.waitFor(charge.transactionId, { until: ['COMPLETED'], timeout: 600_000 });
   */
  waitFor(transactionId: string, options?: WaitOptions<TransactionStatus>): Promise<Transaction> {
    return waitForRecord(
      transactionId,
      () => this.retrieve(transactionId, signalOf(options)).withResponse(),
      options,
    );
  }

  /**
   * A page of transactions, newest first; iterate it to walk every page.
   * @example
   * for await (const tx of client.transactions.list({ status: 'COMPLETED', dateFrom: '2026-11-01' })) { … }
   */
  list(params: ListTransactionsParams = {}, options?: RequestOptions): PagePromise<Transaction> {
    return this.#core.list(endpoints.listTransactions, params, options);
  }
}
