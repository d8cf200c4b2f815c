/**
 * docs/client.md's table of the client's methods, generated from the code so it cannot drift:
 * `npm run docs:client` rewrites the text between the markers `<!-- client-methods:start -->` and
 * `<!-- client-methods:end -->` and nothing else; a test fails until it matches.
 *
 * It reads the resources `PaymentsClient` declares (`readonly cashouts: CashoutsResource`, in
 * src/client.ts), the public methods of each resource's class with their parameters (the
 * `RequestOptions` one left out), and the entry each method names
 * (`this.#core.call(endpoints.createCashout, …)`, or an entry exported beside the table such as
 * `retrieveTransaction`); the endpoint is the entry's method and path, with `?name=` for each
 * required param an entry with a query sends in it. A method that names no entry (`waitFor`,
 * `createMany`) is not a row: the page names those beside the table.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import type { Endpoint } from '../src/endpoints.js';
import * as table from '../src/endpoints.js';
import { asSection, type GeneratedSection, sectionIn, writeWhenRun } from './generated-section.js';

export const SECTION: GeneratedSection = {
  doc: 'docs/client.md',
  start: '<!-- client-methods:start -->',
  end: '<!-- client-methods:end -->',
  script: 'docs:client',
};

const ROOT = join(import.meta.dirname, '..');
const CLIENT_FILE = 'src/client.ts';
const INTRO =
  '<!-- Generated from src/resources/ and src/endpoints.ts by `npm run docs:client`: edit them, not this section. -->';

/** One public method of a resource: its parameters as a caller reads them, and the entry it names. */
export interface ResourceMethod {
  /** The client's property (`cashouts`). */
  resource: string;
  method: string;
  /** `id`, `params?`: the parameters but the call's `RequestOptions`. */
  params: string[];
  /** The entry the method sends, or `undefined` for a helper built on other methods. */
  entry: Endpoint | undefined;
}

const parse = (file: string) =>
  ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.ES2022, true);

/** The class declarations of a file, by name. */
function classesOf(source: ts.SourceFile): Map<string, ts.ClassDeclaration> {
  const classes = new Map<string, ts.ClassDeclaration>();
  for (const statement of source.statements)
    if (ts.isClassDeclaration(statement) && statement.name !== undefined)
      classes.set(statement.name.text, statement);
  return classes;
}

/** The file (from the root) each name imported with a relative specifier comes from. */
function importsOf(source: ts.SourceFile): Map<string, string> {
  const files = new Map<string, string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const specifier = statement.moduleSpecifier.text;
    const bindings = statement.importClause?.namedBindings;
    if (!specifier.startsWith('.') || bindings === undefined || !ts.isNamedImports(bindings)) continue;
    const file = join(dirname(source.fileName), specifier.replace(/\.js$/, '.ts'));
    for (const element of bindings.elements) files.set(element.name.text, file);
  }
  return files;
}

/** `this.#core.call(X, …)` or `this.#core.list(X, …)`: the `X`, else `undefined`. */
function entryArgument(node: ts.Node): ts.Expression | undefined {
  if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return undefined;
  const callee = node.expression;
  const core = callee.expression;
  const onCore =
    ts.isPropertyAccessExpression(core) &&
    core.expression.kind === ts.SyntaxKind.ThisKeyword &&
    core.name.text === '#core';
  return onCore && ['call', 'list'].includes(callee.name.text) ? node.arguments[0] : undefined;
}

/** The entry an expression names: `endpoints.X`, or an entry the table's module exports. */
function entryOf(expression: ts.Expression, where: string): Endpoint {
  const exported = table as unknown as Record<string, unknown>;
  const entry =
    ts.isPropertyAccessExpression(expression) && expression.expression.getText() === 'endpoints'
      ? (table.endpoints as Record<string, Endpoint>)[expression.name.text]
      : ts.isIdentifier(expression)
        ? exported[expression.text]
        : undefined;
  const known = entry as Partial<Endpoint> | undefined;
  if (typeof known?.method !== 'string' || typeof known.path !== 'string')
    throw new Error(`docs:client: ${where} names ${expression.getText()}, not an entry of src/endpoints.ts`);
  return known as Endpoint;
}

