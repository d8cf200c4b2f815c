/** Building blocks shared by the request and response schemas. */
import * as z from 'zod/mini';
import { hasAtMostTwoDecimals } from '../pix/money.js';

/**
 * An open enumeration for responses: the known values stay a typed union, and a value the
 * service adds later still parses (as a plain string) instead of failing the whole response.
 */
export function openEnum<const T extends readonly [string, ...string[]]>(
  _values: T,
): z.ZodMiniType<T[number] | (string & {})> {
  return z.string() as unknown as z.ZodMiniType<T[number] | (string & {})>;
}

/** A response field that may be `null`; a missing one reads as `null` too. */
export function nullableField<T extends z.ZodMiniType>(schema: T) {
  return z._default(z.nullable(schema), null);
}

/** A UUID-shaped identifier in a response (any version or variant). */
export const Guid = z.guid();

/** An ISO 8601 date-time with a time-zone designator, as the service sends them. */
export const IsoDateTime = z.iso.datetime({ offset: true });

/** A field that a request must not carry; `code` is the service's error code for it. */
export function forbiddenField(
  message: string,
  code: string,
): z.ZodMiniOptional<z.ZodMiniType<never, never>> {
  return z.optional(z.custom<never, never>(() => false, { error: message, params: { code } }));
}

/** A money amount in a request: positive, finite, at most two decimals. */
export const PositiveAmount = z
  .number()
  .check(z.gt(0), z.refine(hasAtMostTwoDecimals, { error: 'must have at most two decimals' }));

/** A request string of bounded length. */
export function text(max: number) {
  return z.string().check(z.minLength(1), z.maxLength(max));
}
