/**
 * The table of endpoints is the one place an operation is written: every entry has a client
 * method, a mock handler and an OpenAPI operation.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { endpoints, type OperationId, operations } from '../src/endpoints.js';
import { PaymentsClient } from '../src/index.js';
import { createMockService } from '../src/mock/index.js';
import { openApiDocument } from '../src/openapi/document.js';

const ids = Object.keys(endpoints) as OperationId[];
const SECRET = `sk_live_prod_${'a'.repeat(32)}`;
const UUID = '0b8f5f6e-7a1c-4d2e-9f3a-1c2d3e4f5a6b';

/** Every request each client method sends, as `METHOD path` with the path's ids as `{id}`. */
async function clientCalls(): Promise<Set<string>> {
  const seen = new Set<string>();
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (input instanceof Request ? input.method : init?.method) ?? 'GET';
    seen.add(`${method} ${url.pathname.replaceAll(UUID, '{id}')}`);
    return new Response('{}', { status: 500 });
  };
  const client = new PaymentsClient({
    secretKey: SECRET,
    baseUrl: 'http://127.0.0.1:1',
    userToken: 'token',
    maxRetries: 0,
    fetch,
    logLevel: 'off',
  });
  const calls = [
    () => client.balance.retrieve(),
    () => client.transactions.create({ amount: 10 }),
    () => client.transactions.retrieve(UUID),
    () => client.transactions.list(),
    () => client.cashouts.create({ amount: 10, pixKey: 'ana@example.com', pixKeyType: 'EMAIL' }),
    () => client.cashouts.retrieve(UUID),
    () => client.cashouts.list(),
    () => client.cashouts.approve({ id: 7 }),
    () => client.webhooks.listEvents(),
    () => client.webhooks.create({ url: 'https://shop.example/hook', events: ['transaction.completed'] }),
    () => client.webhooks.list(),
    () => client.webhooks.retrieve(UUID),
    () => client.webhooks.update(UUID, { description: 'ops' }),
    () => client.webhooks.delete(UUID),
    () => client.webhooks.revalidate(UUID),
  ];
  for (const call of calls) await Promise.resolve(call()).catch(() => undefined);
  return seen;
}

describe('the table of endpoints', () => {
  it('has a client method for every entry', async () => {
    const seen = await clientCalls();
    for (const id of ids) expect(seen, id).toContain(`${endpoints[id].method} ${endpoints[id].path}`);
  });

  it('has a mock handler for every entry', async () => {
    const mock = createMockService();
    const server = setupServer(...mock.handlers);
    server.listen({ onUnhandledFrame: 'error' });
    try {
      for (const id of ids) {
        const { method, path } = endpoints[id];
        // Without credentials an endpoint the mock has answers 401 (credentials come first); a path it lacks, 404.
        const answer = await fetch(`${mock.baseUrl}${path.replace('{id}', UUID)}`, { method });
        expect(answer.status, id).toBe(401);
      }
    } finally {
      server.close();
    }
  });

  it('has an OpenAPI operation for every entry, with its prose', () => {
    const paths = openApiDocument().paths as Record<string, Record<string, Record<string, unknown>>>;
    for (const id of ids) {
      const operation = paths[endpoints[id].path]?.[endpoints[id].method.toLowerCase()];
      expect(operation, id).toMatchObject({ operationId: id, summary: operations[id].summary });
    }
  });
});

describe('each endpoint path', () => {
  it('is written once in src/: in the table', () => {
    const files: [string, string][] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (path.endsWith('.ts')) files.push([path, readFileSync(path, 'utf8')]);
      }
    };
    walk(fileURLToPath(new URL('../src', import.meta.url)));
    // Code, not comments: a path named in a JSDoc or a comment is prose.
    const code = (text: string) =>
      text
        .split('\n')
        .filter((line) => !/^\s*(\*|\/\/|\/\*\*)/.test(line))
        .join('\n');
    const writers = files.filter(([, text]) =>
      /['"`]\/v1\/(integrations|user\/webhooks)['"`/]/.test(code(text)),
    );
    expect(writers.map(([path]) => path.replace(/.*\/src\//, 'src/'))).toEqual(['src/endpoints.ts']);
    const table = code(readFileSync(fileURLToPath(new URL('../src/endpoints.ts', import.meta.url)), 'utf8'));
    // Each path's own part is written at most once (several methods of one path share it).
    const ownPart = (path: string) =>
      path
        .split('/')
        .slice(path.endsWith('}') ? -2 : -1)
        .join('/');
    for (const part of new Set(ids.map((id) => ownPart(endpoints[id].path))))
      expect(table.split(`/${part}\``).length - 1, part).toBeLessThanOrEqual(1);
  });
});
