/**
 * The list answer the client reads, once its envelope is unwrapped (`{ data, meta }`, a flat
 * paginator or a bare array all become `{ data, meta? }`: see `schemas/decode.ts`).
 */
import * as z from 'zod/mini';
import { PageMeta } from '../schemas/list.js';
import { Transaction } from '../schemas/transaction.js';

/** A page of records, `meta` optional. */
export const ListAnswer = z.object({ data: z.array(Transaction), meta: z.optional(PageMeta) });
