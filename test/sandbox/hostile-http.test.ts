/**
 * startMockServer against what an adversarial client sends at the HTTP layer: an encoded slash
 * in a path, requests Node itself refuses (no Host, an unknown Expect, a malformed chunk,
 * CONNECT), and a body that stalls. Every one gets the reference error body `{message, code}`.
 */
import { getResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchPath } from '../../src/mock/http/route-table.js';
import { createMockService, type MockServer } from '../../src/mock-entry.js';
import { REQUEST_TIMEOUT_MS } from '../../src/sandbox/server/node-body.js';
import { startMockServerWith } from '../../src/sandbox/server/server.js';
import { rawRequest } from '../mock/raw-http.js';

/** The limit on a request's arrival, shortened for this file (30 s by default). */
const LIMIT_MS = 1000;

let server: MockServer;
beforeAll(async () => {
  server = await startMockServerWith({}, { requestTimeoutMs: LIMIT_MS });
});
afterAll(() => server.close());

const host = () => `Host: ${new URL(server.url).host}`;
const key = () => `Authorization: Bearer ${server.service.secretKey}`;
const head = (lines: string[]) => `${lines.join('\r\n')}\r\n\r\n`;
/** The head of an authenticated JSON create-transaction, with its body's framing. */
const createTransactionHead = (framing: string) =>
  head([
    'POST /v1/integrations/create-transaction HTTP/1.1',
    host(),
    key(),
    'Content-Type: application/json',
    framing,
  ]);

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

/** The reference error body with `code`, an X-Request-Id, and the connection closed. */
function expectError(
  reply: { status: number; headers: Record<string, string>; body: string },
  status: number,
  code: string,
) {
  expect([reply.status, JSON.parse(reply.body)]).toEqual([status, { message: expect.any(String), code }]);
  expect(reply.headers['content-type']).toBe('application/json');
  expect(reply.headers['x-request-id']).toMatch(/^req_/);
}

describe('what Node refuses on its own', () => {
  it('answers an HTTP/1.1 request without Host 400 BAD_REQUEST with the error body', async () => {
    const reply = await rawRequest(server.url, head(['GET /v1/integrations/balance HTTP/1.1', key()]));
    expectError(reply, 400, 'BAD_REQUEST');
  });

  it('answers an unknown Expect 417 EXPECTATION_FAILED with the error body', async () => {
    const reply = await rawRequest(
      server.url,
      head(['GET /v1/integrations/balance HTTP/1.1', host(), key(), 'Expect: foo']),
    );
    expectError(reply, 417, 'EXPECTATION_FAILED');
  });

  it('answers a malformed chunk size 400 BAD_REQUEST with the error body, and makes nothing', async () => {
    const reply = await rawRequest(
      server.url,
      createTransactionHead('Transfer-Encoding: chunked'),
      (socket) => socket.write('zz\r\n{"amount":10}\r\n0\r\n\r\n'),
    );
    expectError(reply, 400, 'BAD_REQUEST');
    expect(reply.headers.connection).toBe('close');
    expect(server.service.state.records()).toHaveLength(0);
  });

  it('answers a request followed by bytes that are not HTTP, then closes the connection', async () => {
    const reply = await rawRequest(
      server.url,
      `${head(['GET /v1/integrations/balance HTTP/1.1', host(), key()])}\u0001\u0002 garbage\r\n\r\n`,
    );
    expect([reply.status, reply.headers.connection]).toEqual([200, 'close']);
  });

  it.each([
    [`CONNECT 127.0.0.1:443 HTTP/1.1`, 400, 'BAD_REQUEST'],
    ['CONNECT /v1/integrations/balance HTTP/1.1', 405, 'METHOD_NOT_ALLOWED'],
  ])('answers %s with the error body (%i), then closes', async (line, status, code) => {
    const reply = await rawRequest(server.url, head([line, host()]));
    expectError(reply, status, code);
    expect(reply.headers.connection).toBe('close');
  });
});

describe('a request whose framing headers disagree', () => {
  it('answers two Host headers 400 BAD_REQUEST with the error body, and serves nothing', async () => {
    const own = new URL(server.url).host;
    for (const hosts of [
      [own, own],
      [own, 'evil.example'],
      ['evil.example', own],
    ]) {
      const reply = await rawRequest(
        server.url,
        head(['GET /v1/integrations/balance HTTP/1.1', ...hosts.map((name) => `Host: ${name}`), key()]),
      );
      expectError(reply, 400, 'BAD_REQUEST');
      expect(JSON.parse(reply.body).message).toMatch(/one Host header/);
    }
  });

  it('answers two Host headers on a /__mock route 400 too, and changes nothing', async () => {
    const before = server.service.clock.now().getTime();
    const move = '{"advanceMs":86400000}';
    const reply = await rawRequest(
      server.url,
      head([
        'POST /__mock/clock HTTP/1.1',
        host(),
        host(),
        'Content-Type: application/json',
        `Content-Length: ${move.length}`,
      ]) + move,
    );
    expectError(reply, 400, 'BAD_REQUEST');
    expect(server.service.clock.now().getTime() - before).toBeLessThan(86_400_000);
  });

  it('answers two different Content-Length values 400 BAD_REQUEST with the error body, and makes nothing', async () => {
    const body = '{"amount":10}';
    const reply = await rawRequest(
      server.url,
      createTransactionHead(`Content-Length: ${body.length}\r\nContent-Length: ${body.length + 5}`) + body,
    );
    expectError(reply, 400, 'BAD_REQUEST');
    expect(JSON.parse(reply.body).message).toMatch(/conflicting Content-Length/);
    expect(reply.headers.connection).toBe('close');
    expect(server.service.state.records()).toHaveLength(0);
  });
});

describe('a request that stalls (408 REQUEST_TIMEOUT)', () => {
  it('is answered 408 within 30 s by default', () => {
    expect(REQUEST_TIMEOUT_MS).toBeLessThanOrEqual(30_000);
  });

  it.each([
    ['a declared length', 'Content-Length: 100', '{"amount":'],
    ['chunks', 'Transfer-Encoding: chunked', '9\r\n{"amount"'],
  ])('answers a body that stops arriving (%s) 408, then closes', async (_, framing, part) => {
    const reply = await rawRequest(server.url, createTransactionHead(framing), (socket) =>
      socket.write(part),
    );
    expectError(reply, 408, 'REQUEST_TIMEOUT');
    expect(reply.headers.connection).toBe('close');
    expect(reply.ms).toBeGreaterThanOrEqual(LIMIT_MS - 50);
    expect(reply.ms).toBeLessThan(LIMIT_MS + 2000);
  });

  it('answers a head that stops arriving 408 with the error body', async () => {
    const reply = await rawRequest(server.url, `GET /v1/integrations/balance HTTP/1.1\r\n${host()}\r\n`);
    expectError(reply, 408, 'REQUEST_TIMEOUT');
    expect(reply.ms).toBeLessThan(LIMIT_MS + 2500);
  });

  it('leaves a slow answer alone: a latency fault longer than the limit, the body sent meanwhile', async () => {
    server.service.faults.inject({ route: 'create-transaction', kind: 'latency', ms: 2 * LIMIT_MS });
    const body = '{"amount":10}';
    const reply = await rawRequest(
      server.url,
      createTransactionHead(`Content-Length: ${body.length}`),
      (socket) => setTimeout(() => socket.write(body), LIMIT_MS / 2),
    );
    expect(reply.status).toBe(201);
  });
});
