/**
 * The report's lines for one exported name: one line per meaning the name has (a name can be a
 * class, or a const and a type at once), then one line per public member. A class or interface
 * lists every public member it has, inherited ones included, except those of a base the package
 * does not declare (`Error`'s `stack`), which is named on the `extends` of its first line instead;
 * a function lists each overload; an enum each member and its value. Private members are left
 * out: nobody outside can use them. A value exported with `export type` says so, since it cannot
 * be used as a value.
 */
import ts from 'typescript';
import { isReadonly, memberName, sortedMembers } from './members.js';
import type { TypePrinter } from './print-type.js';

/** One line: the name (`Class.member` for a member), its kind, and its type. */
export interface ReportLine {
  name: string;
  kind: string;
  type: string;
}

/** What the lines are written with. */
export interface ReportContext {
  checker: ts.TypeChecker;
  printer: TypePrinter;
  /** Whether a declaration is the package's own (in dist/), not a dependency's or the platform's. */
  isOwn(file: ts.SourceFile): boolean;
}

/** The lines for `symbol` (the declaration an export resolves to), exported as `name`. */
export function declarationLines(
  name: string,
  symbol: ts.Symbol,
  typeOnly: boolean,
  context: ReportContext,
): ReportLine[] {
  const { checker, printer } = context;
  const flags = symbol.flags;
  const only = typeOnly && flags & ts.SymbolFlags.Value ? ' (type-only export)' : '';
  const lines: ReportLine[] = [];
  if (flags & ts.SymbolFlags.Class) {
    const instance = checker.getDeclaredTypeOfSymbol(symbol);
    const statics = checker.getTypeOfSymbol(symbol);
    lines.push({
      name: genericName(name, instance, context),
      kind: `class${only}`,
      type: heritage(instance, context),
    });
    for (const signature of statics.getConstructSignatures()) {
      const declaration = signature.getDeclaration() as ts.Declaration | undefined;
      const modifiers = declaration === undefined ? 0 : ts.getCombinedModifierFlags(declaration);
      const access =
        modifiers & ts.ModifierFlags.Private
          ? 'private '
          : modifiers & ts.ModifierFlags.Protected
            ? 'protected '
            : '';
      lines.push({
        name: `${name}.constructor`,
        kind: `${access}constructor`,
        type: printer.signature(signature),
      });
    }
    const ownStatics = memberLines(name, statics, 'static ', context);
    lines.push(...ownStatics.filter((line) => line.name !== `${name}.prototype`));
    lines.push(...memberLines(name, instance, '', context));
  } else if (flags & ts.SymbolFlags.Interface) {
    const type = checker.getDeclaredTypeOfSymbol(symbol);
    lines.push({ name: genericName(name, type, context), kind: 'interface', type: heritage(type, context) });
    for (const signature of type.getCallSignatures())
      lines.push({ name: `${name}()`, kind: 'call', type: printer.signature(signature) });
    for (const signature of type.getConstructSignatures())
      lines.push({ name: `new ${name}()`, kind: 'construct', type: printer.signature(signature) });
    lines.push(...memberLines(name, type, '', context));
  }
  if (flags & ts.SymbolFlags.TypeAlias)
    lines.push({ name: aliasName(name, symbol, context), kind: 'type', type: printer.aliased(symbol) });
  if (flags & ts.SymbolFlags.Enum) lines.push(...enumLines(name, symbol, only, context));
  if (flags & ts.SymbolFlags.Function)
    for (const signature of checker.getTypeOfSymbol(symbol).getCallSignatures())
      lines.push({ name, kind: `function${only}`, type: printer.signature(signature) });
  if (flags & ts.SymbolFlags.Variable) {
    const list = symbol.valueDeclaration?.parent;
    const isLet =
      list !== undefined && ts.isVariableDeclarationList(list) && !(list.flags & ts.NodeFlags.Const);
    lines.push({
      name,
      kind: `${isLet ? 'let' : 'const'}${only}`,
      type: printer.type(checker.getTypeOfSymbol(symbol)),
    });
  }
  if (
    flags & (ts.SymbolFlags.ValueModule | ts.SymbolFlags.NamespaceModule) &&
    !(flags & ts.SymbolFlags.Enum)
  ) {
    lines.push({ name, kind: 'namespace', type: '' });
    for (const inner of sortedMembers(checker, checker.getExportsOfModule(symbol))) {
      const target = inner.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(inner) : inner;
      lines.push(...declarationLines(`${name}.${inner.name}`, target, false, context));
    }
  }
  return unique(lines);
}

