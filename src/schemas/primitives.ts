/** Building blocks of the request schemas (strict: bounded text, amounts, UUIDs, dates, forbidden fields). */
import * as z from 'zod/mini';
import { hasAtMostTwoDecimals } from '../pix/money.js';
import { DATE_PATTERN, isCalendarDate, UUID_PATTERN } from './formats.js';
import { A_DATE, A_UUID, takes } from './messages.js';

/** A field that a request must not carry; `code` is the service's error code for it. */
export function forbiddenField(
  message: string,
  code: string,
): z.ZodMiniOptional<z.ZodMiniType<never, never>> {
  return z.optional(z.custom<never, never>(() => false, { error: message, params: { code } }));
}

/**
 * A charge amount: 0.01 to 1,000,000.00 (the limit the service documents; it also keeps the BR
 * Code's amount field within its 13 characters and every balance within exact cents).
 */
export const ChargeAmount = z
  .number()
  .check(
    z.gte(0.01),
    z.lte(1_000_000),
    z.refine(hasAtMostTwoDecimals, { error: 'must have at most two decimals' }),
  );

/** An e-mail address (any case). */
export const Email = z
  .string()
  .check(
    z.regex(
      /^[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/,
      takes('an e-mail address, such as "ana@example.com"'),
    ),
  );

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** The longest URL taken, in characters: what browsers and servers commonly accept. */
export const MAX_URL_LENGTH = 2_048;

/** An absolute http:// or https:// URL of at most {@link MAX_URL_LENGTH} characters. */
export const HttpUrl = z
  .string()
  .check(
    z.maxLength(MAX_URL_LENGTH, { abort: true }),
    z.refine(isHttpUrl, { error: 'must be an http or https URL' }),
  );

/** The same fields, each optional (a lighter z.partial for object shapes). */
export function optionalShape<T extends Record<string, z.ZodMiniType>>(
  shape: T,
): { [K in keyof T]: z.ZodMiniOptional<T[K]> } {
  const optional: Record<string, z.ZodMiniType> = {};
  for (const [key, schema] of Object.entries(shape)) optional[key] = z.optional(schema);
  return optional as { [K in keyof T]: z.ZodMiniOptional<T[K]> };
}

/** A request string of bounded length. */
export function text(max: number) {
  return z.string().check(z.minLength(1), z.maxLength(max));
}

/**
 * A UUID in a request, as RFC 9562 defines it (versions 1 to 8, the RFC variant), or the nil UUID.
 * Written as a pattern rather than zod's format so that the main entry stays small.
 */
export const Uuid = z.string().check(z.regex(UUID_PATTERN, takes(A_UUID)));

/** A calendar date, `YYYY-MM-DD`. */
export const IsoDate = z
  .string()
  .check(
    z.regex(DATE_PATTERN, takes(A_DATE)),
    z.refine(isCalendarDate, { error: 'must be a real calendar date (YYYY-MM-DD)' }),
  );
