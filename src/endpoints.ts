/**
 * The service's 14 operations as the client needs them, each written once and by reference: its
 * method, path and auth, the params and answer schemas, the success status, the idempotency key's
 * field and scope and whether the keyed call creates or changes a record, and the money it may
 * move. A resource method names its entry (`this.#core.call(endpoints.createCashout, params,
 * options)`) and takes its params type from it.
 * The rest of each operation's contract (prose, error codes, examples, the mock's name) is in
 * `src/operations.ts`, which the client never imports.
 */
import * as z from 'zod/mini';
import { Balance } from './schemas/balance.js';
import { ApproveCashoutParams, CreateCashoutParams, CreateCashoutResponse } from './schemas/cashout.js';
import { CreateTransactionParams, CreateTransactionResponse } from './schemas/charge.js';
import type { DecodeRules } from './schemas/decode.js';
import type { TransactionType } from './schemas/enums.js';
import { Guid } from './schemas/formats.js';
import { ListCashoutsParams, ListTransactionsParams, PageMeta } from './schemas/list.js';
import { FIELD_SINCE, fieldsOfKind } from './schemas/record-kinds.js';
import { Transaction } from './schemas/transaction.js';
import {
  CreatedWebhookSubscription,
  CreateWebhookParams,
  changesSomething,
  updateWebhookShape,
  WebhookEventTypeList,
  WebhookSubscription,
  WebhookSubscriptionList,
} from './schemas/webhook-subscription.js';
import { toCreateTransactionBody, toListQuery } from './schemas/wire.js';

/** What money a call may move: a failure without a definite answer then says what to do. */
export type MoneyMove = 'charge' | 'payout' | 'approval';

type Schema = z.ZodMiniType;
/** What the caller passes to an operation with params schema `S` (nothing without one). */
export type InputOf<S> = S extends Schema ? z.input<S> : undefined;
/** What the client reads from an operation with answer schema `A` (nothing for a 204). */
export type OutputOf<S> = S extends Schema ? z.output<S> : undefined;

/**
 * How an operation's idempotency key works: the params field that holds it (made by the client
 * when the caller gives none), its scope (a key is unique per merchant among the records of this
 * type, so the same key may name one charge and one payout), and what the keyed call does.
 */
export interface Idempotency {
  field: 'referenceId' | 'idempotencyKey';
  scope: TransactionType;
  /**
   * `create`: the call makes a record; the same key again answers that record with a 200 instead
   * of the entry's `status`, and makes nothing. `change`: the call changes a record the merchant
   * has (a refund of a charge); the same key again answers the record as it is now, with the
   * entry's `status`, and changes nothing.
   */
  effect: 'create' | 'change';
}

/**
 * One operation of the service, as the client needs it. `S` is the params' schema, `A` the
 * answer's. What only the mock, the OpenAPI document and the docs need (prose, error codes,
 * examples) is in `src/operations.ts`, keyed by the same `operationId`.
 */
export interface Endpoint<
  S extends Schema | undefined = Schema | undefined,
  A extends Schema | undefined = Schema | undefined,
> {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** The path; `{name}` is replaced by the validated param `name` (URL-encoded). */
  path: string;
  /** `user`: the user token (webhook management); the secret key otherwise. */
  auth?: 'user';
  /** The status of a success (a keyed create answered again is a 200: {@link successStatuses}). */
  status: 200 | 201 | 204;
  /** The schema of the call's params, checked before anything is sent. */
  params?: S;
  /** The idempotency key's field and scope, and whether the keyed call creates or changes a record. */
  idempotency?: Idempotency;
  /** What money the call may move. */
  moves?: MoneyMove;
  /** The request body, from the validated params. */
  body?(valid: OutputOf<S>): unknown;
  /** The query string, from the validated params. */
  query?(valid: OutputOf<S>): Record<string, string>;
  /** The schema of a 2xx body; `undefined` for an answer without one (204). */
  answer: A;
  /** How the answer is decoded (envelope, identity, money); needed with an `answer`. */
  decode?: DecodeRules;
}

