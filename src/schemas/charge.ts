/** create-transaction (interface document 4.1): a PIX charge, CASHIN. */
import * as z from 'zod/mini';
import { isValidCpf } from '../pix/cpf.js';
import { OpenTransactionStatus } from './enums.js';
import { Guid } from './formats.js';
import { ChargeAmount, Email, forbiddenField, optionalShape, text, Uuid } from './primitives.js';
import { TrackingParametersInput, transactionShape } from './transaction.js';

const notOnACharge = (field: string) =>
  forbiddenField(`${field} must not be sent on a PIX charge`, 'FORBIDDEN_FIELD');

/** The fields of a charge, camelCase in the SDK and on the wire alike (`./charge-body.ts`). */
export const chargeFields = {
  /** Gross amount in BRL, 0.01 to 1,000,000.00, at most two decimals (a third decimal is a 422). */
  amount: ChargeAmount,
  description: z.optional(text(255)),
  productName: z.optional(text(255)),
  clientName: z.optional(text(255)),
  clientEmail: z.optional(Email),
  /** The payer phone, digits only. */
  clientPhone: z.optional(z.string().check(z.regex(/^\d{10,13}$/, 'must be 10 to 13 digits'))),
  /** The payer CPF: 11 digits with valid check digits. */
  clientCpf: z.optional(
    z.string().check(z.refine(isValidCpf, 'must be a CPF of 11 digits with valid check digits')),
  ),
  /**
   * Idempotency key, unique per merchant for charges: the same key again returns the same charge
   * (200); with another body it is a 409 IDEMPOTENCY_KEY_REUSED.
   */
  referenceId: z.optional(Uuid),
  /** Must not be sent on a PIX charge (422 FORBIDDEN_FIELD). */
  acquirer: notOnACharge('acquirer'),
  /** Must not be sent on a PIX charge (422 FORBIDDEN_FIELD). */
  pixKey: notOnACharge('pixKey'),
  /** Must not be sent on a PIX charge (422 FORBIDDEN_FIELD). */
  pixKeyType: notOnACharge('pixKeyType'),
};

/** What `transactions.create` takes (camelCase). */
export const CreateTransactionParams = z.strictObject({
  ...chargeFields,
  /** Attribution data, returned on the record and repeated in webhooks. */
  trackingParameters: z.optional(TrackingParametersInput),
});
/** Parameters of a new charge. */
export type CreateTransactionParams = z.input<typeof CreateTransactionParams>;

/**
 * The create-transaction answer: the interface document promises at least `transactionId`,
 * `status` and `pixCode`; the other record fields are read when present.
 */
export const CreateTransactionResponse = z.object({
  ...optionalShape(transactionShape),
  transactionId: Guid,
  status: OpenTransactionStatus,
  pixCode: z.string(),
});
/** A newly created charge. */
export type CreateTransactionResponse = z.infer<typeof CreateTransactionResponse>;
