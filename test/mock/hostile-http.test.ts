/**
 * startMockServer against what an adversarial client sends at the HTTP layer: an encoded slash
 * in a path, requests Node itself refuses (no Host, an unknown Expect, a malformed chunk,
 * CONNECT), and a body that stalls. Every one gets the reference error body `{message, code}`.
 */
import { getResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockService, type MockServer } from '../../src/mock/index.js';
import { matchPath } from '../../src/mock/route-table.js';
import { startMockServer } from '../../src/mock/server.js';
import { rawRequest } from './raw-http.js';

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer();
});
afterAll(() => server.close());

const host = () => `Host: ${new URL(server.url).host}`;
const key = () => `Authorization: Bearer ${server.service.secretKey}`;
const head = (lines: string[]) => `${lines.join('\r\n')}\r\n\r\n`;

describe('an encoded slash in a path', () => {
  it.each(['/v1%2fintegrations%2fbalance', '/v1%2Fintegrations%2Fbalance', '/v1/integrations%2Fbalance'])(
    'is part of a segment, never a separator: GET %s is a 404 over HTTP',
    async (path) => {
      const reply = await rawRequest(server.url, head([`GET ${path} HTTP/1.1`, host(), key()]));
      expect([reply.status, JSON.parse(reply.body)]).toEqual([
        404,
        { message: expect.any(String), code: 'NOT_FOUND' },
      ]);
    },
  );

  it('does not make a known path of an unknown one for other methods either (404, not 405)', async () => {
    const reply = await rawRequest(
      server.url,
      head(['DELETE /v1%2Fintegrations%2Fbalance HTTP/1.1', host(), key(), 'Content-Length: 0']),
    );
    expect([reply.status, JSON.parse(reply.body).code]).toEqual([404, 'NOT_FOUND']);
  });

  it('is a 404 in process too (the handlers called with fetch Requests)', async () => {
    const mock = createMockService();
    const response = await getResponse(
      mock.handlers,
      new Request(`${mock.baseUrl}/v1%2fintegrations%2fbalance`, {
        headers: { authorization: `Bearer ${mock.secretKey}` },
      }),
    );
    expect([response?.status, await response?.json()]).toEqual([
      404,
      { message: expect.any(String), code: 'NOT_FOUND' },
    ]);
  });

  it('stays inside a path parameter, decoded exactly once', () => {
    const url = new URL('http://127.0.0.1:4010/v1/integrations/cashout/a%2Fb%252F%25');
    expect(matchPath(url, 'http://127.0.0.1:4010/v1/integrations/cashout/:id')).toEqual({
      matches: true,
      params: { id: 'a/b%2F%' },
    });
  });
});
