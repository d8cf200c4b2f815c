/**
 * The rest of each operation's contract, beside the client's table (`src/endpoints.ts`) and keyed
 * by the same `operationId`: its name in the mock, its prose, the request as it travels (the wire
 * body or query schema, path parameters, an example), its answers' descriptions and examples, and
 * the error codes it answers beyond the common ones; and, first, every error code once. The OpenAPI document,
 * docs/errors.md, and the mock's routes, request validation, varied answers and error check are
 * generated from the two tables; the client never imports this one (its bundle has no room for
 * prose). Schemas are given as objects, never by name: a component's name is given once, where it
 * is registered (`src/openapi/components.ts`).
 */
import type * as z from 'zod/mini';
import { endpoints, type Idempotency, type OperationId } from './endpoints.js';
import * as example from './openapi/examples.js';
import { ApproveCashoutParams, CreateCashoutParams } from './schemas/cashout.js';
import { CreateTransactionBody } from './schemas/charge-body.js';
import { WEBHOOK_EVENT_NAMES } from './schemas/event-names.js';
import { Guid } from './schemas/formats.js';
import { TransactionList } from './schemas/list.js';
import { ListCashoutsQuery, ListTransactionsQuery } from './schemas/list-query.js';
import { Transaction } from './schemas/transaction.js';
import { CreateWebhookParams, UpdateWebhookParams } from './schemas/webhook-subscription.js';

// ---------------------------------------------------------------------------------------------
// Error codes: every code the service answers, each written once (its status, what it means, and
// where it may arrive). The operations below name the codes each answers beyond the common ones.

/**
 * Which requests may meet a code: `any`, every operation; `body`, every operation with a JSON
 * body; `operation`, those that name it in `src/operations.ts`; `server`, the sandbox's HTTP
 * server itself, before any operation runs (not part of the operations' contract).
 */
export type CodeScope = 'any' | 'body' | 'operation' | 'server';

/** One error code. */
export interface ErrorCode {
  status: number;
  /** What it means, as a clause: "the body is not valid JSON". */
  meaning: string;
  scope: CodeScope;
  /** The client refuses it itself, as a `ValidationError` with this issue code, before sending. */
  local?: true;
}

function code<S extends CodeScope>(status: number, scope: S, meaning: string): ErrorCode & { scope: S };
function code<S extends CodeScope>(
  status: number,
  scope: S,
  meaning: string,
  local: true,
): ErrorCode & { scope: S; local: true };
function code(status: number, scope: CodeScope, meaning: string, local?: true): ErrorCode {
  return local === undefined ? { status, scope, meaning } : { status, scope, meaning, local };
}

/** The codes, by name. */
export const ERROR_CODES = {
  INVALID_JSON: code(400, 'body', 'the body is not valid JSON (or not UTF-8)'),
  INVALID_BODY: code(400, 'body', 'the body could not be read to its end'),
  BAD_REQUEST: code(400, 'server', 'the request is not valid HTTP'),
  UNKNOWN_PARAMETER: code(
    400,
    'operation',
    'a known query parameter written another way (`perPage` for `per_page`)',
  ),
  UNAUTHENTICATED: code(
    401,
    'any',
    'the credential is missing or unknown, or the user JWT is expired or badly signed',
  ),
  FORBIDDEN: code(
    403,
    'operation',
    'a public key was sent instead of the secret key, or the resource is another merchant’s',
  ),
  NOT_FOUND: code(404, 'operation', 'no such resource'),
  METHOD_NOT_ALLOWED: code(
    405,
    'any',
    'the path exists, but not with this method; `Allow` lists its methods',
  ),
  REQUEST_TIMEOUT: code(408, 'server', 'the request took too long to arrive'),
  IDEMPOTENCY_KEY_REUSED: code(
    409,
    'operation',
    'the idempotency key was already used with a different request',
  ),
  INVALID_TRANSITION: code(409, 'operation', 'the record’s status does not allow this move'),
  PAYLOAD_TOO_LARGE: code(413, 'body', 'the body is larger than 1 MiB'),
  URI_TOO_LONG: code(414, 'server', 'the URL is longer than 8,192 characters'),
  UNSUPPORTED_MEDIA_TYPE: code(415, 'body', 'the body is not declared `application/json`'),
  VALIDATION_ERROR: code(422, 'body', 'a field breaks a rule; `errors` names each field', true),
  FORBIDDEN_FIELD: code(422, 'operation', 'a field that this request must not carry', true),
  AMOUNT_BELOW_FEE: code(422, 'operation', 'a payout amount not greater than the 5.00 fee', true),
  INSUFFICIENT_BALANCE: code(422, 'operation', 'the available balance does not cover the payout'),
  BALANCE_LIMIT_EXCEEDED: code(
    422,
    'operation',
    'the balance would pass the largest sum counted in exact cents',
  ),
  HEADERS_TOO_LARGE: code(431, 'server', 'the request headers are too large'),
  RATE_LIMITED: code(429, 'any', 'too many requests; retry after `Retry-After` seconds'),
  INTERNAL_ERROR: code(500, 'any', 'the service failed; safe to retry with the same idempotency key'),
  STATE_CLOSED: code(503, 'server', 'the sandbox server is closing'),
} satisfies Record<string, ErrorCode>;

