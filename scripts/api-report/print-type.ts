/**
 * Writes a type as the API report shows it: a type the package exports is written by its public
 * name (its own line shows its shape; see public-names.ts), a type of a dependency or of the
 * platform by its name (`Promise<T>`, `Response`, `ZodMiniString<string>`), and everything else (an internal alias,
 * an internal interface, an object literal, an alias a library computes such as `z.infer<…>`) is
 * expanded to its structure. Union members, intersection members and properties are sorted, so a
 * type moved to another file, an internal alias renamed or a union the checker builds in another
 * order reads the same, while a changed member or parameter type reads differently. A type met
 * again inside its own expansion, or nested deeper than `MAX_DEPTH`, falls back to the checker's
 * own text (`typeToString` with `NoTruncation | InTypeAlias`).
 */
import ts from 'typescript';
import { isReadonly, memberName, sortedMembers } from './members.js';
import type { PublicNames } from './public-names.js';
import { INTRINSIC, isBareFunction, isGenericMapped, isResolvedStructure, NAMED } from './type-kinds.js';

const MAX_DEPTH = 8;
const FALLBACK_FLAGS =
  ts.TypeFormatFlags.NoTruncation |
  ts.TypeFormatFlags.InTypeAlias |
  ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType;
/** Prints types of one program whose own declarations are the files for which `isOwn` holds. */
export class TypePrinter {
  readonly #checker: ts.TypeChecker;
  readonly #names: PublicNames;
  readonly #isOwn: (file: ts.SourceFile) => boolean;
  readonly #expanding = new Set<ts.Type>();

  constructor(checker: ts.TypeChecker, names: PublicNames, isOwn: (file: ts.SourceFile) => boolean) {
    this.#checker = checker;
    this.#names = names;
    this.#isOwn = isOwn;
  }

  /** `type` as the report writes it. */
  type(type: ts.Type): string {
    if (type.flags & INTRINSIC) return this.#fallback(type);
    if (type.flags & ts.TypeFlags.TypeParameter) return type.symbol?.name ?? this.#fallback(type);
    return this.#name(type) ?? this.#expand(type);
  }

  /** The name `type` is written by, if it is public or foreign; `undefined` for an internal type. */
  nameOf(type: ts.Type): string | undefined {
    return this.#name(type);
  }

  /** What the type alias `symbol` stands for: its type written without the alias's own name. */
  aliased(symbol: ts.Symbol): string {
    const type = this.#checker.getDeclaredTypeOfSymbol(symbol);
    if (type.flags & INTRINSIC) return this.#fallback(type);
    const own = this.#names.ofSymbol(symbol);
    return this.#name(type, own) ?? this.#expand(type, own);
  }

  #expand(type: ts.Type, own?: string): string {
    if (this.#expanding.has(type) || this.#expanding.size >= MAX_DEPTH) return this.#fallback(type);
    this.#expanding.add(type);
    try {
      return this.#structure(type, own);
    } finally {
      this.#expanding.delete(type);
    }
  }