/**
 * The money fields of a record: those of kind `amount` (`src/schemas/record-kinds.ts`), so a new
 * one is listed by its kind.
 */
export const TRANSACTION_MONEY_FIELDS: readonly string[] = fieldsOfKind('amount');
/** A record's money: null until set in a field added later (`FIELD_SINCE`). */
const MONEY = {
  money: TRANSACTION_MONEY_FIELDS,
  unsetMoney: TRANSACTION_MONEY_FIELDS.filter((field) => field in FIELD_SINCE),
};
/** A charge just made: it must carry its `transactionId`. */
const NEW_CHARGE: DecodeRules = { envelope: 'one', identity: ['transactionId'], ...MONEY };
/** A record: identified by `transactionId`, or by the legacy `id` where the endpoint is keyed by it. */
const RECORD: DecodeRules = { envelope: 'one', identity: ['transactionId', 'legacyId'], ...MONEY };
const RECORDS: DecodeRules = { envelope: 'many', identity: ['transactionId', 'legacyId'], ...MONEY };
const SUBSCRIPTION: DecodeRules = { envelope: 'one', identity: ['id'] };

/** A page of records as the client reads it once its envelope is unwrapped (`schemas/decode.ts`). */
export const ListAnswer = z.object({ data: z.array(Transaction), meta: z.optional(PageMeta) });

const LEGACY_ID = /^[1-9]\d*$/;
const PayoutId = z.strictObject({
  id: z.custom<string | number>(
    (id) =>
      typeof id === 'number'
        ? Number.isSafeInteger(id) && id >= 1
        : typeof id === 'string' && (LEGACY_ID.test(id) || z.safeParse(Guid, id).success),
    { error: 'must be a payout transactionId (UUID) or a legacy integer id' },
  ),
});
const WebhookId = z.strictObject({ id: Guid });
const WebhookChanges = z.strictObject({ id: Guid, ...updateWebhookShape }).check(changesSomething);

const asSent = <P>(valid: P) => valid;
const INTEGRATIONS = '/v1/integrations';
const WEBHOOKS = '/v1/user/webhooks';
const WEBHOOK = `${WEBHOOKS}/{id}`;

/** Ties an entry's functions to its params schema for TypeScript while the table stays plain data. */
const endpoint = <S extends Schema | undefined = undefined, A extends Schema | undefined = undefined>(
  entry: Endpoint<S, A>,
) => entry;