/** An error code of the service. */
export type ErrorCodeName = keyof typeof ERROR_CODES;

const CODES = Object.entries(ERROR_CODES) as [ErrorCodeName, ErrorCode][];

/** The codes of a scope, in the table's order. */
export const codesOf = (scope: CodeScope): ErrorCodeName[] =>
  CODES.filter(([, code]) => code.scope === scope).map(([name]) => name);

// ---------------------------------------------------------------------------------------------
// Operations.

/** How the mock's varied answers may rewrite a success (`src/mock/varied/`). */
export type AnswerKind =
  | 'record'
  | 'create-transaction'
  | 'create-cashout'
  | 'approve'
  | 'list'
  | 'balance'
  | 'subscription'
  | 'subscription-list'
  | 'event-list';

/** A success answer: its description and examples; its schema is the table's `answer` unless given. */
export interface SuccessDoc {
  description: string;
  /** Only where the document says more than the client reads (a page's `meta` is required). */
  schema?: z.ZodMiniType | { readonly oneOf: readonly z.ZodMiniType[] };
  example?: unknown;
  examples?: Record<string, { summary: string; value: unknown }>;
}

/** A path parameter, as the OpenAPI document writes it. */
export interface PathParameter {
  name: string;
  description: string;
  /** Its schema: a registered schema, or JSON Schema whose `anyOf` may hold registered ones. */
  schema: z.ZodMiniType | { readonly anyOf: readonly (z.ZodMiniType | Readonly<Record<string, unknown>>)[] };
  example: unknown;
}

/** What describes an operation beyond what the client sends. */
export interface OperationContract {
  /** Its name in the mock's routes, faults and varied answers, e.g. `create-cashout`. */
  name: string;
  summary: string;
  description: string;
  tag: string;
  deprecated?: true;
  /** The body as the service reads it, and an example. */
  body?: { schema: z.ZodMiniType; example: unknown };
  /** The query string as the service reads it: an object of its parameters. */
  query?: z.ZodMiniObject;
  parameters?: readonly PathParameter[];
  /** The success answers by status: the table's `status`, and 200 for a create answered again. */
  answers: Partial<Record<200 | 201 | 204, SuccessDoc>>;
  /** The error codes it answers beyond those of every operation (and of every body). */
  errors: readonly ErrorCodeName[];
  /** How its success may vary in the mock's `answers: 'varied'` mode (none: never varied). */
  answerKind?: AnswerKind;
}

const SUBSCRIPTIONS = 'Webhook subscriptions';
const created = (what: string) => ({ description: `${what} created.` });
/**
 * The answer to a keyed call's idempotency key again, as its entry's `idempotency` says: a create
 * answers the record it made; a change, the record as it is now, changed once.
 */
