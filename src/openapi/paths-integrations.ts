/** The /v1/integrations/* endpoints (interface document 4.1 to 4.7), with the secret key. */
import * as z from 'zod/mini';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '../schemas/list.js';
import { ListCashoutsQuery, ListTransactionsQuery } from '../schemas/list-query.js';
import { ref, referToComponents } from './components.js';
import * as example from './examples.js';
import { type OperationSpec, pathItems, WITH_BODY } from './operation.js';

/** The SDK's camelCase name of each query parameter that travels in snake_case. */
const SDK_NAMES: Record<string, string> = { date_from: 'dateFrom', date_to: 'dateTo', per_page: 'perPage' };

const QUERY_DOCS: Record<string, string> = {
  id: 'The legacy integer id of a record.',
  transactionId: 'Answer that single record instead of a page (404 when there is none).',
  date_from: 'Records created on or after this day (UTC, inclusive).',
  date_to: 'Records created on or before this day (UTC, inclusive).',
  page: 'The page, from 1.',
  per_page: `Records per page, at most ${MAX_PER_PAGE} (more is a 422); ${DEFAULT_PER_PAGE} by default.`,
};

/** The query parameters of a list endpoint, from the query schema the service reads. */
function queryParameters(schema: z.ZodMiniType): unknown[] {
  const json = z.toJSONSchema(schema, { io: 'output', override: referToComponents }) as {
    properties: Record<string, object>;
  };
  return Object.entries(json.properties).map(([name, property]) => {
    const sdkName = SDK_NAMES[name];
    const description = [QUERY_DOCS[name], sdkName && `\`${sdkName}\` in the SDK.`].filter(Boolean).join(' ');
    const parameter: Record<string, unknown> = { name, in: 'query', required: false, schema: property };
    if (description !== '') parameter.description = description;
    return parameter;
  });
}

const created = (what: string) => ({ description: `${what} created.` });
const replayed = (what: string) => ({
  description: `The same idempotency key again: the ${what} made the first time, and nothing new.`,
});

const OPERATIONS: Record<string, Record<string, OperationSpec>> = {
  '/v1/integrations/balance': {
    get: {
      operationId: 'getBalance',
      summary: 'Read the balance',
      description: 'The first call of the recommended test order.',
      tag: 'Balance',
      security: 'secretKey',
      responses: { 200: { description: 'The balance.', schema: 'Balance', example: example.balance } },
      errors: [403],
    },
  },
  '/v1/integrations/create-transaction': {
    post: {
      operationId: 'createTransaction',
      summary: 'Create a PIX charge',
      description:
        'Creates a charge (CASHIN), PENDING, with the `pixCode` to show to the payer. It counts as paid only when COMPLETED. Event `transaction.created`.',
      tag: 'Charges',
      security: 'secretKey',
      body: { schema: 'CreateTransactionBody', example: example.chargeRequest },
      responses: {
        200: { ...replayed('charge'), schema: 'CreateTransactionResponse', example: example.charge },
        201: { ...created('Charge'), schema: 'CreateTransactionResponse', example: example.charge },
      },
      errors: [403, 409, ...WITH_BODY],
    },
  },
  '/v1/integrations/list-transactions': {
    get: {
      operationId: 'listTransactions',
      summary: 'Query transactions',
      description:
        'With `transactionId`, that single record; without it, a page of records, newest first, filtered.',
      tag: 'Transactions',
      security: 'secretKey',
      parameters: queryParameters(ListTransactionsQuery),
      responses: {
        200: {
          description: 'The record (with `transactionId`) or a page of records.',
          schema: { oneOf: [ref('Transaction'), ref('TransactionList')] },
          examples: {
            record: { summary: 'With transactionId', value: example.charge },
            page: { summary: 'A page', value: example.payoutPage },
          },
        },
      },
      errors: [403, 404, 422],
    },
  },
  '/v1/integrations/create-cashout': {
    post: {
      operationId: 'createCashout',
      summary: 'Create a payout',
      description:
        'Sends `amount - 5.00` to a PIX key; the whole amount leaves the available balance. Accepted PENDING, then processed at once (PROCESSING, COMPLETED or FAILED, each with its event) unless the account approves payouts by hand. The EMAIL keys `fail@pix.test` and `reverse@pix.test` end FAILED and REVERSED.',
      tag: 'Payouts',
      security: 'secretKey',
      body: { schema: 'CreateCashoutBody', example: example.payoutRequest },
      responses: {
        200: { ...replayed('payout'), schema: 'CreateCashoutResponse', example: example.createdPayout },
        201: { ...created('Payout'), schema: 'CreateCashoutResponse', example: example.createdPayout },
      },
      errors: [403, 409, ...WITH_BODY],
    },
  },
  '/v1/integrations/cashout/{id}': {
    get: {
      operationId: 'getCashout',
      summary: 'Read one payout',
      description: 'By its transactionId or its legacy integer id.',
      tag: 'Payouts',
      security: 'secretKey',
      parameters: [
        {
          name: 'id',
          in: 'path',
          required: true,
          description: 'The payout transactionId (UUID) or its legacy integer id.',
          schema: { anyOf: [ref('Guid'), { type: 'string', pattern: '^[0-9]+$' }] },
          example: example.payout.transactionId,
        },
      ],
      responses: {
        200: { description: 'The payout.', schema: 'Transaction', example: example.completedPayout },
      },
      errors: [403, 404],
    },
  },
  '/v1/integrations/cashout': {
    get: {
      operationId: 'listCashouts',
      summary: 'List payouts',
      description: 'A page of payouts (CASHOUT), newest first.',
      tag: 'Payouts',
      security: 'secretKey',
      parameters: queryParameters(ListCashoutsQuery),
      responses: {
        200: { description: 'A page of payouts.', schema: 'TransactionList', example: example.payoutPage },
      },
      errors: [403, 422],
    },
  },
  '/v1/integrations/approve-cashout': {
    post: {
      operationId: 'approveCashout',
      summary: 'Approve a pending payout (legacy)',
      description:
        'For an account that approves payouts by hand: hands a PENDING payout to the provider. Any other status is a 409 INVALID_TRANSITION.',
      tag: 'Payouts',
      security: 'secretKey',
      deprecated: true,
      body: { schema: 'ApproveCashoutBody', example: example.approveRequest },
      responses: {
        200: {
          description: 'The payout, approved and processed.',
          schema: 'Transaction',
          example: example.completedPayout,
        },
      },
      errors: [403, 404, 409, ...WITH_BODY],
    },
  },
};

/** The Path Items of /v1/integrations/*. */
export const integrationPaths = () => pathItems(OPERATIONS);
