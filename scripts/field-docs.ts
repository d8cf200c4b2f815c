/**
 * Each field's description is written once, as the JSDoc of its schema field; the IDE and the API
 * reference show it from there. The OpenAPI document, which the mock builds at run time where no
 * JSDoc is left, reads it from `src/openapi/field-docs.json`, which this script writes with the
 * TypeScript compiler: `npm run openapi:field-docs` after changing a field's JSDoc (a test fails
 * until the file matches).
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { bodyComponentName } from '../src/openapi/components.js';

const COMPONENTS_FILE = 'src/openapi/components.ts';
const OPERATIONS_FILE = 'src/operations.ts';
export const FIELD_DOCS_FILE = 'src/openapi/field-docs.json';

/**
 * The JSDoc of every documented field of every component, by component and field name: the
 * answers and shared shapes of `COMPONENTS` as the client reads them (zod's output), and each
 * operation's request body of `src/operations.ts` as it is sent (zod's input).
 */
export function readFieldDocs(root = process.cwd()): Record<string, Record<string, string>> {
  const file = resolve(root, COMPONENTS_FILE);
  const program = ts.createProgram([file], {
    strict: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    noEmit: true,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const docs: Record<string, Record<string, string>> = {};
  const source = program.getSourceFile(file);
  if (source === undefined) throw new Error(`field-docs: ${COMPONENTS_FILE} not found`);
  const visit = (node: ts.Node): void => {
    if (
      ts.isVariableDeclaration(node) &&
      node.name.getText() === 'COMPONENTS' &&
      node.initializer !== undefined &&
      ts.isObjectLiteralExpression(node.initializer)
    ) {
      for (const property of node.initializer.properties) {
        const name = property.name?.getText() ?? '';
        if (name !== '') readComponent(checker, name, initializerOf(property), 'output', docs);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const operations = program.getSourceFile(resolve(root, OPERATIONS_FILE));
  if (operations === undefined) throw new Error(`field-docs: ${OPERATIONS_FILE} not found`);
  const visitOperations = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && node.name.getText() === 'operations') {
      for (const property of objectOf(node.initializer)?.properties ?? []) {
        const body = propertyOf(objectOf(initializerOf(property)), 'body');
        const schema = propertyOf(objectOf(body), 'schema');
        const operationId = property.name?.getText() ?? '';
        if (schema !== undefined)
          readComponent(checker, bodyComponentName(operationId), schema, 'input', docs);
      }
    }
    ts.forEachChild(node, visitOperations);
  };
  visitOperations(operations);
  return docs;
}

/** The value of an object literal's property (a shorthand property is its name). */
const initializerOf = (property: ts.ObjectLiteralElementLike): ts.Expression =>
  ts.isShorthandPropertyAssignment(property)
    ? property.name
    : (property as ts.PropertyAssignment).initializer;

/** The object literal an expression is, under `as const` and `satisfies`. */
function objectOf(node: ts.Expression | undefined): ts.ObjectLiteralExpression | undefined {
  let inner = node;
  while (inner !== undefined && (ts.isSatisfiesExpression(inner) || ts.isAsExpression(inner)))
    inner = inner.expression;
  return inner !== undefined && ts.isObjectLiteralExpression(inner) ? inner : undefined;
}

const propertyOf = (object: ts.ObjectLiteralExpression | undefined, name: string) => {
  const found = object?.properties.find((property) => property.name?.getText() === name);
  return found === undefined ? undefined : initializerOf(found);
};

/** One component's fields, from the side of its zod type given. */
function readComponent(
  checker: ts.TypeChecker,
  name: string,
  expression: ts.Expression,
  io: 'input' | 'output',
  docs: Record<string, Record<string, string>>,
): void {
  const internals = checker.getTypeAtLocation(expression).getProperty('_zod');
  if (internals === undefined) return;
  const side = checker.getTypeOfSymbol(internals).getProperty(io);
  if (side === undefined) return;
  const type = checker.getTypeOfSymbol(side);
  if ((type.flags & ts.TypeFlags.Object) === 0) return;
  const fields: Record<string, string> = {};
  for (const field of type.getProperties()) {
    const text = ts.displayPartsToString(field.getDocumentationComment(checker)).replace(/\s+/g, ' ').trim();
    if (text !== '') fields[field.name] = text;
  }
  if (Object.keys(fields).length > 0) docs[name] = fields;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  writeFileSync(FIELD_DOCS_FILE, `${JSON.stringify(readFieldDocs(), null, 2)}\n`);
}
