/** The balance record (reference behaviour: the interface document leaves it "not shown"). */
import * as z from 'zod/mini';
import { IsoDateTime } from './formats.js';
import { Money } from './money.js';

/**
 * `{ available, pending, currency, updatedAt }`, amounts in currency units. The interface
 * document leaves the balance "not shown", so every field is optional in the type.
 */
export const Balance = z
  .object({
    /** What can be paid out now. */
    available: z.optional(Money),
    /** The sum of payouts still PENDING or PROCESSING. */
    pending: z.optional(Money),
    /** ISO 4217 code, "BRL". */
    currency: z.optional(z.string()),
    /** When the balance was read (ISO 8601). */
    updatedAt: z.optional(IsoDateTime),
  })
  .check(
    z.refine((balance) => balance.available !== undefined || balance.pending !== undefined, {
      error: 'must hold available or pending (an unknown balance shape)',
    }),
  );
/** The account balance. */
export type Balance = z.infer<typeof Balance>;
