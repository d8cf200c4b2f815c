/**
 * The service's 14 operations, each written once: what the client sends and reads, what the mock
 * answers at, and the prose of the OpenAPI document. The resources name an entry
 * (`this.#core.call(endpoints.createCashout, params, options)`), the mock registers a handler
 * per entry name, and `src/openapi/` loops over this table.
 */
import * as z from 'zod/mini';
import { Balance } from './schemas/balance.js';
import { ApproveCashoutParams, CreateCashoutParams, CreateCashoutResponse } from './schemas/cashout.js';
import { CreateTransactionParams, CreateTransactionResponse } from './schemas/charge.js';
import type { DecodeRules } from './schemas/decode.js';
import { Guid } from './schemas/formats.js';
import { ListCashoutsParams, ListTransactionsParams, PageMeta } from './schemas/list.js';
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

/** One operation of the service. `P` is the validated params' type, `A` the answer's schema. */
export interface Endpoint<P = unknown, A extends z.ZodMiniType | undefined = z.ZodMiniType | undefined> {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** The path; `{name}` is replaced by the validated param `name` (URL-encoded). */
  path: string;
  /** `user`: the user token (webhook management); the secret key otherwise. */
  auth?: 'user';
  /** The schema of the call's params, checked before anything is sent. */
  params?: z.ZodMiniType<P>;
  /** The params field holding the idempotency key; when the caller gives none, one is made. */
  idempotencyKey?: string;
  /** What money the call may move. */
  moves?: MoneyMove;
  /** The request body, from the validated params. */
  body?: (params: P) => unknown;
  /** The query string, from the validated params. */
  query?: (params: P) => Record<string, string>;
  /** The schema of a 2xx body; `undefined` for an answer without one (204). */
  answer: A;
  /** How the answer is decoded (envelope, identity, money); needed with an `answer`. */
  decode?: DecodeRules;
}

/** What describes an operation beyond what the client sends (kept out of the client's bundle). */
export interface OperationDoc {
  /** Its name in the mock's routes, faults and varied answers, e.g. `create-cashout`. */
  name: string;
  summary: string;
  description: string;
  tag: string;
  deprecated?: true;
}

const MONEY = ['amount', 'feeAmount', 'finalAmount'] as const;
/** A charge just made: it must carry its `transactionId`. */
const NEW_CHARGE: DecodeRules = { envelope: 'one', identity: ['transactionId'], money: MONEY };
/** A record: identified by `transactionId`, or by the legacy `id` where the endpoint is keyed by it. */
const RECORD: DecodeRules = { envelope: 'one', identity: ['transactionId', 'legacyId'], money: MONEY };
const RECORDS: DecodeRules = { envelope: 'many', identity: ['transactionId', 'legacyId'], money: MONEY };
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
const SUBSCRIPTIONS = 'Webhook subscriptions';

/** Names an endpoint's param types for TypeScript while the table stays plain data. */
const endpoint = <P, A extends z.ZodMiniType | undefined>(entry: Endpoint<P, A>) => entry;

/** The table, keyed by OpenAPI `operationId`. */
export const endpoints = {
  getBalance: endpoint({
    method: 'GET',
    path: `${INTEGRATIONS}/balance`,
    answer: Balance,
    decode: { envelope: 'one', money: ['available', 'pending'] },
  }),
  createTransaction: endpoint({
    method: 'POST',
    path: `${INTEGRATIONS}/create-transaction`,
    params: CreateTransactionParams,
    idempotencyKey: 'referenceId',
    moves: 'charge',
    body: toCreateTransactionBody,
    answer: CreateTransactionResponse,
    decode: NEW_CHARGE,
  }),
  listTransactions: endpoint({
    method: 'GET',
    path: `${INTEGRATIONS}/list-transactions`,
    params: ListTransactionsParams,
    query: toListQuery,
    answer: ListAnswer,
    decode: RECORDS,
  }),
  createCashout: endpoint({
    method: 'POST',
    path: `${INTEGRATIONS}/create-cashout`,
    params: CreateCashoutParams,
    idempotencyKey: 'idempotencyKey',
    moves: 'payout',
    body: asSent,
    answer: CreateCashoutResponse,
    decode: RECORD,
  }),
  getCashout: endpoint({
    method: 'GET',
    path: `${INTEGRATIONS}/cashout/{id}`,
    params: PayoutId,
    answer: Transaction,
    decode: RECORD,
  }),
  listCashouts: endpoint({
    method: 'GET',
    path: `${INTEGRATIONS}/cashout`,
    params: ListCashoutsParams,
    query: toListQuery,
    answer: ListAnswer,
    decode: RECORDS,
  }),
  approveCashout: endpoint({
    method: 'POST',
    path: `${INTEGRATIONS}/approve-cashout`,
    params: ApproveCashoutParams,
    moves: 'approval',
    body: asSent,
    answer: Transaction,
    decode: RECORD,
  }),
  listWebhookEvents: endpoint({
    method: 'GET',
    path: `${WEBHOOKS}/events`,
    auth: 'user',
    answer: WebhookEventTypeList,
    decode: { envelope: 'many' },
  }),
  createWebhook: endpoint({
    method: 'POST',
    path: WEBHOOKS,
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
    auth: 'user',
    answer: WebhookSubscriptionList,
    decode: { envelope: 'many', identity: ['id'] },
  }),
  getWebhook: endpoint({
    method: 'GET',
    path: WEBHOOK,
    auth: 'user',
    params: WebhookId,
    answer: WebhookSubscription,
    decode: SUBSCRIPTION,
  }),
  updateWebhook: endpoint({
    method: 'PATCH',
    path: WEBHOOK,
    auth: 'user',
    params: WebhookChanges,
    body: ({ id: _, ...changes }) => changes,
    answer: WebhookSubscription,
    decode: SUBSCRIPTION,
  }),
  deleteWebhook: endpoint({
    method: 'DELETE',
    path: WEBHOOK,
    auth: 'user',
    params: WebhookId,
    answer: undefined,
  }),
  revalidateWebhook: endpoint({
    method: 'POST',
    path: `${WEBHOOK}/revalidate`,
    auth: 'user',
    params: WebhookId,
    answer: WebhookSubscription,
    decode: SUBSCRIPTION,
  }),
};

