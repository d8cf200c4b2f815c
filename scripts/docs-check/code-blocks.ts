/**
 * Type-checks the ```ts blocks of the docs against the built package, as a merchant's strict
 * project would: each block is a module of its own, in one program for speed. The blocks are
 * virtual files in `<package root>/.docs-check/` (never written), so `pix-payments`,
 * `pix-payments/webhooks`, `pix-payments/mock`… resolve by the package's self-reference through
 * its `exports` map to `dist/*.d.ts`, and `express`, `vitest`, `msw/node` to its node_modules.
 */
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import type { CodeBlock } from './markdown.js';
import type { Problem } from './problem.js';

/** A block and the markdown file (relative to the folder checked) it comes from. */
export interface PlacedBlock extends CodeBlock {
  file: string;
}

/** What a merchant's project would use: strict, ES2022 modules (top-level await), Node's types. */
const OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  moduleDetection: ts.ModuleDetectionKind.Force,
  esModuleInterop: true,
  resolveJsonModule: true,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  types: ['node'],
};

/**
 * The type errors of `blocks` (skipped ones left out), each at its markdown line. `packageRoot`
 * is the folder holding the package's package.json, built (`npm run build`).
 */
export function checkCodeBlocks(blocks: readonly PlacedBlock[], packageRoot: string): Problem[] {
  if (!existsSync(join(packageRoot, 'dist', 'index.d.ts'))) {
    throw new Error(`docs:check: ${join(packageRoot, 'dist')} has no declarations; run npm run build first`);
  }
  const virtual = new Map<string, PlacedBlock>();
  blocks.forEach((block, index) => {
    if (block.skipped) return;
    const name = `${block.file.replace(/[^\w.-]+/g, '_')}-${block.line}-${index}.mts`;
    virtual.set(join(packageRoot, '.docs-check', name).replaceAll('\\', '/'), block);
  });
  const host = ts.createCompilerHost(OPTIONS);
  host.getCurrentDirectory = () => packageRoot;
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (file) => virtual.has(file) || fileExists.call(host, file);
  host.readFile = (file) => virtual.get(file)?.code ?? readFile.call(host, file);
  host.getSourceFile = (file, language, ...rest) => {
    const block = virtual.get(file);
    if (block === undefined) return getSourceFile.call(host, file, language, ...rest);
    return ts.createSourceFile(file, block.code, language, true);
  };
  const program = ts.createProgram([...virtual.keys()], OPTIONS, host);
  const diagnostics = [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...[...virtual.keys()].flatMap((file) => {
      const source = program.getSourceFile(file);
      return source === undefined
        ? []
        : [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
    }),
  ];
  return diagnostics.map((diagnostic) => toProblem(diagnostic, virtual, packageRoot));
}

/** A diagnostic at its markdown line (or, outside a block, at its own file). */
function toProblem(diagnostic: ts.Diagnostic, virtual: Map<string, PlacedBlock>, root: string): Problem {
  const message = `TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
  const { file, start } = diagnostic;
  if (file === undefined) return { file: 'tsconfig', line: 0, message };
  const { line } = file.getLineAndCharacterOfPosition(start ?? 0);
  const block = virtual.get(file.fileName);
  if (block === undefined) return { file: relative(root, file.fileName), line: line + 1, message };
  return { file: block.file, line: block.line + line, message };
}
