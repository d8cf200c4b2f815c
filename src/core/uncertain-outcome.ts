/**
 * A call that may move money and fails without a definite answer (the connection dropped, the
 * attempt timed out, a 5xx, a 2xx the client could not read) may have acted all the same. Its
 * error's message says so, and what to do next: the caller reading it decides whether money
 * moves twice.
 */
import type { Idempotency, MoneyMove } from '../endpoints.js';
import { APIError } from '../errors/api-error.js';
import { APIConnectionError } from '../errors/connection.js';
import { ResponseValidationError } from '../errors/validation.js';

/**
 * The sentence for a failed call that may have moved money; `rule` is its entry's idempotency rule
 * and `key` its key. What the call may have done is the rule's `effect`: a create may have made a
 * record, which the same key answers; a change may have been applied, and the same key never
 * applies it twice (it answers the record as it is now).
 */
export function uncertainOutcomeAdvice(
  move: MoneyMove,
  rule: Idempotency | undefined,
  key: string | undefined,
  params: unknown,
): string {
  // approve-cashout takes no key: approving a payout that already moved on is refused, but
  // whether it moved is known only from the payout itself.
  if (move === 'approval')
    return `The approval may have been applied; retrieve payout ${(params as { id: number }).id} before approving again.`;
  const again = `call again with { ${rule?.field}: '${key}' }`;
  return rule?.effect === 'change'
    ? `The ${move} may have been applied; ${again}: the same key never applies it twice.`
    : `The ${move} may have been created; ${again} to get it, never without it.`;
}

/** Adds `advice` to the message of an error that leaves the call's outcome unknown (not a 4xx: nothing moved). */
export function adviseOnUncertainOutcome(error: unknown, advice: string | undefined): void {
  if (
    advice !== undefined &&
    (error instanceof APIConnectionError ||
      error instanceof ResponseValidationError ||
      (error instanceof APIError && error.status >= 500))
  )
    error.message += `. ${advice}`;
}