/** The operationId of each entry. */
export type OperationId = keyof typeof endpoints;
/** The name of each operation in the mock (its routes, faults and varied answers). */
export type OperationName = (typeof operations)[OperationId]['name'];

/**
 * Each operation's name in the mock and its prose in the OpenAPI document, by `operationId`: beside
 * the table, so that it stays out of the client's bundle (only the mock and `src/openapi/` read it).
 */
export const operations = {
  getBalance: {
    name: 'balance',
    summary: 'Read the balance',
    description: 'The first call of the recommended test order.',
    tag: 'Balance',
  },
  createTransaction: {
    name: 'create-transaction',
    summary: 'Create a PIX charge',
    description:
      'Creates a charge (CASHIN), PENDING, with the `pixCode` to show to the payer. It counts as paid only when COMPLETED. Event `transaction.created`.',
    tag: 'Charges',
  },
  listTransactions: {
    name: 'list-transactions',
    summary: 'Query transactions',
    description:
      'With `transactionId`, that single record; without it, a page of records, newest first, filtered.',
    tag: 'Transactions',
  },
  createCashout: {
    name: 'create-cashout',
    summary: 'Create a payout',
    description:
      'Sends `amount - 5.00` to a PIX key; the whole amount leaves the available balance. Accepted PENDING, then processed at once (PROCESSING, COMPLETED or FAILED, each with its event) unless the account approves payouts by hand. The EMAIL keys `fail@pix.test` and `reverse@pix.test` end FAILED and REVERSED.',
    tag: 'Payouts',
  },
  getCashout: {
    name: 'get-cashout',
    summary: 'Read one payout',
    description: 'By its transactionId or its legacy integer id.',
    tag: 'Payouts',
  },
  listCashouts: {
    name: 'list-cashouts',
    summary: 'List payouts',
    description: 'A page of payouts (CASHOUT), newest first.',
    tag: 'Payouts',
  },
  approveCashout: {
    name: 'approve-cashout',
    summary: 'Approve a pending payout (legacy)',
    description:
      'For an account that approves payouts by hand: hands a PENDING payout to the provider. Any other status is a 409 INVALID_TRANSITION.',
    tag: 'Payouts',
    deprecated: true,
  },
  listWebhookEvents: {
    name: 'list-webhook-events',
    summary: 'List the event names',
    description: 'The events a subscription can listen to.',
    tag: SUBSCRIPTIONS,
  },
  createWebhook: {
    name: 'create-webhook',
    summary: 'Subscribe a URL to events',
    description: 'The answer alone carries the signing `secret`: keep it to verify `X-Webhook-Signature`.',
    tag: SUBSCRIPTIONS,
  },
  listWebhooks: {
    name: 'list-webhooks',
    summary: 'List subscriptions',
    description: 'Every subscription of the merchant (no secrets).',
    tag: SUBSCRIPTIONS,
  },
  getWebhook: {
    name: 'get-webhook',
    summary: 'Read a subscription',
    description: 'One subscription of the merchant (no secret).',
    tag: SUBSCRIPTIONS,
  },
  updateWebhook: {
    name: 'update-webhook',
    summary: 'Change a subscription',
    description: 'Changes its url, events, description or status (ACTIVE or INACTIVE).',
    tag: SUBSCRIPTIONS,
  },
  deleteWebhook: {
    name: 'delete-webhook',
    summary: 'Delete a subscription',
    description: 'No more deliveries to it.',
    tag: SUBSCRIPTIONS,
  },
  revalidateWebhook: {
    name: 'revalidate-webhook',
    summary: 'Ping the URL again',
    description:
      'Sends the signed `webhook.revalidate` ping: the subscription becomes ACTIVE on a 2xx answer, FAILING otherwise.',
    tag: SUBSCRIPTIONS,
  },
} as const satisfies Record<OperationId, OperationDoc>;

/**
 * `transactions.retrieve`: the list-transactions operation with `transactionId`, which answers
 * that one record. The same operation as `listTransactions`, read as a single record.
 */
export const retrieveTransaction = endpoint({
  method: 'GET',
  path: endpoints.listTransactions.path,
  params: z.strictObject({ transactionId: Guid }),
  query: (valid) => valid,
  answer: Transaction,
  decode: RECORD,
});