/** The table, keyed by OpenAPI `operationId`. */
export const endpoints = {
  getBalance: endpoint({
    method: 'GET',
    path: `${INTEGRATIONS}/balance`,
    status: 200,
    answer: Balance,
    decode: { envelope: 'one', money: ['available', 'pending'] },
  }),
  createTransaction: endpoint({
    method: 'POST',
    path: `${INTEGRATIONS}/create-transaction`,
    status: 201,
    params: CreateTransactionParams,
    idempotency: { field: 'referenceId', scope: 'CASHIN', effect: 'create' },
    moves: 'charge',
    body: toCreateTransactionBody,
    answer: CreateTransactionResponse,
    decode: NEW_CHARGE,
  }),
  listTransactions: endpoint({
    method: 'GET',
    path: `${INTEGRATIONS}/list-transactions`,
    status: 200,
    params: ListTransactionsParams,
    query: toListQuery,
    answer: ListAnswer,
    decode: RECORDS,
  }),
  createCashout: endpoint({
    method: 'POST',
    path: `${INTEGRATIONS}/create-cashout`,
    status: 201,
    params: CreateCashoutParams,
    idempotency: { field: 'idempotencyKey', scope: 'CASHOUT', effect: 'create' },
    moves: 'payout',
    body: asSent,
    answer: CreateCashoutResponse,
    decode: RECORD,
  }),
  getCashout: endpoint({
    method: 'GET',
    path: `${INTEGRATIONS}/cashout/{id}`,
    status: 200,
    params: PayoutId,
    answer: Transaction,
    decode: RECORD,
  }),
  listCashouts: endpoint({
    method: 'GET',
    path: `${INTEGRATIONS}/cashout`,
    status: 200,
    params: ListCashoutsParams,
    query: toListQuery,
    answer: ListAnswer,
    decode: RECORDS,
  }),
  approveCashout: endpoint({
    method: 'POST',
    path: `${INTEGRATIONS}/approve-cashout`,
    status: 200,
    params: ApproveCashoutParams,
    moves: 'approval',
    body: asSent,
    answer: Transaction,
    decode: RECORD,
  }),
  listWebhookEvents: endpoint({
    method: 'GET',
    path: `${WEBHOOKS}/events`,
    status: 200,
    auth: 'user',
    answer: WebhookEventTypeList,
    decode: { envelope: 'many' },
  }),
  createWebhook: endpoint({
    method: 'POST',
    path: WEBHOOKS,
    status: 201,
    auth: 'user',
    params: CreateWebhookParams,
    body: asSent,
    answer: CreatedWebhookSubscription,
    // Without its signing secret (shown once) a new subscription cannot be used.
    decode: { envelope: 'one', identity: ['id'], required: ['secret'] },
  }),
  listWebhooks: endpoint({
    method: 'GET',
    path: WEBHOOKS,
    status: 200,
    auth: 'user',
    answer: WebhookSubscriptionList,
    decode: { envelope: 'many', identity: ['id'] },
  }),
  getWebhook: endpoint({
    method: 'GET',
    path: WEBHOOK,
    status: 200,
    auth: 'user',
    params: WebhookId,
    answer: WebhookSubscription,
    decode: SUBSCRIPTION,
  }),
  updateWebhook: endpoint({
    method: 'PATCH',
    path: WEBHOOK,
    status: 200,
    auth: 'user',
    params: WebhookChanges,
    body: ({ id: _, ...changes }) => changes,
    answer: WebhookSubscription,
    decode: SUBSCRIPTION,
  }),
  deleteWebhook: endpoint({
    method: 'DELETE',
    path: WEBHOOK,
    status: 204,
    auth: 'user',
    params: WebhookId,
    answer: undefined,
  }),
  revalidateWebhook: endpoint({
    method: 'POST',
    path: `${WEBHOOK}/revalidate`,
    status: 200,
    auth: 'user',
    params: WebhookId,
    answer: WebhookSubscription,
    decode: SUBSCRIPTION,
  }),
};

/** The operationId of each entry. */
export type OperationId = keyof typeof endpoints;
/**
 * `transactions.retrieve`: the list-transactions operation with `transactionId`, which answers
 * that one record. The same operation as `listTransactions`, read as a single record.
 */
export const retrieveTransaction = endpoint({
  method: 'GET',
  path: endpoints.listTransactions.path,
  status: 200,
  params: z.strictObject({ transactionId: Guid }),
  query: (valid) => valid,
  answer: Transaction,
  decode: RECORD,
});

/** What a caller passes to operation `K`, from its params schema (`ParamsOf<'createCashout'>`). */
export type ParamsOf<K extends OperationId> = InputOf<NonNullable<(typeof endpoints)[K]['params']>>;
/** What a caller gets from operation `K`, from its answer schema (nothing for a 204). */
export type AnswerOf<K extends OperationId> = OutputOf<(typeof endpoints)[K]['answer']>;

/**
 * The statuses a success of `entry` may have: its `status`, and a 200 too where its idempotency key
 * creates a record (the same key again answers the record made the first time). A keyed change
 * answers its `status` every time.
 */
export const successStatuses = ({
  status,
  idempotency,
}: Pick<Endpoint, 'status' | 'idempotency'>): number[] =>
  idempotency?.effect === 'create' && status !== 200 ? [status, 200] : [status];
