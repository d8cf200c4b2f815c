/**
 * Hand-made schemas for each zod construct the exported schemas use, or may use one day: the
 * fast-path property runs over these as well as over the exported ones.
 */
import * as z from 'zod/mini';

enum Native {
  Zero = 0,
  One = 1,
}

/** One schema per construct, named by what it exercises. */
export const constructs: Record<string, z.ZodMiniType> = {
  'regex and lengths (code points)': z.string().check(z.regex(/^\S+$/), z.minLength(2), z.maxLength(4)),
  'sticky regex': z.string().check(z.regex(/a/y)),
  'global regex': z.string().check(z.regex(/^\d|x/g)),
  refine: z.string().check(z.refine((v) => v.length % 2 === 0)),
  enum: z.enum(['PENDING', 'COMPLETED']),
  'TypeScript enum': z.enum(Native),
  literals: z.object({ a: z.literal(['a', 1, null]), b: z.optional(z.literal(true)) }),
  'literal undefined': z.object({ a: z.literal(undefined) }),
  boolean: z.object({ on: z.boolean(), off: z.nullable(z.boolean()) }),
  union: z.union([z.string(), z.int()]),
  'union with a transform': z.union([z.int(), z.pipe(z.string(), z.transform(Number))]),
  'optional, nullable, default': z.object({
    a: z.optional(z.string()),
    b: z.nullable(z.int()),
    c: z._default(z.string(), 'd'),
    d: z.optional(z._default(z.int(), 1)),
    e: z.optional(z.nullable(z._default(z.string(), 'e'))),
  }),
  'strict, plain and loose objects': z.object({
    strict: z.optional(z.strictObject({ a: z.string() })),
    plain: z.optional(z.object({ a: z.string() })),
    loose: z.looseObject({ a: z.optional(z.string()) }),
  }),
  'bounded numbers': z.object({
    int: z.int().check(z.gte(1), z.lt(1000)),
    amount: z.number().check(z.gt(0), z.lte(1e6)),
  }),
  'multiple of': z.number().check(z.multipleOf(0.01)),
  'array lengths': z.array(z.enum(['a', 'b'])).check(z.minLength(1), z.maxLength(2)),
  'string formats': z.object({ uuid: z.uuid(), guid: z.guid(), at: z.iso.datetime(), day: z.iso.date() }),
  'formats beyond a pattern': z.object({ email: z.email(), url: z.optional(z.url()) }),
  'keys Object.prototype has': z.object({
    constructor: z.optional(z.string()),
    toString: z.optional(z.nullable(z.string())),
  }),
  coerced: z.coerce.number(),
};