/** The lines without repeats (lib files declare some constructor overloads twice). */
function unique(lines: ReportLine[]): ReportLine[] {
  const seen = new Set<string>();
  return lines.filter((line) => {
    const key = `${line.name}\n${line.kind}\n${line.type}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** `Name<T extends C = D>` for a generic class or interface, else `Name`. */
function genericName(name: string, type: ts.Type, { printer }: ReportContext): string {
  const parameters = type.isClassOrInterface() ? (type.localTypeParameters ?? []) : [];
  return parameters.length === 0
    ? name
    : `${name}<${parameters.map((p) => printer.typeParameter(p)).join(', ')}>`;
}

/** `Name<T extends C = D>` for a generic type alias, else `Name`. */
function aliasName(name: string, symbol: ts.Symbol, { checker, printer }: ReportContext): string {
  const declaration = symbol.declarations?.find(ts.isTypeAliasDeclaration);
  const parameters = (declaration?.typeParameters ?? []).map((node) =>
    printer.typeParameter(checker.getTypeAtLocation(node) as ts.TypeParameter),
  );
  return parameters.length === 0 ? name : `${name}<${parameters.join(', ')}>`;
}

function enumLines(name: string, symbol: ts.Symbol, only: string, { checker }: ReportContext): ReportLine[] {
  const members = sortedMembers(checker, checker.getExportsOfModule(symbol));
  return [
    { name, kind: `enum${only}`, type: '' },
    ...members.map((member) => {
      const declaration = member.valueDeclaration;
      const value =
        declaration && ts.isEnumMember(declaration) ? checker.getConstantValue(declaration) : undefined;
      return { name: `${name}.${member.name}`, kind: 'enum member', type: JSON.stringify(value) ?? '' };
    }),
  ];
}

/**
 * `extends A, B` for the bases of a class or interface that have a public or foreign name, or
 * `''`: an internal base is not named, its members are listed as the type's own.
 */
function heritage(type: ts.Type, { checker, printer }: ReportContext): string {
  if (!type.isClassOrInterface()) return '';
  const bases = checker.getBaseTypes(type).flatMap((base) => printer.nameOf(base) ?? []);
  return bases.length === 0 ? '' : `extends ${bases.sort().join(', ')}`;
}

/** One line per public member of `type` (of index signatures too), a foreign base's left out. */
function memberLines(owner: string, type: ts.Type, modifier: string, context: ReportContext): ReportLine[] {
  const { checker, printer, isOwn } = context;
  const lines: ReportLine[] = checker.getIndexInfosOfType(type).map((info) => ({
    name: `${owner}[key: ${printer.type(info.keyType)}]`,
    kind: `${modifier}index${info.isReadonly ? ' readonly' : ''}`,
    type: printer.type(info.type),
  }));
  for (const member of sortedMembers(checker, type.getProperties())) {
    const declarations = member.declarations ?? [];
    if (declarations.length > 0 && !declarations.some((d) => isOwn(d.getSourceFile()))) continue;
    const modifiers = declarations.reduce((all, d) => all | ts.getCombinedModifierFlags(d), 0);
    if (modifiers & ts.ModifierFlags.Private || member.name.startsWith('#')) continue;
    const access = `${modifier}${modifiers & ts.ModifierFlags.Protected ? 'protected ' : ''}`;
    const name = `${owner}.${memberName(checker, member)}${member.flags & ts.SymbolFlags.Optional ? '?' : ''}`;
    if (member.flags & ts.SymbolFlags.Method) {
      for (const signature of checker.getTypeOfSymbol(member).getCallSignatures())
        lines.push({ name, kind: `${access}method`, type: printer.signature(signature) });
      continue;
    }
    const readonly = isReadonly(member) ? ' readonly' : '';
    const kind = member.flags & ts.SymbolFlags.Accessor ? 'accessor' : 'property';
    lines.push({ name, kind: `${access}${kind}${readonly}`, type: printer.propertyType(member) });
  }
  return lines;
}
