/**
 * The create-transaction body as it travels (`tracking_parameters` on the wire): what the mock
 * reads and the OpenAPI document describes. The client sends the body `toCreateTransactionBody`
 * makes from validated `CreateTransactionParams`, so this schema stays out of its bundle.
 */
import * as z from 'zod/mini';
import { chargeFields } from './charge.js';
import { TrackingParametersInput } from './transaction.js';

/** The create-transaction body as it travels. */
export const CreateTransactionBody = z.strictObject({
  ...chargeFields,
  /** Attribution data (snake_case on the request; `trackingParameters` on records). */
  tracking_parameters: z.optional(TrackingParametersInput),
});
/** The create-transaction body on the wire. */
export type CreateTransactionBody = z.output<typeof CreateTransactionBody>;
