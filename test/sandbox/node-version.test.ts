import { afterEach, describe, expect, it, vi } from 'vitest';
import { requireSupportedNode } from '../../src/mock/node-version.js';
import { loadSqlite, SQLITE_FLOOR } from '../../src/sandbox/state/sqlite.js';

describe('the Node.js the mock needs', () => {
  it.each(['20.20.2', '22.11.0', '18.0.0'])('refuses %s at once, naming 22.12', (version) => {
    expect(() => requireSupportedNode(version)).toThrow(/needs Node\.js 22\.12 or later .*this is Node\.js/);
  });
  it.each(['22.12.0', '24.21.0', '26.1.0'])('accepts %s', (version) => {
    expect(() => requireSupportedNode(version)).not.toThrow();
  });
});

describe('the Node.js the sandbox with --state needs', () => {
  it.each(['22.12.0', '20.20.2'])('refuses %s in one line, naming 22.13 and node:sqlite', (version) => {
    expect(() => requireSupportedNode(version, SQLITE_FLOOR)).toThrow(
      /^The sandbox with --state needs Node\.js 22\.13 or later \(node:sqlite, unflagged from 22\.13\); this is Node\.js [\d.]+\.[^\n]*$/,
    );
  });
  it.each(['22.13.0', '24.21.0'])('accepts %s', (version) => {
    expect(() => requireSupportedNode(version, SQLITE_FLOOR)).not.toThrow();
  });
});

describe('loading node:sqlite', () => {
  afterEach(() => vi.restoreAllMocks());

  it('silences the ExperimentalWarning of SQLite (as Node 22 emits it), and that warning alone', () => {
    const real = process.getBuiltinModule.bind(process);
    vi.spyOn(process, 'getBuiltinModule').mockImplementation(((id: string) => {
      process.emitWarning(
        'SQLite is an experimental feature and might change at any time',
        'ExperimentalWarning',
      );
      process.emitWarning('Something else', 'ExperimentalWarning');
      return real(id);
    }) as typeof process.getBuiltinModule);
    // What reaches Node's own emitWarning (recorded here, not printed).
    const emitted = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    expect(typeof loadSqlite().DatabaseSync).toBe('function');
    expect(emitted.mock.calls.map(([warning]) => warning)).toEqual(['Something else']);
    expect(process.emitWarning).toBe(emitted);
  });
});