export function replayed(rule: Idempotency | undefined, what: string): { description: string } {
  if (rule === undefined) throw new Error(`no idempotency key: the ${what} cannot be answered again`);
  return {
    description:
      rule.effect === 'create'
        ? `The same idempotency key again: the ${what} made the first time, and nothing new.`
        : `The same idempotency key again: the ${what} as it is now, and nothing applied twice.`,
  };
}
const subscriptionId: PathParameter[] = [
  { name: 'id', description: 'The subscription id.', schema: Guid, example: example.subscription.id },
];
/** What every operation on one subscription (by its id) shares. */
const onOneSubscription = {
  tag: SUBSCRIPTIONS,
  parameters: subscriptionId,
  errors: ['FORBIDDEN', 'NOT_FOUND'],
} as const;
const subscription = (description: string, value: unknown = example.subscription) => ({
  description,
  example: value,
});

/** Each operation's contract beyond the client's table, by `operationId`. */
export const operations = {
  getBalance: {
    name: 'balance',
    summary: 'Read the balance',
    description: 'The first call of the recommended test order.',
    tag: 'Balance',
    answers: { 200: { description: 'The balance.', example: example.balance } },
    errors: ['FORBIDDEN'],
    answerKind: 'balance',
  },
  createTransaction: {
    name: 'create-transaction',
    summary: 'Create a PIX charge',
    description:
      'Creates a charge (CASHIN), PENDING, with the `pixCode` to show to the payer. It counts as paid only when COMPLETED. Event `transaction.created`.',
    tag: 'Charges',
    body: { schema: CreateTransactionBody, example: example.chargeRequest },
    answers: {
      200: { ...replayed(endpoints.createTransaction.idempotency, 'charge'), example: example.charge },
      201: { ...created('Charge'), example: example.charge },
    },
    errors: ['FORBIDDEN', 'IDEMPOTENCY_KEY_REUSED', 'FORBIDDEN_FIELD'],
    answerKind: 'create-transaction',
  },
  listTransactions: {
    name: 'list-transactions',
    summary: 'Query transactions',
    description:
      'With `transactionId`, that single record; without it, a page of records, newest first, filtered.',
    tag: 'Transactions',
    query: ListTransactionsQuery,
    answers: {
      200: {
        description: 'The record (with `transactionId`) or a page of records.',
        schema: { oneOf: [Transaction, TransactionList] },
        examples: {
          record: { summary: 'With transactionId', value: example.charge },
          page: { summary: 'A page', value: example.payoutPage },
        },
      },
    },
    errors: ['FORBIDDEN', 'NOT_FOUND', 'VALIDATION_ERROR', 'UNKNOWN_PARAMETER'],
    // With `transactionId` it answers one record, varied as a record.
    answerKind: 'list',
  },
  createCashout: {
    name: 'create-cashout',
    summary: 'Create a payout',
    description:
      'Sends `amount - 5.00` to a PIX key; the whole amount leaves the available balance. Accepted PENDING, then processed at once (PROCESSING, COMPLETED or FAILED, each with its event) unless the account approves payouts by hand. The EMAIL keys `fail@pix.test` and `reverse@pix.test` end FAILED and REVERSED.',
    tag: 'Payouts',
    body: { schema: CreateCashoutParams, example: example.payoutRequest },
    answers: {
      200: { ...replayed(endpoints.createCashout.idempotency, 'payout'), example: example.createdPayout },
      201: { ...created('Payout'), example: example.createdPayout },
    },
    errors: [
      'FORBIDDEN',
      'IDEMPOTENCY_KEY_REUSED',
      'AMOUNT_BELOW_FEE',
      'INSUFFICIENT_BALANCE',
      'BALANCE_LIMIT_EXCEEDED',
    ],
    answerKind: 'create-cashout',
  },
  getCashout: {
    name: 'get-cashout',
    summary: 'Read one payout',
    description: 'By its transactionId or its legacy integer id.',
    tag: 'Payouts',
    parameters: [
      {
        name: 'id',
        description: 'The payout transactionId (UUID) or its legacy integer id.',
        schema: { anyOf: [Guid, { type: 'string', pattern: '^[0-9]+$' }] },
        example: example.payout.transactionId,
      },
    ],
    answers: { 200: { description: 'The payout.', example: example.completedPayout } },
    errors: ['FORBIDDEN', 'NOT_FOUND'],
    answerKind: 'record',
  },
  listCashouts: {
    name: 'list-cashouts',
    summary: 'List payouts',
    description: 'A page of payouts (CASHOUT), newest first.',
    tag: 'Payouts',
    query: ListCashoutsQuery,
    answers: {
      200: { description: 'A page of payouts.', schema: TransactionList, example: example.payoutPage },
    },
    errors: ['FORBIDDEN', 'VALIDATION_ERROR', 'UNKNOWN_PARAMETER'],
    answerKind: 'list',
  },
  approveCashout: {
    name: 'approve-cashout',
    summary: 'Approve a pending payout (legacy)',
    description:
      'For an account that approves payouts by hand: hands a PENDING payout to the provider. Any other status is a 409 INVALID_TRANSITION.',
    tag: 'Payouts',
    deprecated: true,
    body: { schema: ApproveCashoutParams, example: example.approveRequest },
    answers: {
      200: { description: 'The payout, approved and processed.', example: example.completedPayout },
    },
    errors: ['FORBIDDEN', 'NOT_FOUND', 'INVALID_TRANSITION', 'BALANCE_LIMIT_EXCEEDED'],
    answerKind: 'approve',
  },
  listWebhookEvents: {
    name: 'list-webhook-events',
    summary: 'List the event names',
    description: 'The events a subscription can listen to.',
    tag: SUBSCRIPTIONS,
    answers: {
      200: {
        description: 'The event names.',
        example: {
          data: WEBHOOK_EVENT_NAMES.slice(0, 2).map((name) => ({ name, description: `${name} events` })),
        },
      },
    },
    errors: [],
    answerKind: 'event-list',
  },
  createWebhook: {
    name: 'create-webhook',
    summary: 'Subscribe a URL to events',
    description: 'The answer alone carries the signing `secret`: keep it to verify `X-Webhook-Signature`.',
    tag: SUBSCRIPTIONS,
    body: { schema: CreateWebhookParams, example: example.subscriptionRequest },
    answers: { 201: subscription('Subscribed.', example.createdSubscription) },
    errors: [],
    answerKind: 'subscription',
  },
  listWebhooks: {
    name: 'list-webhooks',
    summary: 'List subscriptions',
    description: 'Every subscription of the merchant (no secrets).',
    tag: SUBSCRIPTIONS,
    answers: { 200: subscription('The subscriptions.', { data: [example.subscription] }) },
    errors: [],
    answerKind: 'subscription-list',
  },
  getWebhook: {
    name: 'get-webhook',
    summary: 'Read a subscription',
    description: 'One subscription of the merchant (no secret).',
    ...onOneSubscription,
    answers: { 200: subscription('The subscription.') },
    answerKind: 'subscription',
  },
  updateWebhook: {
    name: 'update-webhook',
    summary: 'Change a subscription',
    description: 'Changes its url, events, description or status (ACTIVE or INACTIVE).',
    ...onOneSubscription,
    body: { schema: UpdateWebhookParams, example: example.subscriptionChanges },
    answers: {
      200: subscription('The changed subscription.', {
        ...example.subscription,
        ...example.subscriptionChanges,
      }),
    },
    answerKind: 'subscription',
  },
  deleteWebhook: {
    name: 'delete-webhook',
    summary: 'Delete a subscription',
    description: 'No more deliveries to it.',
    ...onOneSubscription,
    answers: { 204: { description: 'Deleted.' } },
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  },
  revalidateWebhook: {
    name: 'revalidate-webhook',
    summary: 'Ping the URL again',
    description:
      'Sends the signed `webhook.revalidate` ping: the subscription becomes ACTIVE on a 2xx answer, FAILING otherwise.',
    ...onOneSubscription,
    answers: { 200: subscription('The subscription with its new status.') },
    answerKind: 'subscription',
  },
} as const satisfies Record<OperationId, OperationContract>;

/** The name of each operation in the mock (its routes, faults and varied answers). */
export type OperationName = (typeof operations)[OperationId]['name'];

/** The codes of an operation: its own, every request's, and every body's when it has one. */
export function codesOfOperation(operationId: OperationId): ErrorCodeName[] {
  const contract: OperationContract = operations[operationId];
  const withBody = contract.body === undefined ? [] : codesOf('body');
  return [...new Set([...codesOf('any'), ...withBody, ...contract.errors])];
}
