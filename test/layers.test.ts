/**
 * The layers, checked on the source: which folder of src/ may import which. The mock's two rooms
 * first: the sandbox (src/sandbox/) stands on the mock (src/mock/), never the other way round, and
 * neither stands on the client.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../src');

/** Every source file, relative to src/ (`mock/service.ts`). */
const FILES = (readdirSync(SRC, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.ts'))
  .map((file) => file.split('\\').join('/'));

/** The files of ours a source file imports (static, re-exports, `import type` and `import()`), relative to src/. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(SRC, file), 'utf8');
  const specifiers = [
    ...text.matchAll(/\bfrom\s+'(\.{1,2}\/[^']+)'/g),
    ...text.matchAll(/\bimport\s*\(\s*'(\.{1,2}\/[^']+)'\s*\)/g),
    ...text.matchAll(/^import\s+'(\.{1,2}\/[^']+)'/gm),
  ].map((match) => match[1] as string);
  return specifiers.map((specifier) =>
    relative(SRC, resolve(dirname(join(SRC, file)), specifier.replace(/\.js$/, '.ts')))
      .split('\\')
      .join('/'),
  );
}

const GRAPH = new Map(FILES.map((file) => [file, importsOf(file)]));

/** `from → to` for every import of a file under `from` that lands on a file `forbidden` names. */
function crossings(from: (file: string) => boolean, forbidden: (target: string) => boolean): string[] {
  return [...GRAPH].flatMap(([file, targets]) =>
    from(file) ? targets.filter(forbidden).map((target) => `${file} → ${target}`) : [],
  );
}

const inMock = (file: string) => file.startsWith('mock/');
const inSandbox = (file: string) => file.startsWith('sandbox/');
const isClient = (file: string) =>
  file === 'client.ts' || file === 'index.ts' || file.startsWith('core/') || file.startsWith('resources/');

describe('the layers of src/', () => {
  it('reads the imports it judges (the sandbox does stand on the mock)', () => {
    expect(FILES).toContain('mock/service.ts');
    expect(crossings(inSandbox, inMock).length).toBeGreaterThan(0);
  });

  it('src/mock never imports src/sandbox, nor the entry that joins them', () => {
    expect(crossings(inMock, (target) => inSandbox(target) || target === 'mock-entry.ts')).toEqual([]);
  });

  it('neither room imports the client (src/client.ts, src/core/, src/resources/, src/index.ts)', () => {
    expect(crossings((file) => inMock(file) || inSandbox(file), isClient)).toEqual([]);
  });

  it('only the sandbox itself and the pix-payments/mock entry import src/sandbox', () => {
    expect(crossings((file) => !inSandbox(file) && file !== 'mock-entry.ts', inSandbox)).toEqual([]);
  });

  it('the client and the other entries never import either room', () => {
    const rooms = (target: string) => inMock(target) || inSandbox(target) || target === 'mock-entry.ts';
    expect(crossings((file) => !rooms(file), rooms)).toEqual([]);
  });
});

/** The specifiers of a file's value imports and re-exports (not `import type`), as written. */
function valueImportsOf(file: string): string[] {
  const text = readFileSync(join(SRC, file), 'utf8');
  return [...text.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?\bfrom\s+'([^']+)'/gm)].map(
    (match) => match[1] as string,
  );
}

describe('what is loaded lazily', () => {
  // src/core/transport.ts loads ky through ./ky.ts with import() on the first request: ky builds a
  // Request when it loads, which loads Node's fetch (bench/startup.ts). A bundler wraps for lazy
  // loading every module that import reaches: ky alone.
  it('is ky alone: ./core/ky.ts reaches no module of ours, and nothing imports ky eagerly', () => {
    const reached = new Set<string>();
    const packages = new Set<string>();
    const visit = (file: string) => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const specifier of valueImportsOf(file)) {
        if (!specifier.startsWith('.')) packages.add(specifier);
        else visit(relative(SRC, resolve(dirname(join(SRC, file)), specifier.replace(/\.js$/, '.ts'))));
      }
    };
    visit('core/ky.ts');
    expect([...reached]).toEqual(['core/ky.ts']);
    expect([...packages]).toEqual(['ky']);
    const eager = FILES.filter((file) => file !== 'core/ky.ts' && valueImportsOf(file).includes('ky'));
    expect(eager).toEqual([]);
    // The transport imports it with import(), and nothing else does.
    const lazy = FILES.filter((file) =>
      /import\(\s*'\.\/ky\.js'\s*\)/.test(readFileSync(join(SRC, file), 'utf8')),
    );
    expect(lazy).toEqual(['core/transport.ts']);
  });
});

describe('the OpenTelemetry bridge (pix-payments/opentelemetry)', () => {
  const inBridge = (file: string) => file.startsWith('opentelemetry/');

  it('is the only part of src/ that imports @opentelemetry, an optional peer', () => {
    const importers = FILES.filter((file) =>
      valueImportsOf(file).some((s) => s.startsWith('@opentelemetry/')),
    );
    const typeImporters = FILES.filter((file) =>
      /\bfrom\s+'@opentelemetry\//.test(readFileSync(join(SRC, file), 'utf8')),
    );
    expect(importers).toContain('opentelemetry/index.ts');
    expect([...importers, ...typeImporters].filter((file) => !inBridge(file))).toEqual([]);
  });

  it('is imported by no other module: the other entries never load it', () => {
    expect(crossings((file) => !inBridge(file), inBridge)).toEqual([]);
  });
});
