import type { APIPromise } from '../core/api-promise.js';
import { type BatchLineResult, type BatchOptions, runBatch } from '../core/batch.js';
import type { RequestOptions } from '../core/config.js';
import type { HttpCore } from '../core/http.js';
import type { PagePromise } from '../core/pagination.js';
import { signalOf, type WaitOptions, waitForRecord } from '../core/wait.js';
import { endpoints } from '../endpoints.js';
import type { ApproveCashoutParams, CreateCashoutParams, CreateCashoutResponse } from '../schemas/cashout.js';
import type { TransactionStatus } from '../schemas/enums.js';
import type { ListCashoutsParams } from '../schemas/list.js';
import type { Transaction } from '../schemas/transaction.js';

/** Payouts (CASHOUT) to PIX keys, with the fixed 5.00 fee. */
export class CashoutsResource {
  readonly #core: HttpCore;

  /** @internal Made by `PaymentsClient`. */
  constructor(core: HttpCore) {
    this.#core = core;
  }

  /**
   * Sends a payout; the receiver gets `amount - 5.00`. `idempotencyKey` makes retries safe: when
   * omitted, one is generated and reused on every retry, and any error carries it as
   * `error.idempotencyKey` so that you can call again with it and never pay twice.
   * @example
   * const payout = await client.cashouts.create({ amount: 150, pixKey: 'ana@example.com', pixKeyType: 'EMAIL' });
   */
  create(params: CreateCashoutParams, options?: RequestOptions): APIPromise<CreateCashoutResponse> {
    return this.#core.call(endpoints.createCashout, params, options);
  }

  /** One payout by its transactionId (UUID) or legacy integer id. */
  retrieve(id: string | number, options?: RequestOptions): APIPromise<Transaction> {
    return this.#core.call(endpoints.getCashout, { id }, options);
  }

  /**
   * Waits until the payout reaches a final status or one in `until`, as `transactions.waitFor` does.
   * @example
   * const done = await client.cashouts.waitFor(payout.transactionId, { hub });
   */
  waitFor(id: string | number, options?: WaitOptions<TransactionStatus>): Promise<Transaction> {
    return waitForRecord(id, () => this.retrieve(id, signalOf(options)).withResponse(), options);
  }

  /**
   * Pays a list of payouts, at most `concurrency` at a time, yielding each line's result as it
   * completes; a line's failure (insufficient balance, a bad key) never stops the others. Each
   * line's idempotency key is its own `idempotencyKey` or one derived from `batchId` and its index,
   * so running the same batch again after a crash never pays a line twice.
   * @example
   * for await (const line of client.cashouts.createMany(sellers, { batchId: 'payroll-2026-11' })) {
   *   if (line.error) console.error(line.index, line.error.message);
   * }
   */
  createMany(
    items: Iterable<CreateCashoutParams> | AsyncIterable<CreateCashoutParams>,
    options: BatchOptions,
  ): AsyncGenerator<BatchLineResult<CreateCashoutResponse>> {
    return runBatch(items, options, (item) => this.create(item));
  }

  /** A page of payouts, newest first; iterate it to walk every page. */
  list(params: ListCashoutsParams = {}, options?: RequestOptions): PagePromise<Transaction> {
    return this.#core.list(endpoints.listCashouts, params, options);
  }

  /** Approves a PENDING payout (legacy; for accounts with manual approval). */
  approve(params: ApproveCashoutParams, options?: RequestOptions): APIPromise<Transaction> {
    return this.#core.call(endpoints.approveCashout, params, options);
  }
}
