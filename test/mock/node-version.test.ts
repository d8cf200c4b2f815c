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
