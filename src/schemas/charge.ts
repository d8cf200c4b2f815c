/** create-transaction (interface document 4.1): a PIX charge, CASHIN. */
import * as z from 'zod/mini';
import { isValidCpf } from '../pix/cpf.js';
import { normalizePixKey } from '../pix/keys.js';
import { OpenTransactionStatus } from './enums.js';
import { Guid } from './formats.js';
import { ChargeAmount, Email, forbiddenField, optionalShape, text, Uuid } from './primitives.js';
import { TrackingParametersInput, Transaction } from './transaction.js';

/** The rule of a CPF once it is digits only. */
export const CPF_RULE = 'must be a CPF of 11 digits with valid check digits';

const notOnACharge = (field: string) =>
  forbiddenField(`${field} must not be sent on a PIX charge`, 'FORBIDDEN_FIELD');

/**
 * A CPF as the SDK takes it: the usual punctuation (dots, dashes, slashes, spaces) is stripped,
 * as from a CPF PIX key (`normalizePixKey`), and the 11 digits left must have valid check digits.
 * Letters are never stripped, so a CPF with letters is refused.
 */
const FormattedCpf = z.string().check(
  z.overwrite((cpf) => normalizePixKey('CPF', cpf)),
  z.refine(isValidCpf, `${CPF_RULE} (dots, dashes, slashes and spaces are allowed)`),
);

/**
 * The fields of a charge, camelCase in the SDK and on the wire alike (`./charge-body.ts`), as the
 * SDK takes them: the wire body replaces `clientCpf` with its own rule (digits only).
 */
export const chargeFields = {
  /** Gross amount in BRL, 0.01 to 1,000,000.00, at most two decimals (a third decimal is a 422). */
  amount: ChargeAmount,
  description: z.optional(text(255)),
  productName: z.optional(text(255)),
  clientName: z.optional(text(255)),
  clientEmail: z.optional(Email),
  /** The payer phone, digits only. */
  clientPhone: z.optional(z.string().check(z.regex(/^\d{10,13}$/, 'must be 10 to 13 digits'))),
  /**
   * The payer CPF: 11 digits with valid check digits, such as "52998224725"; written with dots,
   * dashes, slashes or spaces ("529.982.247-25"), it is sent without them.
   */
  clientCpf: z.optional(FormattedCpf),
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
  ...optionalShape(Transaction.shape),
  transactionId: Guid,
  status: OpenTransactionStatus,
  pixCode: z.string(),
});
/** A newly created charge. */
export type CreateTransactionResponse = z.infer<typeof CreateTransactionResponse>;
