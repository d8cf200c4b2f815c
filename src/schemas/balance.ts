/** The balance record (reference behaviour: the interface document leaves it "not shown"). */
import * as z from 'zod/mini';
import { IsoDateTime } from './formats.js';

/** `{ available, pending, currency, updatedAt }`; amounts in currency units. */
export const Balance = z.looseObject({
  /** What can be paid out now. */
  available: z.number(),
  /** The sum of payouts still PENDING or PROCESSING. */
  pending: z.number(),
  /** ISO 4217 code, "BRL". */
  currency: z.string(),
  updatedAt: IsoDateTime,
});
/** The account balance. */
export type Balance = z.infer<typeof Balance>;
