/**
 * The names the report writes a type by: every name an entry exports, found by the declaration it
 * stands for (`PaymentsClient`) or, for a type alias, by the type itself. An alias of a computed
 * type (zod's `z.infer<typeof Transaction>`) leaves no alias on the type the checker hands out, so
 * the type is the key; and since the checker flattens unions (`WebhookEvent | undefined` is one
 * union of every event and `undefined`), a union alias of literals and objects also names the part
 * of a larger union that holds all its members (not one holding a primitive or an array, such as
 * `string | readonly string[]`, which would name unrelated types). A bare primitive (`type Id = string`) names nothing, or every `string`
 * would take its name. Where two public names fit, the longer union, then the first name in
 * alphabetical order, wins, so the choice never depends on the order of declarations.
 */
import ts from 'typescript';

interface UnionAlias {
  name: string;
  members: ReadonlySet<ts.Type>;
  /** Whether it may name a part of a larger union (see the top of the file), not only a whole one. */
  specific: boolean;
}

export class PublicNames {
  readonly #bySymbol: ReadonlyMap<ts.Symbol, string>;
  readonly #byType = new Map<ts.Type, string>();
  readonly #unions: UnionAlias[] = [];

  /** `bySymbol`: each exported declaration and the (first) name it is exported as. */
  constructor(checker: ts.TypeChecker, bySymbol: ReadonlyMap<ts.Symbol, string>) {
    this.#bySymbol = bySymbol;
    const aliases = [...bySymbol].filter(([symbol]) => symbol.flags & ts.SymbolFlags.TypeAlias);
    for (const [symbol, name] of aliases.sort(([, a], [, b]) => compare(a, b))) {
      const type = checker.getDeclaredTypeOfSymbol(symbol);
      if (!isDistinctive(type)) continue;
      if (!this.#byType.has(type)) this.#byType.set(type, name);
      if (type.isUnion()) {
        const specific = type.types.every((member) => isSpecificMember(checker, member));
        this.#unions.push({ name, members: new Set(type.types), specific });
      }
    }
    this.#unions.sort((a, b) => b.members.size - a.members.size || compare(a.name, b.name));
  }

  /** The public name of a declaration. */
  ofSymbol(symbol: ts.Symbol): string | undefined {
    return this.#bySymbol.get(symbol);
  }

  /** The public alias that stands for exactly `type`. */
  ofType(type: ts.Type): string | undefined {
    return this.#byType.get(type);
  }

  /**
   * The union of `types` as public aliases and the members no alias covers: each alias whose
   * members are all still uncovered takes them, largest first (`own`, the alias being written
   * out, excepted).
   */
  unionParts(types: readonly ts.Type[], own?: string): { names: string[]; rest: ts.Type[] } {
    let rest = [...types];
    const names: string[] = [];
    for (const alias of this.#unions) {
      const whole = alias.members.size === types.length;
      if (alias.name === own || (whole ? own !== undefined : !alias.specific)) continue;
      if (![...alias.members].every((member) => rest.includes(member))) continue;
      names.push(alias.name);
      rest = rest.filter((member) => !alias.members.has(member));
    }
    return { names, rest };
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A type specific enough to be known by an alias's name: an object, or a union holding one or a literal. */
function isDistinctive(type: ts.Type): boolean {
  if (type.isUnionOrIntersection()) return type.types.some(isDistinctive);
  const specific =
    ts.TypeFlags.Object | ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLiteral | ts.TypeFlags.EnumLiteral;
  return (type.flags & (specific | ts.TypeFlags.BigIntLiteral | ts.TypeFlags.TemplateLiteral)) !== 0;
}

/**
 * A union member specific enough to be read as part of an alias: a literal, an intersection, or an
 * object that is not an array.
 */
function isSpecificMember(checker: ts.TypeChecker, type: ts.Type): boolean {
  const literal = ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLiteral | ts.TypeFlags.EnumLiteral;
  if (type.flags & (literal | ts.TypeFlags.BigIntLiteral | ts.TypeFlags.BooleanLiteral)) return true;
  if (type.isIntersection()) return true; // a branded type, such as the `string & {}` of an open enum
  return (type.flags & ts.TypeFlags.Object) !== 0 && !checker.isArrayType(type) && !checker.isTupleType(type);
}
