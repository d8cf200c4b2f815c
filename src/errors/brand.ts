/**
 * Error classes recognised across builds and copies. The ESM and the CommonJS build (or two
 * copies of the package in one app) each have their own classes, so plain `instanceof` fails
 * across them. Each class carries a tag registered with `Symbol.for`, shared by every copy;
 * `instanceof` and the guards compare tags along the value's prototype chain.
 */

/** The key of an error class's tag (a static field holding its stable name: `constructor.name` may be changed by a minifier). */
/** @internal */
export const ERROR_CLASS: unique symbol = Symbol.for('pix-payments.errorClass') as never;

type Tagged = { readonly [ERROR_CLASS]?: string };

/**
 * True when `value` is an instance of `Class` from any build or copy of the package. A class
 * without a tag of its own (a subclass the app wrote) keeps plain `instanceof`.
 */
export function isTaggedInstance(Class: abstract new (...args: never[]) => unknown, value: unknown): boolean {
  if (Function.prototype[Symbol.hasInstance].call(Class, value)) return true;
  if (!Object.hasOwn(Class, ERROR_CLASS) || typeof value !== 'object' || value === null) return false;
  const tag = (Class as Tagged)[ERROR_CLASS];
  for (let proto = Object.getPrototypeOf(value); proto !== null; proto = Object.getPrototypeOf(proto)) {
    // Any value may come here: its `constructor` may be null, a primitive, or missing.
    const owner: unknown = Object.hasOwn(proto, 'constructor') ? proto.constructor : undefined;
    if (
      typeof owner === 'function' &&
      Object.hasOwn(owner, ERROR_CLASS) &&
      (owner as Tagged)[ERROR_CLASS] === tag
    )
      return true;
  }
  return false;
}
