/** The error body of the reference behaviour. */
import * as z from 'zod/mini';

/** `{ message, code, errors? }`; `errors` maps a field to its messages (422). */
export const ErrorBody = z.looseObject({
  message: z.string(),
  code: z.string(),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
});
/** An error answer of the service. */
export type ErrorBody = z.infer<typeof ErrorBody>;
