/**
 * docs/sandbox.md's table of the sandbox-only routes (between its `mock-routes` markers) is written
 * by hand and checked here against the routes a started sandbox knows: every route it registers
 * (each one goes into its route table, which answers 405 and OPTIONS for it) whose path is under
 * `/__mock/`, a route with an `:action` standing for each action it takes. A row names one route,
 * or more by the actions after it: `` `POST /__mock/charges/{transactionId}/expire` (`fail`) ``.
 * The same routes are the only ones README.md and docs/ may name elsewhere.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { RouteTable } from '../../src/mock/http/route-table.js';
import { SCENARIOS } from '../../src/mock/simulate.js';
import { startMockServer } from '../../src/sandbox/server/server.js';

const ROOT = join(import.meta.dirname, '../..');
const page = readFileSync(join(ROOT, 'docs/sandbox.md'), 'utf8');
const table = /<!-- mock-routes:start -->\n([\s\S]*?)<!-- mock-routes:end -->/.exec(page)?.[1] ?? '';

/** The actions a route's `:action` takes, by the segment before its `:id` (control.ts reads SCENARIOS so). */
const ACTIONS: Record<string, readonly string[]> = {
  charges: Object.keys(SCENARIOS.CASHIN),
  payouts: Object.keys(SCENARIOS.CASHOUT),
};

/** `POST /__mock/charges/{}/pay`: a route with its parameters' names left out, to compare. */
const key = (method: string, path: string) =>
  `${method.toUpperCase()} ${path.replace(/\{\w+\}|:\w+/g, '{}')}`;

/** Each route a row names: its own, and one for each action after it, in place of its last segment. */
function routesOfRow(cell: string): string[] {
  const found = /^`(GET|POST|PUT|PATCH|DELETE) (\/__mock\/\S*)`(?: \((.*)\))?$/.exec(cell.trim());
  if (found === null) throw new Error(`docs/sandbox.md: a row names \`METHOD /__mock/…\`: ${cell}`);
  const [, method, path, more] = found as unknown as [string, string, string, string | undefined];
  const actions = [...(more ?? '').matchAll(/`(\w+)`/g)].map((match) => match[1] as string);
  const base = path.slice(0, path.lastIndexOf('/'));
  return [key(method, path), ...actions.map((action) => key(method, `${base}/${action}`))];
}

describe("docs/sandbox.md's table of /__mock/ routes", () => {
  let registered: string[] = [];

  beforeAll(async () => {
    const add = vi.spyOn(RouteTable.prototype, 'add');
    try {
      const server = await startMockServer({ port: 0 });
      await server.close();
      registered = add.mock.calls.flatMap(([method, url]) => {
        const path = new URL(url).pathname;
        if (!path.startsWith('/__mock/')) return [];
        if (!path.endsWith('/:action')) return [key(method, path)];
        const actions = ACTIONS[path.split('/')[2] as string];
        if (actions === undefined)
          throw new Error(`${path}: this test does not know its actions; add them to ACTIONS`);
        return actions.map((action) => key(method, path.replace(/:action$/, action)));
      });
    } finally {
      add.mockRestore();
    }
  });

  it('reads the routes a sandbox registers', () => {
    expect(registered).toContain('POST /__mock/charges/{}/pay');
    expect(registered).toContain('GET /__mock/state/copy');
  });

  it('names every /__mock/ route of the sandbox, once each, and no other', () => {
    const cells = [...table.matchAll(/^\| (`[A-Z]+ \/__mock\/.*?) *\|/gm)].map((match) => match[1] as string);
    expect(cells.length).toBeGreaterThan(0);
    expect(cells.flatMap(routesOfRow).sort()).toEqual([...registered].sort());
  });

  it('README.md and docs/ name no /__mock/ route the sandbox lacks', () => {
    const files = [
      'README.md',
      ...readdirSync(join(ROOT, 'docs'))
        .filter((name) => name.endsWith('.md'))
        .map((name) => `docs/${name}`),
    ];
    const unknown = files.flatMap((file) =>
      [
        ...readFileSync(join(ROOT, file), 'utf8').matchAll(
          /\b(GET|POST|PUT|PATCH|DELETE) (\/__mock\/[\w{}/-]*)/g,
        ),
      ]
        .filter(([, method, path]) => !registered.includes(key(method as string, path as string)))
        .map(([route]) => `${file}: ${route}`),
    );
    expect(unknown).toEqual([]);
  });
});
