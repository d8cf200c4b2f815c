/**
 * The list answer the client reads, tolerant of the envelope: `{ data, meta }` as the reference
 * service sends it, `{ data }` without meta, or a bare array (see `asListEnvelope`).
 */
import * as z from 'zod/mini';
import { PageMeta } from '../schemas/list.js';
import { Transaction } from '../schemas/transaction.js';

/** A page of records, `meta` optional. */
export const ListAnswer = z.looseObject({ data: z.array(Transaction), meta: z.optional(PageMeta) });

/** A bare array answer read as `{ data }`, so that one schema covers every envelope. */
export function asListEnvelope(json: unknown): unknown {
  return Array.isArray(json) ? { data: json } : json;
}
