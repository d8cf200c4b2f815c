/**
 * Money as answers and webhooks carry it: a number of reais that integer cents hold exactly, so
 * below 1e13 in size (as `toCents` counts) with at most two decimals. The decimals are read from
 * the number as written (`String(n)`, its shortest form, which is how JSON wrote it; below 1e13,
 * an exponent form means under 1e-6), never by multiplying by 100 (`0.29 * 100` is 28.999…).
 * The decoder turns a numeric string into its number first (`./decode.ts`), so `"500000.005"`
 * and `500000.005` meet the same rule: reported in lenient mode, refused in strict mode, reported
 * through `onIssue` for a webhook. Every value `toCents` refuses breaks it; so does float noise
 * (`14.899999999999999` from a service that subtracts in floats), which `toCents` would round.
 */
import * as z from 'zod/mini';

/** What keeps `amount` out of integer cents, in words; `undefined` when cents hold it exactly. */
function centsProblem(amount: number): string | undefined {
  if (!(Math.abs(amount) < 1e13)) return 'must be less than 10000000000000, to count in cents exactly';
  if (/e|\.\d{3}/.test(String(amount))) return 'must have at most two decimals';
  return undefined;
}

/**
 * An amount in an answer or a webhook (currency units, BRL). A plain check function rather than
 * `z.refine`: the webhooks entry has no other refinement, and refine's machinery weighs on it.
 */
export const Money = z.number().check((payload) => {
  const problem = centsProblem(payload.value);
  if (problem !== undefined)
    payload.issues.push({
      code: 'custom',
      message: `${problem}; got ${payload.value}`,
      input: payload.value,
    });
});
