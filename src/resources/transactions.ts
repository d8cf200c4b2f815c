import * as z from 'zod/mini';
import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/config.js';
import type { PagePromise } from '../core/pagination.js';
import { validateParams, validateWithIdempotencyKey } from '../core/validate.js';
import { CreateTransactionParams, CreateTransactionResponse } from '../schemas/charge.js';
import { Guid } from '../schemas/formats.js';
import { ListTransactionsParams } from '../schemas/list.js';
import { Transaction } from '../schemas/transaction.js';
import { toCreateTransactionBody } from '../schemas/wire.js';
import type { ClientContext } from './context.js';
import { listRecords } from './list-answer.js';

const TransactionId = z.strictObject({ transactionId: Guid });

/** PIX charges (CASHIN) and the transaction queries. */
export class TransactionsResource {
  constructor(private readonly client: ClientContext) {}

  /**
   * Creates a PIX charge; show its `pixCode` to the payer. `referenceId` is the idempotency key:
   * when omitted, one is generated and reused on every retry of this call.
   * @example
   * const charge = await client.transactions.create({ amount: 19.9, trackingParameters: { utm_source: 'google' } });
   */
  create(params: CreateTransactionParams, options?: RequestOptions): APIPromise<CreateTransactionResponse> {
    return this.client.call(() => {
      const { key, valid } = validateWithIdempotencyKey(CreateTransactionParams, params, 'referenceId');
      return {
        method: 'POST',
        path: '/v1/integrations/create-transaction',
        auth: 'secret',
        body: toCreateTransactionBody(valid),
        schema: CreateTransactionResponse,
        idempotencyKey: key,
      };
    }, options);
  }

  /** One transaction by its `transactionId` (GET list-transactions?transactionId=). */
  retrieve(transactionId: string, options?: RequestOptions): APIPromise<Transaction> {
    return this.client.call(() => {
      validateParams(TransactionId, { transactionId });
      const query = { transactionId };
      return {
        method: 'GET',
        path: '/v1/integrations/list-transactions',
        query,
        auth: 'secret',
        schema: Transaction,
      };
    }, options);
  }

  /**
   * A page of transactions, newest first; iterate it to walk every page.
   * @example
   * for await (const tx of client.transactions.list({ status: 'COMPLETED', dateFrom: '2026-11-01' })) { … }
   */
  list(params: ListTransactionsParams = {}, options?: RequestOptions): PagePromise<Transaction> {
    return listRecords(
      this.client,
      '/v1/integrations/list-transactions',
      ListTransactionsParams,
      params,
      options,
    );
  }
}
