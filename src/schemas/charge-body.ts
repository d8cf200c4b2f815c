/**
 * The create-transaction body as it travels (`tracking_parameters` on the wire): what the mock
 * reads and the OpenAPI document describes. The client sends the body `toCreateTransactionBody`
 * makes from validated `CreateTransactionParams`, so this schema stays out of its bundle.
 */
import * as z from 'zod/mini';
import { isValidCpf } from '../pix/cpf.js';
import { CPF_RULE, chargeFields } from './charge.js';
import { takes } from './messages.js';
import { TrackingParametersInput } from './transaction.js';

/**
 * The create-transaction body as it travels. The interface gives `clientCpf` as "string (digits)":
 * punctuation, which the SDK strips, is refused here as such, before the check digits are read.
 */
export const CreateTransactionBody = z.strictObject({
  ...chargeFields,
  /** The payer CPF: 11 digits with valid check digits. */
  clientCpf: z.optional(
    z
      .string()
      .check(
        z.regex(/^\d*$/, { ...takes('digits only, such as "52998224725"'), abort: true }),
        z.refine(isValidCpf, CPF_RULE),
      ),
  ),
  /** Attribution data (snake_case on the request; `trackingParameters` on records). */
  tracking_parameters: z.optional(TrackingParametersInput),
});
/** The create-transaction body on the wire. */
export type CreateTransactionBody = z.output<typeof CreateTransactionBody>;
