/**
 * Random damage to a JSON value, of the kinds a service's answer may carry: a field deleted or
 * nulled, a value of the wrong type, a number sent as a string, a string that breaks a pattern or
 * misses an enum by a little, an extra key (`__proto__` and `constructor` among them). Every result
 * is made by JSON.parse of the value's text, as the fast path sees an answer.
 */
import fc from 'fast-check';

type Path = (string | number)[];
type Node = Record<string, unknown> | unknown[];

/** A value as JSON.parse makes it from its text (own `__proto__` keys stay own keys). */
export const viaJsonText = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? 'null');

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null;
const isRecord = (value: unknown) => isNode(value) && !Array.isArray(value);

function pathsOf(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (isNode(value))
    for (const key of Object.keys(value)) pathsOf((value as Node)[key as never], [...path, key], out);
  return out;
}

const at = (root: unknown, path: Path) =>
  path.reduce<unknown>((node, key) => (node as Node)[key as never], root);

/** Sets (or with `remove`, deletes) the value at `path`; a key is defined, never assigned. */
function put(root: unknown, path: Path, value: unknown, remove = false): unknown {
  if (path.length === 0) return remove ? {} : value;
  const parent = at(root, path.slice(0, -1)) as Node;
  const key = path.at(-1) as string;
  if (remove && Array.isArray(parent)) parent.splice(Number(key), 1);
  else if (remove) delete (parent as Record<string, unknown>)[key];
  else Object.defineProperty(parent, key, { value, enumerable: true, writable: true, configurable: true });
  return root;
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** Strings that break a pattern or miss an enum value by a little. */
function broken(text: string, how: number, extra: string): string {
  const variants = [
    `${text}x`,
    text.slice(0, -1),
    text.slice(1),
    text.toUpperCase(),
    text.toLowerCase(),
    ` ${text}`,
    `${text}\n`,
    `${text}${extra}`,
    `${text.slice(0, 1)}${extra}${text.slice(2)}`,
    text.replace(/\d/, 'Z'),
    text.replace(/[-:T]/, ''),
    text.repeat(2),
    extra,
  ];
  return variants[how % variants.length] as string;
}

const step = fc.oneof(
  fc.record({ kind: fc.constant('delete' as const) }),
  fc.record({ kind: fc.constant('null' as const) }),
  fc.record({
    kind: fc.constant('retype' as const),
    to: fc.oneof(fc.constantFrom(0, 1.5, -1, '', 'x', true, false, [], {}), fc.jsonValue({ maxDepth: 1 })),
  }),
  fc.record({ kind: fc.constant('numeric string' as const) }),
  fc.record({
    kind: fc.constant('break string' as const),
    how: fc.nat(),
    extra: fc.string({ unit: 'binary', maxLength: 2 }),
  }),
  fc.record({
    kind: fc.constant('number edge' as const),
    to: fc.constantFrom(0, 0.5, -1, 1e21, 2 ** 53, Number.MAX_SAFE_INTEGER, 0.001, 100.005),
  }),
  fc.record({
    kind: fc.constant('extra key' as const),
    key: fc.oneof(
      { arbitrary: fc.constantFrom('__proto__', 'constructor'), weight: 2 },
      fc.constantFrom('toString', 'hasOwnProperty', 'extra', 'id', 'data'),
      fc.string({ maxLength: 4 }),
    ),
    value: fc.jsonValue({ maxDepth: 1 }),
  }),
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

function applied(root: unknown, path: Path, change: Step): unknown {
  const value = at(root, path);
  switch (change.kind) {
    case 'delete':
      return put(root, path, undefined, true);
    case 'null':
      return put(root, path, null);
    case 'retype':
    case 'number edge':
      return put(root, path, change.to);
    case 'numeric string':
      return put(root, path, typeof value === 'string' ? Number(value) : textOf(value ?? 1));
    case 'break string':
      return put(root, path, broken(textOf(value), change.how, change.extra));
    case 'extra key': {
      // On the nearest object at or above the picked place: mostly a record, not a leaf.
      let target = path;
      while (target.length > 0 && !isRecord(at(root, target))) target = target.slice(0, -1);
      return isRecord(at(root, target)) ? put(root, [...target, change.key], change.value) : root;
    }
  }
}

/** `seed`, damaged in one to three random places, as fresh JSON. */
export function mutated(seed: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const steps = fc.array(fc.tuple(fc.nat(), step), { minLength: 1, maxLength: 3 });
  return fc.tuple(seed, steps).map(([value, changes]) => {
    let json = viaJsonText(value);
    for (const [pick, change] of changes) {
      const paths = pathsOf(json);
      json = viaJsonText(applied(json, paths[pick % paths.length] as Path, change));
    }
    return json;
  });
}
