import * as z from 'zod/mini';
import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/config.js';
import type { HttpCore } from '../core/http.js';
import type { PagePromise } from '../core/pagination.js';
import { CreateTransactionParams, CreateTransactionResponse } from '../schemas/charge.js';
import { Guid } from '../schemas/formats.js';
import { ListTransactionsParams } from '../schemas/list.js';
import { Transaction } from '../schemas/transaction.js';
import { toCreateTransactionBody, toListQuery } from '../schemas/wire.js';
import { NEW_CHARGE, RECORD, RECORDS } from './answers.js';
import { ListAnswer } from './list-answer.js';

const TransactionId = z.strictObject({ transactionId: Guid });

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
    return this.#core.call(
      {
        method: 'POST',
        path: '/v1/integrations/create-transaction',

        params: CreateTransactionParams,
        idempotencyKey: 'referenceId',
        body: toCreateTransactionBody,
        answer: CreateTransactionResponse,
        decode: NEW_CHARGE,
      },
      params,
      options,
    );
  }

  /** One transaction by its `transactionId` (GET list-transactions?transactionId=). */
  retrieve(transactionId: string, options?: RequestOptions): APIPromise<Transaction> {
    return this.#core.call(
      {
        method: 'GET',
        path: '/v1/integrations/list-transactions',

        params: TransactionId,
        query: (valid) => valid,
        answer: Transaction,
        decode: RECORD,
      },
      { transactionId },
      options,
    );
  }

  /**
   * A page of transactions, newest first; iterate it to walk every page.
   * @example
   * for await (const tx of client.transactions.list({ status: 'COMPLETED', dateFrom: '2026-11-01' })) { … }
   */
  list(params: ListTransactionsParams = {}, options?: RequestOptions): PagePromise<Transaction> {
    return this.#core.list(
      {
        method: 'GET',
        path: '/v1/integrations/list-transactions',

        params: ListTransactionsParams,
        query: toListQuery,
        answer: ListAnswer,
        decode: RECORDS,
      },
      params,
      options,
    );
  }
}