/** The entries a method's body names (one, for a method that sends a request). */
function entriesIn(method: ts.MethodDeclaration, where: string): Endpoint[] {
  const found: Endpoint[] = [];
  const visit = (node: ts.Node): void => {
    const argument = entryArgument(node);
    if (argument !== undefined) found.push(entryOf(argument, where));
    ts.forEachChild(node, visit);
  };
  if (method.body !== undefined) visit(method.body);
  return found;
}

const isPublic = (member: ts.ClassElement): member is ts.MethodDeclaration =>
  ts.isMethodDeclaration(member) &&
  ts.isIdentifier(member.name) &&
  !(ts.getCombinedModifierFlags(member) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected));

/** The parameters a caller passes: the `RequestOptions` one left out, `?` after an optional one. */
const paramsOf = (method: ts.MethodDeclaration) =>
  method.parameters
    .filter((param) => param.type?.getText() !== 'RequestOptions')
    .map((param) => `${param.name.getText()}${param.questionToken || param.initializer ? '?' : ''}`);

/** Every public method of every resource of `PaymentsClient`, in the order they are declared. */
export function resourceMethods(): ResourceMethod[] {
  const client = parse(CLIENT_FILE);
  const imports = importsOf(client);
  const payments = classesOf(client).get('PaymentsClient');
  if (payments === undefined) throw new Error(`docs:client: no class PaymentsClient in ${CLIENT_FILE}`);
  const methods: ResourceMethod[] = [];
  for (const member of payments.members) {
    if (!ts.isPropertyDeclaration(member) || member.type === undefined) continue;
    const className = member.type.getText();
    if (!className.endsWith('Resource')) continue;
    const file = imports.get(className);
    const declaration = file === undefined ? undefined : classesOf(parse(file)).get(className);
    if (declaration === undefined) throw new Error(`docs:client: cannot find the class ${className}`);
    const resource = member.name.getText();
    for (const method of declaration.members.filter(isPublic)) {
      const name = method.name.getText();
      const entries = entriesIn(method, `${className}.${name}`);
      if (entries.length > 1) throw new Error(`docs:client: ${className}.${name} names more than one entry`);
      methods.push({ resource, method: name, params: paramsOf(method), entry: entries[0] });
    }
  }
  return methods;
}

/** The required fields of an entry's params schema (zod's `optin` is unset on a required field). */
function requiredFields(entry: Endpoint): string[] {
  const shape = (entry.params as { shape?: Record<string, { _zod?: { optin?: string } }> } | undefined)
    ?.shape;
  return Object.entries(shape ?? {})
    .filter(([, field]) => field._zod?.optin !== 'optional')
    .map(([name]) => name);
}

/** `GET /path`, with `?name=` for each required param a query carries (not one of the path's). */
export function endpointText(entry: Endpoint): string {
  const inQuery =
    entry.query === undefined
      ? []
      : requiredFields(entry).filter((name) => !entry.path.includes(`{${name}}`));
  const query = inQuery.length === 0 ? '' : `?${inQuery.map((name) => `${name}=`).join('&')}`;
  return `${entry.method} ${entry.path}${query}`;
}

/** `client.cashouts.retrieve(id)`. */
export const callText = (method: ResourceMethod) =>
  `client.${method.resource}.${method.method}(${method.params.join(', ')})`;

/** The generated section, markers included, formatted as the lint wants. */
export function clientMethodsSection(methods = resourceMethods()): string {
  const rows = methods.flatMap((method) =>
    method.entry === undefined ? [] : [`| \`${callText(method)}\` | ${endpointText(method.entry)} |`],
  );
  const lines = ['| call | endpoint |', '| --- | --- |', ...rows];
  return asSection(SECTION, `${INTRO}\n\n${lines.join('\n')}\n`);
}

/** The section between the markers of `markdown`, markers included, or `undefined`. */
export const currentSection = (markdown: string): string | undefined => sectionIn(markdown, SECTION);

writeWhenRun(import.meta.url, SECTION, clientMethodsSection);