  /** `(a: A, b?: B) => R`, with its type parameters and type predicate. */
  signature(signature: ts.Signature, arrow = ' => '): string {
    const typeParameters = signature.getTypeParameters() ?? [];
    const generics =
      typeParameters.length === 0 ? '' : `<${typeParameters.map((p) => this.typeParameter(p)).join(', ')}>`;
    const parameters = signature.getParameters().map((p) => this.#parameter(p));
    const predicate = this.#checker.getTypePredicateOfSignature(signature);
    const returns =
      predicate === undefined ? this.type(signature.getReturnType()) : this.#predicate(predicate);
    return `${generics}(${parameters.join(', ')})${arrow}${returns}`;
  }

  /** `name?: T` of a property in a type literal. */
  property(symbol: ts.Symbol): string {
    const optional = symbol.flags & ts.SymbolFlags.Optional ? '?' : '';
    const name = `${memberName(this.#checker, symbol)}${optional}`;
    if (symbol.flags & ts.SymbolFlags.Method) {
      const signatures = this.#checker.getTypeOfSymbol(symbol).getCallSignatures();
      return signatures.map((signature) => `${name}${this.signature(signature, ': ')}`).join('; ');
    }
    return `${isReadonly(symbol) ? 'readonly ' : ''}${name}: ${this.propertyType(symbol)}`;
  }

  /**
   * The type of a property, without the `undefined` that its `?` adds (under
   * `exactOptionalPropertyTypes` that one is the checker's "missing" type, not `undefined` itself,
   * so an `| undefined` the declaration writes stays).
   */
  propertyType(symbol: ts.Symbol): string {
    const type = this.#checker.getTypeOfSymbol(symbol);
    if (!(symbol.flags & ts.SymbolFlags.Optional) || !type.isUnion()) return this.type(type);
    const undefinedType = this.#checker.getUndefinedType();
    const rest = type.types.filter((t) => !(t.flags & ts.TypeFlags.Undefined) || t === undefinedType);
    return rest.length === 1 && rest[0] !== undefined ? this.type(rest[0]) : this.#union(rest);
  }

  #structure(type: ts.Type, own: string | undefined): string {
    if (type.isUnion()) return this.#union(type.types, own);
    if (type.isIntersection())
      return sortedJoin(
        type.types.map((t) => this.#operand(t)),
        ' & ',
      );
    if (type.flags & ts.TypeFlags.Index) return `keyof ${this.type((type as ts.IndexType).type)}`;
    if (type.flags & ts.TypeFlags.IndexedAccess) {
      const access = type as ts.IndexedAccessType;
      return `${this.type(access.objectType)}[${this.type(access.indexType)}]`;
    }
    if (!(type.flags & ts.TypeFlags.Object)) return this.#fallback(type);
    if (this.#checker.isArrayType(type)) return this.#array(type as ts.TypeReference);
    if (this.#checker.isTupleType(type)) return this.#tuple(type as ts.TupleTypeReference);
    if (isGenericMapped(type)) return this.#fallback(type);
    return this.#objectLiteral(type);
  }

  /**
   * The public or foreign name of `type` with its type arguments, if it is to be written by name
   * (`own`, the name of the alias being written out, excepted).
   */
  #name(type: ts.Type, own?: string): string | undefined {
    const aliased = own === undefined ? this.#names.ofType(type) : undefined;
    if (aliased !== undefined) return aliased;
    const alias = type.aliasSymbol;
    if (alias !== undefined) {
      const name = this.#names.ofSymbol(alias);
      if (name !== undefined && name !== own) return `${name}${this.#arguments(type.aliasTypeArguments)}`;
      // A library's alias is written by name when it has no arguments (zod's `$strict` and
      // `$strip` are the same structure) or stays generic (`Partial<T>`), else expanded (`z.infer<…>`).
      const args = type.aliasTypeArguments ?? [];
      if (!this.#ownSymbol(alias) && (args.length === 0 || !isResolvedStructure(type)))
        return `${alias.name}${this.#arguments(type.aliasTypeArguments)}`;
    }
    const symbol = type.getSymbol();
    if (
      symbol === undefined ||
      !(symbol.flags & NAMED) ||
      !(type.flags & (ts.TypeFlags.Object | ts.TypeFlags.EnumLike))
    )
      return this.#typeofName(type, symbol);
    if (this.#checker.isArrayType(type) || this.#checker.isTupleType(type)) return undefined;
    const objectFlags = type.flags & ts.TypeFlags.Object ? (type as ts.ObjectType).objectFlags : 0;
    if (objectFlags & ts.ObjectFlags.Anonymous) return this.#typeofName(type, symbol);
    const name = this.#names.ofSymbol(symbol) ?? (this.#ownSymbol(symbol) ? undefined : symbol.name);
    if (name === undefined) return undefined;
    if (!(objectFlags & ts.ObjectFlags.Reference)) return name;
    const reference = type as ts.TypeReference;
    const count = (reference.target as ts.InterfaceType).typeParameters?.length ?? 0;
    return `${name}${this.#arguments(this.#checker.getTypeArguments(reference).slice(0, count))}`;
  }

  /** `typeof X` for the type of an exported or foreign class, function or namespace (`typeof fetch`). */
  #typeofName(type: ts.Type, symbol: ts.Symbol | undefined): string | undefined {
    if (symbol === undefined || !(type.flags & ts.TypeFlags.Object)) return undefined;
    if (!(symbol.flags & (ts.SymbolFlags.Class | ts.SymbolFlags.Function | ts.SymbolFlags.ValueModule)))
      return undefined;
    const name = this.#names.ofSymbol(symbol) ?? (this.#ownSymbol(symbol) ? undefined : symbol.name);
    return name === undefined ? undefined : `typeof ${name}`;
  }

  #arguments(types: readonly ts.Type[] | undefined): string {
    return types === undefined || types.length === 0 ? '' : `<${types.map((t) => this.type(t)).join(', ')}>`;
  }

  /** `type` as a member of a union or an intersection: a function, union or intersection in parentheses. */
  #operand(type: ts.Type): string {
    const written = this.type(type);
    const compound = isBareFunction(type) || type.isUnionOrIntersection();
    return compound && written.includes(' ') ? `(${written})` : written;
  }

  #union(types: readonly ts.Type[], own?: string): string {
    const { names, rest } = this.#names.unionParts(types, own);
    const written = [...names, ...rest.map((t) => this.#operand(t))];
    // The checker keeps `boolean` as `false | true`; write it as the source does.
    if (written.includes('false') && written.includes('true'))
      return sortedJoin([...written.filter((w) => w !== 'false' && w !== 'true'), 'boolean'], ' | ');
    return sortedJoin(written, ' | ');
  }

  #array(type: ts.TypeReference): string {
    const [element] = this.#checker.getTypeArguments(type);
    const written = element === undefined ? 'unknown' : this.type(element);
    const readonly = type.target.symbol?.name === 'ReadonlyArray' ? 'readonly ' : '';
    return `${readonly}${/[ |&]/.test(written) ? `(${written})` : written}[]`;
  }

  #tuple(type: ts.TupleTypeReference): string {
    const flags = type.target.elementFlags;
    const elements = this.#checker.getTypeArguments(type).map((element, index) => {
      const flag = flags[index] ?? ts.ElementFlags.Required;
      if (flag & ts.ElementFlags.Optional) return `${this.#withoutUndefined(element)}?`;
      const written = this.type(element);
      if (flag & ts.ElementFlags.Rest) return `...${written}[]`;
      return flag & ts.ElementFlags.Variadic ? `...${written}` : written;
    });
    return `${type.target.readonly ? 'readonly ' : ''}[${elements.join(', ')}]`;
  }

  /** `{ a: A; b?: B; (x: X): R; new (): C; [key: string]: V }`, or `(x: X) => R` for a bare function. */
  #objectLiteral(type: ts.Type): string {
    const calls = type.getCallSignatures();
    const constructs = type.getConstructSignatures();
    const properties = type.getProperties();
    const indexes = this.#checker.getIndexInfosOfType(type);
    if (isBareFunction(type)) return this.signature(calls[0] as ts.Signature);
    const members = [
      ...calls.map((s) => this.signature(s, ': ')),
      ...constructs.map((s) => `new ${this.signature(s, ': ')}`),
      ...indexes.map(
        (i) => `${i.isReadonly ? 'readonly ' : ''}[key: ${this.type(i.keyType)}]: ${this.type(i.type)}`,
      ),
      ...sortedMembers(this.#checker, properties).map((p) => this.property(p)),
    ];
    return members.length === 0 ? '{}' : `{ ${members.join('; ')} }`;
  }

  #parameter(symbol: ts.Symbol): string {
    const declaration = symbol.valueDeclaration;
    const type = this.#checker.getTypeOfSymbol(symbol);
    if (declaration === undefined || !ts.isParameter(declaration))
      return `${symbol.name}: ${this.type(type)}`;
    if (declaration.dotDotDotToken !== undefined) return `...${symbol.name}: ${this.type(type)}`;
    if (!this.#checker.isOptionalParameter(declaration)) return `${symbol.name}: ${this.type(type)}`;
    return `${symbol.name}?: ${this.#withoutUndefined(type)}`;
  }

  /** An optional parameter or tuple element takes `undefined` whether or not its type says so: the `?` stands for it. */
  #withoutUndefined(type: ts.Type): string {
    const defined = type.isUnion() ? type.types.filter((t) => !(t.flags & ts.TypeFlags.Undefined)) : [type];
    return defined.length === 1 && defined[0] !== undefined ? this.type(defined[0]) : this.#union(defined);
  }

  /** `T extends C = D`. */
  typeParameter(parameter: ts.TypeParameter): string {
    const constraint = parameter.getConstraint();
    const fallback = parameter.getDefault();
    return [
      parameter.symbol.name,
      constraint === undefined ? '' : ` extends ${this.type(constraint)}`,
      fallback === undefined ? '' : ` = ${this.type(fallback)}`,
    ].join('');
  }

  #predicate(predicate: ts.TypePredicate): string {
    const subject = predicate.parameterName ?? 'this';
    const asserts =
      predicate.kind === ts.TypePredicateKind.AssertsIdentifier ||
      predicate.kind === ts.TypePredicateKind.AssertsThis;
    const type = predicate.type === undefined ? '' : ` is ${this.type(predicate.type)}`;
    return `${asserts ? 'asserts ' : ''}${subject}${type}`;
  }

  #ownSymbol(symbol: ts.Symbol): boolean {
    return (symbol.declarations ?? []).some((d) => this.#isOwn(d.getSourceFile()));
  }

  #fallback(type: ts.Type): string {
    return this.#checker.typeToString(type, undefined, FALLBACK_FLAGS);
  }
}

function sortedJoin(parts: string[], separator: string): string {
  return [...new Set(parts)].sort().join(separator);
}
