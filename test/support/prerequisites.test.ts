import { describe, expect, it } from 'vitest';
import { missingReport, type Prerequisite, prerequisites } from './prerequisites.js';

const item = (what: string, debian: string, present: boolean): Prerequisite => ({
  what,
  debian,
  forTests: `tests of ${what}`,
  present,
});

describe("npm test's prerequisites", () => {
  it('are the six the README names, each with its Debian package', () => {
    expect(prerequisites().map((one) => one.debian)).toEqual([
      'nodejs',
      'chromium',
      'redis-server',
      'postgresql',
      'python3',
      'curl',
    ]);
  });

  it('say nothing when the machine has them all', () => {
    expect(missingReport([item('curl', 'curl', true), item('python3', 'python3', true)])).toEqual([]);
  });

  it('name each missing one and the apt-get line that installs them', () => {
    const lines = missingReport([
      item('Chromium', 'chromium', false),
      item('curl', 'curl', true),
      item('redis-server', 'redis-server', false),
    ]);
    expect(lines[0]).toMatch(/^npm test: 2 of its 3 prerequisites missing/);
    expect(lines.slice(1, 3)).toEqual([
      '  - Chromium, for tests of Chromium',
      '  - redis-server, for tests of redis-server',
    ]);
    expect(lines.at(-1)).toBe('  Install them: sudo apt-get install chromium redis-server');
  });
});
