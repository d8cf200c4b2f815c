/**
 * The two tables of operations (`src/endpoints.ts`, `src/operations.ts`) are the one place an
 * operation is written: every entry has a client method, a mock handler and an OpenAPI operation,
 * the client's params types come from the entries, and the mock answers only what they declare.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { setupServer } from 'msw/node';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { HttpCore } from '../src/core/http.js';
import {
  type AnswerOf,
  endpoints,
  type OperationId,
  type ParamsOf,
  successStatuses,
} from '../src/endpoints.js';
import { type APIPromise, PaymentsClient } from '../src/index.js';
import { declaredAnswer } from '../src/mock/http/route.js';
import { createMockService } from '../src/mock/index.js';
import { openApiDocument } from '../src/openapi/document.js';
import {
  codesOfOperation,
  ERROR_CODES,
  type ErrorCodeName,
  operations,
  replayed,
} from '../src/operations.js';
import { asKeyedChange } from './support/keyed-change.js';

const ids = Object.keys(endpoints) as OperationId[];
const SECRET = `sk_live_prod_${'a'.repeat(32)}`;
const UUID = '0b8f5f6e-7a1c-4d2e-9f3a-1c2d3e4f5a6b';

/**
 * The operation each client method reaches, as `METHOD path`: every method of every resource is
 * called once (found by reflection, so a new method needs no line here), with `HttpCore`'s `call`
 * and `list` recording the entry they are given and sending nothing.
 */
async function clientCalls(): Promise<Set<string>> {
  const seen = new Set<string>();
  const record = (entry: { method: string; path: string }): never => {
    seen.add(`${entry.method} ${entry.path}`);
    throw new Error('recorded');
  };
  const spies = [vi.spyOn(HttpCore.prototype, 'call'), vi.spyOn(HttpCore.prototype, 'list')];
  for (const spy of spies) spy.mockImplementation(record as never);
  try {
    const client = new PaymentsClient({
      secretKey: SECRET,
      baseUrl: 'http://127.0.0.1:1',
      userToken: 'token',
      logLevel: 'off',
    });
    const resources = Object.values(client).filter(
      (value): value is object => typeof value === 'object' && value?.constructor.name.endsWith('Resource'),
    );
    expect(resources.length).toBeGreaterThanOrEqual(4);
    for (const resource of resources) {
      const prototype = Object.getPrototypeOf(resource) as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const method = prototype[name];
        if (name === 'constructor' || typeof method !== 'function') continue;
        // Whatever the arguments, the method names its entry before anything else can fail.
        await Promise.allSettled([(async () => method.call(resource, UUID, { timeout: 1 }))()]);
      }
    }
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
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

describe('the params of a call', () => {
  it('are typed by the entry: an unknown field or a missing one does not compile', () => {
    // Checked by `npm run typecheck`; at run time the calls are refused by validation before sending.
    const calls = (core: HttpCore) => [
      // @ts-expect-error `notAField` is not a param of create-cashout (and `amount` is missing).
      core.call(endpoints.createCashout, { notAField: 42 }),
      // @ts-expect-error `amount` must be a number.
      core.call(endpoints.createTransaction, { amount: '10' }),
      // @ts-expect-error get-balance takes no params.
      core.call(endpoints.getBalance, { id: 1 }),
      core.call(endpoints.getCashout, { id: 7 }),
    ];
    expect(calls).toBeTypeOf('function');
  });

  it("tie each resource method to its entry: the public names it uses are the entry's params and answer", () => {
    // Checked by `npm run typecheck`: a method that restated another shape would not compile.
    type Client = PaymentsClient;
    type Arg<F, N extends number = 0> = F extends (...args: infer A) => unknown ? A[N] : never;
    type Made<F> = F extends (...args: never[]) => APIPromise<infer T> ? T : never;
    expectTypeOf<Arg<Client['transactions']['create']>>().toEqualTypeOf<ParamsOf<'createTransaction'>>();
    expectTypeOf<Made<Client['transactions']['create']>>().toEqualTypeOf<AnswerOf<'createTransaction'>>();
    expectTypeOf<Arg<Client['transactions']['retrieve']>>().toEqualTypeOf<string>();
    expectTypeOf<Arg<Client['transactions']['list']>>().toEqualTypeOf<
      ParamsOf<'listTransactions'> | undefined
    >();
    expectTypeOf<Arg<Client['cashouts']['create']>>().toEqualTypeOf<ParamsOf<'createCashout'>>();
    expectTypeOf<Made<Client['cashouts']['create']>>().toEqualTypeOf<AnswerOf<'createCashout'>>();
    expectTypeOf<Arg<Client['cashouts']['retrieve']>>().toEqualTypeOf<string | number>();
    expectTypeOf<Made<Client['cashouts']['retrieve']>>().toEqualTypeOf<AnswerOf<'getCashout'>>();
    expectTypeOf<Arg<Client['cashouts']['list']>>().toEqualTypeOf<ParamsOf<'listCashouts'> | undefined>();
    expectTypeOf<Arg<Client['cashouts']['approve']>>().toEqualTypeOf<ParamsOf<'approveCashout'>>();
    expectTypeOf<Made<Client['cashouts']['approve']>>().toEqualTypeOf<AnswerOf<'approveCashout'>>();
    expectTypeOf<Made<Client['balance']['retrieve']>>().toEqualTypeOf<AnswerOf<'getBalance'>>();
    expectTypeOf<Made<Client['webhooks']['listEvents']>>().toEqualTypeOf<AnswerOf<'listWebhookEvents'>>();
    expectTypeOf<Arg<Client['webhooks']['create']>>().toEqualTypeOf<ParamsOf<'createWebhook'>>();
    expectTypeOf<Made<Client['webhooks']['create']>>().toEqualTypeOf<AnswerOf<'createWebhook'>>();
    expectTypeOf<Made<Client['webhooks']['list']>>().toEqualTypeOf<AnswerOf<'listWebhooks'>>();
    expectTypeOf<Made<Client['webhooks']['retrieve']>>().toEqualTypeOf<AnswerOf<'getWebhook'>>();
    expectTypeOf<Arg<Client['webhooks']['update'], 1>>().toEqualTypeOf<
      Omit<ParamsOf<'updateWebhook'>, 'id'>
    >();
    expectTypeOf<Made<Client['webhooks']['update']>>().toEqualTypeOf<AnswerOf<'updateWebhook'>>();
    expectTypeOf<Made<Client['webhooks']['delete']>>().toEqualTypeOf<AnswerOf<'deleteWebhook'>>();
    expectTypeOf<Made<Client['webhooks']['revalidate']>>().toEqualTypeOf<AnswerOf<'revalidateWebhook'>>();
    // And the two tables list the same operations, in the same order.
    expect(Object.keys(operations)).toEqual(Object.keys(endpoints));
  });
});

describe('the answers of the mock', () => {
  const ids = Object.keys(endpoints) as OperationId[];
  const codes = Object.keys(ERROR_CODES) as ErrorCodeName[];
  const errorBody = (code: string) => ({ message: 'm', code });

  it('pass as given when the contract declares them, and are a 500 naming the rest', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ids), fc.constantFrom(...codes), (id, code) => {
        const { status, scope } = ERROR_CODES[code];
        const answer = { status, body: errorBody(code) };
        const declared = scope === 'server' || codesOfOperation(id).includes(code);
        const result = declaredAnswer(id, answer);
        if (declared) expect(result).toBe(answer);
        else {
          expect(result.status).toBe(500);
          expect((result.body as { message: string }).message).toContain(
            `${id} with error ${status} ${code}`,
          );
        }
      }),
      { numRuns: 500 },
    );
  });

  it('refuse a declared code with another status, an unknown code, and an undeclared success status', () => {
    expect(
      declaredAnswer('createCashout', { status: 400, body: errorBody('INSUFFICIENT_BALANCE') }).status,
    ).toBe(500);
    expect(declaredAnswer('getBalance', { status: 422, body: errorBody('SOMETHING_NEW') }).status).toBe(500);
    expect(declaredAnswer('getBalance', { status: 201, body: {} }).status).toBe(500);
    expect(declaredAnswer('createCashout', { status: 200, body: {} }).status).toBe(200);
    expect(declaredAnswer('deleteWebhook', { status: 204 }).status).toBe(204);
    expect(declaredAnswer('deleteWebhook', { status: 200, body: {} }).status).toBe(500);
  });

  it("declare each operation's answers by the table: a success status for each, and its own errors never those of every request", () => {
    for (const id of ids) {
      const answers = Object.keys(operations[id].answers).map(Number);
      // What its key does, as its entry declares it: a keyed create is answered 200 again.
      const expected = successStatuses(endpoints[id]);
      expect(answers.sort(), id).toEqual(expected.sort());
      for (const code of operations[id].errors)
        expect(['operation', 'body'], `${id} ${code}`).toContain(ERROR_CODES[code].scope);
    }
  });
});

