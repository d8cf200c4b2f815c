/** The /v1/integrations/* endpoints (interface document 4.1 to 4.7), with the secret key. */
import * as z from 'zod/mini';
import type { OperationId } from '../endpoints.js';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '../schemas/list.js';
import { ListCashoutsQuery, ListTransactionsQuery } from '../schemas/list-query.js';
import { ref, referToComponents } from './components.js';
import * as example from './examples.js';
import { type OperationExtra, pathsOf, WITH_BODY } from './operation.js';

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

/** What the document says of each operation beyond the table (`src/endpoints.ts`). */
const OPERATIONS = {
  getBalance: {
    responses: { 200: { description: 'The balance.', schema: 'Balance', example: example.balance } },
    errors: [403],
  },
  createTransaction: {
    body: { schema: 'CreateTransactionBody', example: example.chargeRequest },
    responses: {
      200: { ...replayed('charge'), schema: 'CreateTransactionResponse', example: example.charge },
      201: { ...created('Charge'), schema: 'CreateTransactionResponse', example: example.charge },
    },
    errors: [403, 409, ...WITH_BODY],
  },
  listTransactions: {
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
  createCashout: {
    body: { schema: 'CreateCashoutBody', example: example.payoutRequest },
    responses: {
      200: { ...replayed('payout'), schema: 'CreateCashoutResponse', example: example.createdPayout },
      201: { ...created('Payout'), schema: 'CreateCashoutResponse', example: example.createdPayout },
    },
    errors: [403, 409, ...WITH_BODY],
  },
  getCashout: {
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
  listCashouts: {
    parameters: queryParameters(ListCashoutsQuery),
    responses: {
      200: { description: 'A page of payouts.', schema: 'TransactionList', example: example.payoutPage },
    },
    errors: [403, 422],
  },
  approveCashout: {
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
} satisfies Partial<Record<OperationId, OperationExtra>>;

/** The Path Items of /v1/integrations/*. */
export const integrationPaths = () => pathsOf(OPERATIONS);
