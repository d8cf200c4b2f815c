/**
 * The list answer the client reads, tolerant of the envelope: `{ data, meta }` as the reference
 * service sends it, `{ data }` without meta, or a bare array (see `asListEnvelope`).
 */
import * as z from 'zod/mini';
import type { RequestOptions } from '../core/config.js';
import { type PagePromise, paginate } from '../core/pagination.js';
import { validateParams } from '../core/validate.js';
import { DEFAULT_PER_PAGE, PageMeta } from '../schemas/list.js';
import type { Transaction as TransactionRecord } from '../schemas/transaction.js';
import { Transaction } from '../schemas/transaction.js';
import { toListQuery } from '../schemas/wire.js';
import type { ClientContext } from './context.js';

/** A page of records, `meta` optional. */
export const ListAnswer = z.looseObject({ data: z.array(Transaction), meta: z.optional(PageMeta) });

/** A bare array answer read as `{ data }`, so that one schema covers every envelope. */
export function asListEnvelope(json: unknown): unknown {
  return Array.isArray(json) ? { data: json } : json;
}

/** Parameters every list takes. */
interface PageParams {
  page?: number | undefined;
  perPage?: number | undefined;
}

/**
 * A paginated list of transaction records at `path`. The parameters are validated inside the
 * first fetch, so that a bad one rejects like every other call.
 */
export function listRecords<P extends PageParams>(
  client: ClientContext,
  path: string,
  paramsSchema: z.ZodMiniType<P, P>,
  params: P,
  options: RequestOptions | undefined,
): PagePromise<TransactionRecord> {
  return paginate(
    (page) => {
      const query = toListQuery({ ...validateParams(paramsSchema, params), page });
      return client.fetch(
        { method: 'GET', path, query, auth: 'secret', schema: ListAnswer, prepare: asListEnvelope },
        options,
      );
    },
    params.page ?? 1,
    params.perPage ?? DEFAULT_PER_PAGE,
  );
}
