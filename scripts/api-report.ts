/**
 * The public API as plain text, to diff before and after a change: `npm run api:report -- [dist]
 * [out]` (or `npx tsx scripts/api-report.ts [dist] [out]`) reads the package.json beside `dist`
 * (default `dist`), loads each entry's declaration file named by its `exports` (`import.types`,
 * the `.d.ts` files; `openapi.json` and the like are skipped) with the TypeScript compiler, and
 * writes, entry by entry, every exported name sorted, one line per meaning and per public member:
 * `Name.member  kind  type`. Types are written so that a refactor of internals reads the same and
 * a changed type does not (see api-report/print-type.ts). The text goes to `out`, or to stdout.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { declarationLines, type ReportContext, type ReportLine } from './api-report/declarations.js';
import { TypePrinter } from './api-report/print-type.js';
import { PublicNames } from './api-report/public-names.js';

/** A public entry: its import specifier and its declaration file. */
export interface Entry {
  specifier: string;
  file: string;
}

/** The `.d.ts` entries of the package.json beside `dist`, in the order `exports` gives them. */
export function publicEntries(dist: string): Entry[] {
  const manifest = JSON.parse(readFileSync(join(dirname(dist), 'package.json'), 'utf8')) as {
    name: string;
    exports: Record<string, unknown>;
  };
  const entries: Entry[] = [];
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    const types = typeof target === 'object' && target !== null ? importTypes(target) : undefined;
    if (types === undefined || !types.endsWith('.d.ts')) continue;
    const specifier = subpath === '.' ? manifest.name : `${manifest.name}/${subpath.replace(/^\.\//, '')}`;
    entries.push({ specifier, file: join(dist, relative('dist', types)) });
  }
  return entries;
}

function importTypes(target: object): string | undefined {
  const conditions = target as { import?: { types?: unknown }; types?: unknown };
  const types = conditions.import?.types ?? conditions.types;
  return typeof types === 'string' ? types : undefined;
}

/** The repository's settings that change how declarations read (tsconfig.json). */
const COMPILER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  exactOptionalPropertyTypes: true,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  types: ['node'],
  noEmit: true,
  skipLibCheck: true,
};

/** The report of the entries under `dist`. */
export function apiReport(dist: string): string {
  const distDir = resolve(dist);
  const entries = publicEntries(distDir);
  const host = ts.createCompilerHost(COMPILER_OPTIONS);
  // `types: ['node']` and the packages are looked up from the package, not from where we run.
  host.getCurrentDirectory = () => dirname(distDir);
  const program = ts.createProgram({
    rootNames: entries.map((e) => e.file),
    options: COMPILER_OPTIONS,
    host,
  });
  const checker = program.getTypeChecker();
  assertResolved(program, checker, distDir);
  const isOwn = (file: ts.SourceFile) => !relative(distDir, file.fileName).startsWith('..');
  const exported = entries.map((entry) => ({ entry, symbols: exportsOf(program, checker, entry) }));
  const publicNames = new Map<ts.Symbol, string>();
  for (const { symbols } of exported)
    for (const { name, target } of symbols) {
      const known = publicNames.get(target);
      if (known === undefined || name < known) publicNames.set(target, name);
    }
  const printer = new TypePrinter(checker, new PublicNames(checker, publicNames), isOwn);
  const context: ReportContext = { checker, printer, isOwn };
  const out: string[] = [];
  for (const { entry, symbols } of exported) {
    out.push(`# ${entry.specifier} (${relative(distDir, entry.file)})`);
    for (const { name, target, typeOnly } of symbols)
      out.push(
        ...declarationLines(name, target, typeOnly, context).map(
          (line) => `${entry.specifier}  ${format(line)}`,
        ),
      );
    out.push('');
  }
  return out.join('\n');
}

interface ExportedSymbol {
  name: string;
  target: ts.Symbol;
  typeOnly: boolean;
}

function exportsOf(program: ts.Program, checker: ts.TypeChecker, entry: Entry): ExportedSymbol[] {
  const source = program.getSourceFile(entry.file);
  const module = source === undefined ? undefined : checker.getSymbolAtLocation(source);
  if (module === undefined) throw new Error(`api-report: cannot load ${entry.file} (run \`npx tsup\` first)`);
  return checker
    .getExportsOfModule(module)
    .map((symbol) => ({
      name: symbol.name,
      target: symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol,
      typeOnly: (symbol.declarations ?? []).some(isTypeOnlyExport),
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * Throws if a declaration file under `distDir` imports a module the compiler cannot find (zod,
 * msw, `@types/node`): its types would silently read as `any` and hide every change.
 */
function assertResolved(program: ts.Program, checker: ts.TypeChecker, distDir: string): void {
  const problems = program
    .getOptionsDiagnostics()
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  for (const file of program.getSourceFiles()) {
    if (relative(distDir, file.fileName).startsWith('..')) continue;
    for (const statement of file.statements) {
      const specifier =
        ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)
          ? statement.moduleSpecifier
          : undefined;
      if (specifier !== undefined && checker.getSymbolAtLocation(specifier) === undefined)
        problems.push(`${relative(distDir, file.fileName)}: cannot resolve ${specifier.getText()}`);
    }
  }
  if (problems.length > 0)
    throw new Error(`api-report: the declarations do not load:\n${problems.join('\n')}`);
}

function isTypeOnlyExport(declaration: ts.Declaration): boolean {
  return (
    ts.isExportSpecifier(declaration) && (declaration.isTypeOnly || declaration.parent.parent.isTypeOnly)
  );
}

function format(line: ReportLine): string {
  return line.type === '' ? `${line.name}  ${line.kind}` : `${line.name}  ${line.kind}  ${line.type}`;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const [dist = 'dist', out] = process.argv.slice(2);
  const report = apiReport(dist);
  if (out === undefined) process.stdout.write(report);
  else {
    writeFileSync(out, report);
    console.error(`api-report: ${report.split('\n').length - 1} lines written to ${out}`);
  }
}
