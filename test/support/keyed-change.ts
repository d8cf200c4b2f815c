/**
 * A fake keyed change for the tests of what reads `idempotency.effect` (`src/endpoints.ts`): no
 * entry changes a record yet, so a test declares one of today's keyed creates a change while it
 * runs, the rest of its entry (field, scope, status, money) as it is, and restores it after.
 */
import { type Endpoint, endpoints, type OperationId } from '../../src/endpoints.js';

/** Runs `check` with the key of `operationId` declared as a change of a record, then restores it. */
export async function asKeyedChange<T>(operationId: OperationId, check: () => T | Promise<T>): Promise<T> {
  const entry: Endpoint = endpoints[operationId];
  const rule = entry.idempotency;
  if (rule === undefined) throw new Error(`${operationId} has no idempotency key to declare a change`);
  entry.idempotency = { ...rule, effect: 'change' };
  try {
    return await check();
  } finally {
    entry.idempotency = rule;
  }
}
