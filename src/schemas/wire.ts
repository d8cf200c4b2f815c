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

/** A camelCase name as the service spells it: `perPage` → `per_page`, `dateFrom` → `date_from`. */
const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * Maps validated list parameters to query-string pairs with wire names, leaving out what is not set.
 */
export function toListQuery(params: ListTransactionsParams | ListCashoutsParams): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(params))
    if (value !== undefined) query[snakeCase(name)] = String(value);
  return query;
}
