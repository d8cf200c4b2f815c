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

const COMPONENTS_FILE = 'src/openapi/components.ts';
export const FIELD_DOCS_FILE = 'src/openapi/field-docs.json';

/** The JSDoc of every documented field of every component, by component and field name. */
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
      for (const property of node.initializer.properties) readComponent(checker, property, docs);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return docs;
}

/** One component's fields: a request body's from zod's input type, any other's from its output. */
function readComponent(
  checker: ts.TypeChecker,
  property: ts.ObjectLiteralElementLike,
  docs: Record<string, Record<string, string>>,
): void {
  const name = property.name?.getText() ?? '';
  const expression = ts.isShorthandPropertyAssignment(property)
    ? property.name
    : (property as ts.PropertyAssignment).initializer;
  const internals = checker.getTypeAtLocation(expression).getProperty('_zod');
  if (internals === undefined) return;
  const side = checker.getTypeOfSymbol(internals).getProperty(name.endsWith('Body') ? 'input' : 'output');
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
