/** The root of the SDK's error family. */
import { ERROR_CLASS, isTaggedInstance } from './brand.js';

/**
 * The root of the SDK's error family. Every error the SDK throws is a `PaymentsError`; none
 * carries the secret key or the user token, in its message, its stack or `toJSON()`.
 */
export class PaymentsError extends Error {
  /** @internal This class's tag, shared by every build and copy of the package. */
  static readonly [ERROR_CLASS]: string = 'PaymentsError';

  /** The class's name (`RateLimitError`, …), kept by minifiers: it is the class's tag. */
  override get name(): string {
    // Subclasses inherit the static tag, so an app's own subclass is named after its SDK parent.
    return (this.constructor as typeof PaymentsError)[ERROR_CLASS];
  }
  /**
   * The idempotency key the failed create call used: call again with it to get the same record.
   * Read-only: the client sets it once, when the error is thrown.
   */
  get idempotencyKey(): string | undefined {
    return idempotencyKeys.get(this);
  }

  /**
   * `instanceof` holds for errors thrown by either build (ESM or CommonJS) of any copy of the
   * package: it compares class tags along the prototype chain.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the subclass the check is made on.
    return isTaggedInstance(this, value);
  }

  /**
   * True when `value` is an error of this class (or a subclass) from any build or copy of the
   * package, without `instanceof`: `RateLimitError.is(error)`.
   */
  static is<T>(this: abstract new (...args: never[]) => T, value: unknown): value is T {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the subclass the check is made on.
    return value instanceof this;
  }

  /** A plain object for logs: name, message and the safe fields, never credentials. */
  toJSON(): Record<string, unknown> {
    const json: Record<string, unknown> = { name: this.name, message: this.message };
    if (this.idempotencyKey !== undefined) json.idempotencyKey = this.idempotencyKey;
    for (const [key, value] of Object.entries(this)) {
      if (key !== 'cause' && key !== 'name')
        json[key] = value instanceof Headers ? Object.fromEntries(value) : value;
    }
    return json;
  }
}

// Kept beside the errors, not on them: a getter without a setter makes the key read-only.
const idempotencyKeys = new WeakMap<PaymentsError, string>();

/** Gives an error the client is about to throw its idempotency key (once; the first key stays). */
export function withIdempotencyKey<E>(error: E, key: string | undefined): E {
  if (key !== undefined && error instanceof PaymentsError && !idempotencyKeys.has(error))
    idempotencyKeys.set(error, key);
  return error;
}

/** True for any error of this SDK, from either build (ESM or CommonJS) of any copy of the package. */
export function isPaymentsError(error: unknown): error is PaymentsError {
  return isTaggedInstance(PaymentsError, error);
}
