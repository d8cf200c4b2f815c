/** What kind of type the printer is looking at, from the checker's flags. */
import ts from 'typescript';

/** Types the checker writes well by itself: primitives, literals, `any`, `never`, `object`. */
export const INTRINSIC =
  ts.TypeFlags.Any |
  ts.TypeFlags.Unknown |
  ts.TypeFlags.String |
  ts.TypeFlags.Number |
  ts.TypeFlags.Boolean |
  ts.TypeFlags.BigInt |
  ts.TypeFlags.ESSymbol |
  ts.TypeFlags.Void |
  ts.TypeFlags.Undefined |
  ts.TypeFlags.Null |
  ts.TypeFlags.Never |
  ts.TypeFlags.NonPrimitive |
  ts.TypeFlags.Literal |
  ts.TypeFlags.UniqueESSymbol |
  ts.TypeFlags.TemplateLiteral |
  ts.TypeFlags.StringMapping;
/** Declarations written by their name when public or foreign. */
export const NAMED = ts.SymbolFlags.Class | ts.SymbolFlags.Interface | ts.SymbolFlags.Enum;

/** An object type that is only one call signature: written `(x: X) => R`. */
export function isBareFunction(type: ts.Type): boolean {
  if (!(type.flags & ts.TypeFlags.Object)) return false;
  const resolved = type as ts.ObjectType;
  return (
    resolved.getCallSignatures().length === 1 &&
    resolved.getProperties().length === 0 &&
    resolved.getConstructSignatures().length === 0 &&
    resolved.getNumberIndexType() === undefined &&
    resolved.getStringIndexType() === undefined
  );
}

/** A mapped type over a type parameter: its properties are not known until it is instantiated. */
export function isGenericMapped(type: ts.Type): boolean {
  const objectFlags = (type as ts.ObjectType).objectFlags ?? 0;
  return (objectFlags & ts.ObjectFlags.Mapped) !== 0 && type.getProperties().length === 0;
}

/** A type the checker has resolved to a structure (not a conditional or mapped type still generic). */
export function isResolvedStructure(type: ts.Type): boolean {
  if (type.isUnionOrIntersection()) return type.types.every(isResolvedStructure);
  if (type.flags & (ts.TypeFlags.Conditional | ts.TypeFlags.Substitution | ts.TypeFlags.TypeParameter))
    return false;
  if (type.flags & ts.TypeFlags.Index || type.flags & ts.TypeFlags.IndexedAccess) return false;
  return !(type.flags & ts.TypeFlags.Object) || !isGenericMapped(type);
}