describe('what a keyed call does', () => {
  const key = { field: 'idempotencyKey', scope: 'CASHIN' } as const;

  it("is its entry's declaration, never the mere key: only a keyed create is answered 200 again", () => {
    expect(successStatuses({ status: 201, idempotency: { ...key, effect: 'create' } }).sort()).toEqual([
      200, 201,
    ]);
    expect(successStatuses({ status: 201, idempotency: { ...key, effect: 'change' } })).toEqual([201]);
    expect(successStatuses({ status: 200, idempotency: { ...key, effect: 'change' } })).toEqual([200]);
    expect(successStatuses({ status: 200, idempotency: { ...key, effect: 'create' } })).toEqual([200]);
    expect(successStatuses({ status: 204 })).toEqual([204]);
  });

  it('is read by the checks of the answers: a keyed change (a fake) answers its own status, never a 200 besides', async () => {
    // Today's keyed creates, as declared.
    for (const id of ['createTransaction', 'createCashout'] as const) {
      expect(endpoints[id].idempotency?.effect, id).toBe('create');
      expect(declaredAnswer(id, { status: 200, body: {} }).status, id).toBe(200);
    }
    await asKeyedChange('createCashout', () => {
      // The check of the contract's answers above would now ask for the 201 alone…
      expect(successStatuses(endpoints.createCashout)).toEqual([201]);
      // …and the mock refuses the 200 that only a create answered again may have.
      expect(declaredAnswer('createCashout', { status: 200, body: {} }).status).toBe(500);
      expect(declaredAnswer('createCashout', { status: 201, body: {} }).status).toBe(201);
    });
    expect(declaredAnswer('createCashout', { status: 200, body: {} }).status).toBe(200);
  });

  it("describes the replayed answer by the entry's effect", () => {
    expect(replayed({ ...key, effect: 'create' }, 'payout').description).toBe(
      'The same idempotency key again: the payout made the first time, and nothing new.',
    );
    expect(replayed({ ...key, effect: 'change' }, 'charge').description).toBe(
      'The same idempotency key again: the charge as it is now, and nothing applied twice.',
    );
    expect(operations.createCashout.answers[200].description).toBe(
      replayed(endpoints.createCashout.idempotency, 'payout').description,
    );
  });
});
