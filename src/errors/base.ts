/**
 * The root of the SDK's error family. Every error the client throws is a `PaymentsError`; none
 * carries the secret key or the user token, in its message, its stack or `toJSON()`.
 */
export class PaymentsError extends Error {
  override name = 'PaymentsError';
  /** The idempotency key the failed create call used: call again with it to get the same record. */
  idempotencyKey?: string;

  /** A plain object for logs: name, message and the safe fields, never credentials. */
  toJSON(): Record<string, unknown> {
    const json: Record<string, unknown> = { name: this.name, message: this.message };
    for (const [key, value] of Object.entries(this)) {
      if (key !== 'cause' && key !== 'name')
        json[key] = value instanceof Headers ? Object.fromEntries(value) : value;
    }
    return json;
  }
}

/** True for any error of this SDK (works across the ESM and CJS builds). */
export function isPaymentsError(error: unknown): error is PaymentsError {
  return error instanceof PaymentsError;
}
