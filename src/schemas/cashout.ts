/** create-cashout, approve-cashout (interface document 4.3, 4.6): payouts, CASHOUT. */
import * as z from 'zod/mini';
import { normalizePixKey, pixKeyProblem } from '../pix/keys.js';
import { hasAtMostTwoDecimals } from '../pix/money.js';
import { PixKeyType } from './enums.js';
import { Guid } from './formats.js';
import { Uuid } from './primitives.js';
import { Transaction } from './transaction.js';

/** The fixed fee of every payout, in cents. */
export const PAYOUT_FEE_CENTS = 500;

/** A payout amount: 0.01..1000000, at most two decimals, and above the 5.00 fee. */
export const PayoutAmount = z.number().check(
  z.gte(0.01),
  z.lte(1_000_000),
  z.refine(hasAtMostTwoDecimals, { error: 'must have at most two decimals' }),
  z.refine((amount) => amount > PAYOUT_FEE_CENTS / 100, {
    error: 'must be greater than 5.00, the fixed payout fee',
    params: { code: 'AMOUNT_BELOW_FEE' },
  }),
);

/**
 * What `cashouts.create` takes, and the create-cashout body (same names on the wire). The key
 * is normalised for its type (formatting stripped from CPF/CNPJ, EMAIL and EVP lower-cased) and
 * then checked against it.
 */
export const CreateCashoutParams = z.pipe(
  z.strictObject({
    /**
     * Gross amount in BRL, 0.01 to 1,000,000.00, greater than the 5.00 fee, at most two decimals (a
     * third decimal is a 422). The receiver gets amount - 5.00.
     */
    amount: PayoutAmount,
    /**
     * The destination key, checked against `pixKeyType`: CPF (11 digits, valid), CNPJ (14, alphanumeric
     * allowed, valid), EMAIL (at most 77 characters), PHONE (E.164, `+5511998765432`), EVP (a UUID).
     * Dots, dashes, slashes and spaces are stripped from CPF and CNPJ; EMAIL and EVP are lower-cased.
     */
    pixKey: z.string().check(z.minLength(1)),
    pixKeyType: PixKeyType,
    /**
     * Idempotency key, unique per merchant for payouts: the same key again returns the same payout
     * (200); with another body it is a 409 IDEMPOTENCY_KEY_REUSED.
     */
    idempotencyKey: z.optional(Uuid),
  }),
  z.transform((params, ctx) => {
    const pixKey = normalizePixKey(params.pixKeyType, params.pixKey);
    const problem = pixKeyProblem(params.pixKeyType, pixKey);
    if (problem !== undefined) {
      ctx.issues.push({ code: 'custom', path: ['pixKey'], message: problem, input: params.pixKey });
      return z.NEVER;
    }
    return { ...params, pixKey };
  }),
);
/** Parameters of a new payout. */
export type CreateCashoutParams = z.input<typeof CreateCashoutParams>;
/** A validated, normalised create-cashout body. */
export type CreateCashoutBody = z.output<typeof CreateCashoutParams>;

/** The create-cashout answer: a transaction record with the extra `_info` string. */
export const CreateCashoutResponse = z.object({ ...Transaction.shape, _info: z.string() });
/** A newly created (or idempotently replayed) payout. */
export type CreateCashoutResponse = z.infer<typeof CreateCashoutResponse>;

/** The approve-cashout body (legacy): the integer id, optionally with the transactionId. */
export const ApproveCashoutParams = z.strictObject({
  id: z.int().check(z.gte(1)),
  transactionId: z.optional(Guid),
});
/** Parameters of approve-cashout. */
export type ApproveCashoutParams = z.input<typeof ApproveCashoutParams>;
