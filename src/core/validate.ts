/** Request validation before anything is sent. */
import type * as z from 'zod/mini';
import { ValidationError } from '../errors/validation.js';
import { safeParseWith } from '../schemas/parse.js';
import { isPlainlyValid } from '../schemas/plain-validator.js';

/** Parses call parameters with their schema; a bad one throws `ValidationError` naming each field. */
export function validateParams<S extends z.ZodMiniType>(
  schema: S,
  params: unknown,
  idempotencyKey?: string,
): z.output<S> {
  // Plainly valid parameters of a schema without transforms are their own parsed value.
  if (isPlainlyValid(schema, params)) return params as z.output<S>;
  const outcome = safeParseWith(schema, params);
  if (outcome.success) return outcome.data;
  const error = new ValidationError(outcome.message, outcome.issues);
  if (idempotencyKey !== undefined) error.idempotencyKey = idempotencyKey;
  throw error;
}

/**
 * Validates the parameters of a create call with its idempotency key: the caller's, or a UUID v4
 * made here once per call. The core then reuses it on every retry and puts it on every error.
 */
export function validateWithIdempotencyKey<S extends z.ZodMiniType, K extends string>(
  schema: S,
  params: { [P in K]?: string | undefined } | undefined,
  field: K,
): { key: string; valid: z.output<S> } {
  const key = params?.[field] ?? crypto.randomUUID();
  return { key, valid: validateParams(schema, { ...params, [field]: key }, key) };
}

/** Rejects instead of throwing, so that a call always returns a promise. */
export function rejecting<T>(run: () => Promise<T>): Promise<T> {
  try {
    return run();
  } catch (error) {
    return Promise.reject(error);
  }
}
