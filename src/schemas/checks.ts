/**
 * Checks of arguments whose mistakes are programming errors: a `TypeError` that names the
 * argument and what it must be, thrown before any work starts.
 */

/** How a value is named in a message: a number or boolean as written, else its kind, never its content (a string may be a secret). */
export function kindOf(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}

/** `value` itself; a `TypeError` naming `name` for anything but an object. */
export function objectArgument<T extends object>(value: T, name: string): T {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new TypeError(`${name} must be an object, got ${kindOf(value)}`);
  return value;
}

/** `options` itself, or `{}` when undefined; a `TypeError` naming `name` for anything but an object. */
export function optionsObject<T extends object>(options: T | undefined, name: string): Partial<T> {
  return options === undefined ? {} : objectArgument(options, name);
}

/** A `TypeError` naming `name` unless `value` is undefined or a function. */
export function optionalFunction(value: unknown, name: string): void {
  if (value !== undefined && typeof value !== 'function')
    throw new TypeError(`${name} must be a function, got ${kindOf(value)}`);
}
