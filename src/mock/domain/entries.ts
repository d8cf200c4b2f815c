/**
 * The ledger's entries: every movement of a merchant's money is one entry, naming its record and
 * its kind, with the signed change it made to `available` and to `pending`, in integer cents. A
 * balance is the merchant's initial balance plus the sum of its entries, and nothing else: a new
 * kind of movement is one more kind in ./money-rules.ts, beside the rule that makes it.
 */
import * as z from 'zod/mini';
import { ENTRY_KINDS } from './money-rules.js';

/** One entry of the ledger, as the mock holds and keeps it. */
export const LedgerEntry = z.object({
  /** Its place in the ledger, from 1. */
  id: z.int().check(z.gte(1)),
  /** The record whose move made it. */
  recordId: z.int().check(z.gte(1)),
  merchantId: z.string(),
  kind: z.enum(ENTRY_KINDS),
  /** The signed change to the available balance. */
  availableCents: z.int(),
  /** The signed change to the pending balance. */
  pendingCents: z.int(),
});
/** One entry of the ledger. */
export type LedgerEntry = z.output<typeof LedgerEntry>;

/** A movement a rule makes, before the store numbers it as an entry. */
export type Movement = Pick<LedgerEntry, 'kind' | 'availableCents' | 'pendingCents'>;
