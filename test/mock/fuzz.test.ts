/**
 * Fuzz of the mock's whole HTTP surface (issue 12): random methods, paths, credentials, media
 * types and bodies, over real HTTP (startMockServer) and through the msw handlers in process.
 * Whatever arrives: never a 5xx, every answer carries X-Request-Id, every error body is
 * `{ message, code, errors? }`, no 4xx changes the balances, the records or the subscriptions,
 * nothing under /v1/ succeeds without a valid credential, and nothing is created from a body not
 * declared JSON. (See fuzz-oracle.ts.)
 */
import { Agent, request } from 'node:http';
import fc from 'fast-check';
import { getResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockService, type MockServer, startMockServer } from '../../src/mock-entry.js';
import { fuzzRequest } from './fuzz-arbitraries.js';
import { FUZZ_OPTIONS, fuzzOnce, type Outgoing, type Reply } from './fuzz-oracle.js';

describe('fuzz over real HTTP (startMockServer)', () => {
  let server: MockServer;
  const agent = new Agent({ keepAlive: true });
  beforeAll(async () => {
    server = await startMockServer(FUZZ_OPTIONS);
  });
  afterAll(async () => {
    agent.destroy();
    await server.close();
  });

  /** node:http sends any method token and any path as given, which fetch would not. */
  const send = ({ method, path, headers, body }: Outgoing) =>
    new Promise<Reply>((done, fail) => {
      const { hostname: host, port } = new URL(server.url);
      const outgoing = request({ host, port, method, path, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', fail);
        res.on('end', () => {
          const requestId = (res.headers['x-request-id'] as string | undefined) ?? null;
          done({ status: res.statusCode ?? 0, requestId, text: Buffer.concat(chunks).toString() });
        });
      });
      outgoing.on('error', fail);
      // Node's client frames no body on GET unless told its length.
      if (body !== undefined) outgoing.setHeader('content-length', Buffer.byteLength(body));
      outgoing.end(body);
    });

  it('answers every request with a 4xx or better, and no 4xx changes anything', async () => {
    const methods = 'GET HEAD POST PUT PATCH DELETE OPTIONS TRACE PURGE PROPFIND QUERY BREW get'.split(' ');
    await fc.assert(
      fc.asyncProperty(fuzzRequest(methods), (fuzz) => fuzzOnce(server.service, fuzz, send)),
      { numRuns: 400 },
    );
  }, 60_000);
});

describe('fuzz through the msw handlers, in process', () => {
  const mock = createMockService({ ...FUZZ_OPTIONS, answers: 'varied', seed: 12 });

  const send = async ({ method, path, headers, body }: Outgoing): Promise<Reply> => {
    const init: RequestInit = { method, headers };
    // A Fetch request cannot carry a body on GET or HEAD.
    if (body !== undefined && !['GET', 'HEAD'].includes(method.toUpperCase())) init.body = body;
    const response = await getResponse(mock.handlers, new Request(`${mock.baseUrl}${path}`, init));
    expect(response, 'no handler answered').toBeDefined();
    const answer = response as Response;
    return {
      status: answer.status,
      requestId: answer.headers.get('x-request-id'),
      text: await answer.text(),
    };
  };

  it('answers every request with a 4xx or better, and no 4xx changes anything', async () => {
    const methods = 'GET HEAD POST PUT PATCH DELETE OPTIONS PURGE BREW patch'.split(' ');
    await fc.assert(
      fc.asyncProperty(fuzzRequest(methods), (fuzz) => fuzzOnce(mock, fuzz, send)),
      { numRuns: 1000 },
    );
  }, 60_000);
});
