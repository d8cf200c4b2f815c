/**
 * The list answer the client reads, tolerant of the envelope: `{ data, meta }` as the reference
 * service sends it, `{ data }` without meta, or a bare array.
 */
import * as z from 'zod/mini';
import { PageMeta } from '../schemas/list.js';
import { Transaction } from '../schemas/transaction.js';

export const ListAnswer = z.pipe(
  z.union([z.looseObject({ data: z.array(Transaction), meta: z.optional(PageMeta) }), z.array(Transaction)]),
  z.transform((answer) => (Array.isArray(answer) ? { data: answer } : answer)),
);
