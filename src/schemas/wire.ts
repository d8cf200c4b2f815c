/**
 * The one place where TypeScript names become wire names. Requests take camelCase
 * (`trackingParameters`, `perPage`, `dateFrom`); the service reads snake_case.
 */
import type { CreateTransactionParams } from './charge.js';
import type { CreateTransactionBody } from './charge-body.js';
import type { ListCashoutsParams, ListTransactionsParams } from './list.js';

/** Maps validated charge parameters to the create-transaction body. */
export function toCreateTransactionBody(params: CreateTransactionParams): CreateTransactionBody {
  const { trackingParameters, ...rest } = params;
  const body: CreateTransactionBody = { ...rest } as CreateTransactionBody;
  if (trackingParameters !== undefined) body.tracking_parameters = trackingParameters;
  return body;
}

const QUERY_NAMES = {
  id: 'id',
  type: 'type',
  status: 'status',
  origin: 'origin',
  dateFrom: 'date_from',
  dateTo: 'date_to',
  page: 'page',
  perPage: 'per_page',
} as const satisfies Record<keyof ListTransactionsParams, string>;

/**
 * Maps list parameters to query-string pairs with wire names, leaving out what is not set.
 */
export function toListQuery(params: ListTransactionsParams | ListCashoutsParams): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    const wireName = QUERY_NAMES[name as keyof typeof QUERY_NAMES];
    if (wireName === undefined) throw new TypeError(`unknown list parameter: ${name}`);
    query[wireName] = String(value);
  }
  return query;
}
