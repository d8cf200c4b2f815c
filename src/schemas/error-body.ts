/** The error body of the reference behaviour. */
import * as z from 'zod/mini';

/** `{ message, code, errors? }`; `errors` maps a field to its messages (422). */
export const ErrorBody = z.looseObject({
  message: z.string(),
  code: z.string(),
  errors: z.optional(
    z.custom<Record<string, string[]>>(
      (value) =>
        typeof value === 'object' &&
        value !== null &&
        !Array.isArray(value) &&
        Object.values(value).every(
          (messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'),
        ),
      { error: 'must map each field to a list of messages' },
    ),
  ),
});
/** An error answer of the service. */
export type ErrorBody = z.infer<typeof ErrorBody>;
