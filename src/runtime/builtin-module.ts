/**
 * A Node built-in module, reached through `process.getBuiltinModule` (Node 20.16+ and 22.3+, Bun,
 * Deno, workerd with `nodejs_compat`): never a static `node:` import, which would break a
 * browser or Workers. `undefined` where the runtime has none, or will not load it.
 */
export function builtinModule<T>(id: string): T | undefined {
  try {
    return (globalThis as { process?: { getBuiltinModule?: (id: string) => T } }).process?.getBuiltinModule?.(
      id,
    );
  } catch {
    return undefined;
  }
}
