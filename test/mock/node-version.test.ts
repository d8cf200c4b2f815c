import { describe, expect, it } from 'vitest';
import { requireSupportedNode } from '../../src/mock/node-version.js';

describe('the Node.js the mock needs', () => {
  it.each(['20.20.2', '22.11.0', '18.0.0'])('refuses %s at once, naming 22.12', (version) => {
    expect(() => requireSupportedNode(version)).toThrow(/needs Node\.js 22\.12 or later .*this is Node\.js/);
  });
  it.each(['22.12.0', '24.21.0', '26.1.0'])('accepts %s', (version) => {
    expect(() => requireSupportedNode(version)).not.toThrow();
  });
});

describe('the Node.js the sandbox with --state needs', () => {
  const floor = {
    needed: [22, 13] as const,
    what: 'The sandbox with --state',
    why: 'node:sqlite, unflagged from 22.13',
  };
  it.each(['22.12.0', '20.20.2'])('refuses %s in one line, naming 22.13 and node:sqlite', (version) => {
    expect(() => requireSupportedNode(version, floor)).toThrow(
      /^The sandbox with --state needs Node\.js 22\.13 or later \(node:sqlite, unflagged from 22\.13\); this is Node\.js [\d.]+\.[^\n]*$/,
    );
  });
  it.each(['22.13.0', '24.21.0'])('accepts %s', (version) => {
    expect(() => requireSupportedNode(version, floor)).not.toThrow();
  });
});
