import * as z from 'zod/mini';
import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/config.js';
import type { HttpCore } from '../core/http.js';
import type { PagePromise } from '../core/pagination.js';
import { ApproveCashoutParams, CreateCashoutParams, CreateCashoutResponse } from '../schemas/cashout.js';
import { Guid } from '../schemas/formats.js';
import { ListCashoutsParams } from '../schemas/list.js';
import { Transaction } from '../schemas/transaction.js';
import { toListQuery } from '../schemas/wire.js';
import { RECORD, RECORDS } from './answers.js';
import { ListAnswer } from './list-answer.js';

const LEGACY_ID = /^[1-9]\d*$/;
const PayoutIdParam = z.custom<string | number>(
  (id) =>
    typeof id === 'number'
      ? Number.isSafeInteger(id) && id >= 1
      : typeof id === 'string' && (LEGACY_ID.test(id) || z.safeParse(Guid, id).success),
  { error: 'must be a payout transactionId (UUID) or a legacy integer id' },
);
const PayoutId = z.strictObject({ id: PayoutIdParam });

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
    return this.#core.call(
      {
        method: 'POST',
        path: '/v1/integrations/create-cashout',

        params: CreateCashoutParams,
        idempotencyKey: 'idempotencyKey',
        body: (valid) => valid,
        answer: CreateCashoutResponse,
        decode: RECORD,
      },
      params,
      options,
    );
  }

  /** One payout by its transactionId (UUID) or legacy integer id. */
  retrieve(id: string | number, options?: RequestOptions): APIPromise<Transaction> {
    return this.#core.call(
      {
        method: 'GET',
        path: '/v1/integrations/cashout/{id}',

        params: PayoutId,
        answer: Transaction,
        decode: RECORD,
      },
      { id },
      options,
    );
  }

  /** A page of payouts, newest first; iterate it to walk every page. */
  list(params: ListCashoutsParams = {}, options?: RequestOptions): PagePromise<Transaction> {
    return this.#core.list(
      {
        method: 'GET',
        path: '/v1/integrations/cashout',

        params: ListCashoutsParams,
        query: toListQuery,
        answer: ListAnswer,
        decode: RECORDS,
      },
      params,
      options,
    );
  }

  /** Approves a PENDING payout (legacy; for accounts with manual approval). */
  approve(params: ApproveCashoutParams, options?: RequestOptions): APIPromise<Transaction> {
    return this.#core.call(
      {
        method: 'POST',
        path: '/v1/integrations/approve-cashout',

        params: ApproveCashoutParams,
        body: (valid) => valid,
        answer: Transaction,
        decode: RECORD,
      },
      params,
      options,
    );
  }
}
