/** How a member (property, method, accessor) is named, ordered and marked `readonly` in the report. */
import ts from 'typescript';

/** A member's name as a type literal writes it: `[Symbol.iterator]`, `'quoted-name'`, `plain`. */
export function memberName(checker: ts.TypeChecker, symbol: ts.Symbol): string {
  if (symbol.name.startsWith('__@')) return checker.symbolToString(symbol);
  return /^[A-Za-z_$][\w$]*$/.test(symbol.name) ? symbol.name : `'${symbol.name}'`;
}

/** `symbols` in the order of their written names (a well-known symbol's internal name has an id). */
export function sortedMembers(checker: ts.TypeChecker, symbols: readonly ts.Symbol[]): ts.Symbol[] {
  return symbols
    .map((symbol) => ({ symbol, name: memberName(checker, symbol) }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map(({ symbol }) => symbol);
}

/** Whether the property is `readonly` (or a getter without a setter). */
export function isReadonly(symbol: ts.Symbol): boolean {
  const declarations = symbol.declarations ?? [];
  return declarations.some(
    (d) =>
      (ts.getCombinedModifierFlags(d) & ts.ModifierFlags.Readonly) !== 0 ||
      (ts.isGetAccessor(d) && !declarations.some(ts.isSetAccessor)),
  );
}
