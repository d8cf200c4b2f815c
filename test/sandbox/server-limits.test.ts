/**
 * startMockServer against hostile HTTP: a body over 1 MiB or without credentials is refused
 * without reading the rest, and what Node itself refuses still gets the reference error body.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../src/mock-entry.js';
import { caller } from '../mock/harness.js';
import { pumpChunked, rawRequest } from '../mock/raw-http.js';

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer();
});
afterAll(() => server.close());

const MB = 1_000_000;
/** The server's own Host: a loopback server refuses any other (./browser-guard.test.ts). */
const host = () => `Host: ${new URL(server.url).host}`;
const head = (lines: string[]) => `${lines.join('\r\n')}\r\n\r\n`;
const post = (path: string, ...headers: string[]) =>
  head([`POST ${path} HTTP/1.1`, host(), 'Content-Type: application/json', ...headers]);
const key = () => `Authorization: Bearer ${server.service.secretKey}`;

describe('a body over 1 MiB (413 PAYLOAD_TOO_LARGE)', () => {
  it('is refused promptly on its declared length, though only a few bytes arrive', async () => {
    const reply = await rawRequest(
      server.url,
      post('/v1/integrations/create-cashout', key(), `Content-Length: ${100 * MB}`),
      (socket) => socket.write('{"amount":'),
    );
    expect([reply.status, JSON.parse(reply.body).code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect(reply.headers.connection).toBe('close');
    expect(reply.ms).toBeLessThan(1000);
  });

  it('is refused once the received length passes 1 MiB, the rest unread (chunked, 100 MB offered)', async () => {
    const reply = await rawRequest(
      server.url,
      post('/v1/integrations/create-cashout', key(), 'Transfer-Encoding: chunked'),
      pumpChunked(100 * MB),
    );
    expect([reply.status, JSON.parse(reply.body).code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    // What the client got into the socket buffers, far from the 100 MB it offered.
    expect(reply.bytesWritten).toBeLessThan(20 * MB);
  });
});

describe('a request without credentials', () => {
  it('is answered 401 without its body being read (chunked, 100 MB offered)', async () => {
    const reply = await rawRequest(
      server.url,
      post('/v1/integrations/create-cashout', 'Transfer-Encoding: chunked'),
      pumpChunked(100 * MB),
    );
    expect([reply.status, JSON.parse(reply.body).code]).toEqual([401, 'UNAUTHENTICATED']);
    expect(reply.bytesWritten).toBeLessThan(20 * MB);
    expect(server.service.state.records()).toHaveLength(0);
  });
});

describe('a body not declared application/json', () => {
  it('is a 415 UNSUPPORTED_MEDIA_TYPE over real HTTP, and no payout is made', async () => {
    const body = JSON.stringify({ amount: 100, pixKey: '52998224725', pixKeyType: 'CPF' });
    for (const type of ['text/plain', undefined]) {
      const headers: Record<string, string> = { authorization: `Bearer ${server.service.secretKey}` };
      if (type !== undefined) headers['content-type'] = type;
      const reply = await fetch(`${server.url}/v1/integrations/create-cashout`, {
        method: 'POST',
        headers,
        body: new TextEncoder().encode(body),
      });
      expect([reply.status, (await reply.json()).code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    }
    expect(server.service.state.records()).toHaveLength(0);
  });
});

describe('what the Fetch API or Node refuses', () => {
  it('answers TRACE on a known path 405 with Allow', async () => {
    const reply = await rawRequest(server.url, head(['TRACE /v1/integrations/balance HTTP/1.1', host()]));
    expect([reply.status, reply.headers.allow, JSON.parse(reply.body).code]).toEqual([
      405,
      'GET, HEAD, OPTIONS',
      'METHOD_NOT_ALLOWED',
    ]);
  });

  it.each([
    ['an unknown method', head(['BREW /v1/integrations/balance HTTP/1.1', 'Host: HOST']), 400],
    [
      'headers over 16 KiB',
      head(['GET /v1/integrations/balance HTTP/1.1', `X-Big: ${'a'.repeat(20_000)}`]),
      431,
    ],
    ['a target that is not a path', head(['OPTIONS * HTTP/1.1', 'Host: HOST']), 400],
    [
      'a URL too long to match',
      head([`GET /v1/integrations/cashout/${'9'.repeat(9000)} HTTP/1.1`, 'Host: HOST']),
      414,
    ],
  ])('answers %s with a JSON error body', async (_, request, status) => {
    // The table is made before the server starts: its Host is filled in here.
    const reply = await rawRequest(server.url, request.replace('Host: HOST', host()));
    expect(reply.status).toBe(status);
    expect(JSON.parse(reply.body)).toEqual({ message: expect.any(String), code: expect.any(String) });
    expect(reply.headers['x-request-id']).toMatch(/^req_/);
  });

  it('answers HEAD as GET, without a body', async () => {
    const reply = await rawRequest(
      server.url,
      head(['HEAD /v1/integrations/balance HTTP/1.1', host(), key()]),
    );
    expect([reply.status, reply.headers['content-type'], reply.body]).toEqual([200, 'application/json', '']);
  });

  it('keeps serving normally afterwards, over kept-alive connections', async () => {
    const api = caller(server.url, server.service.secretKey);
    const created = await api('POST', '/v1/integrations/create-transaction', { amount: 10 });
    expect(created.status).toBe(201);
    expect((await api('GET', '/v1/integrations/balance')).status).toBe(200);
  });
});

describe('the clock of the server', () => {
  it('refuses a move past 9999 over HTTP (422), and leaves the clock alone', async () => {
    const before = server.service.clock.now().getTime();
    const reply = await caller(server.url)('POST', '/__mock/clock', { advanceMs: 8.64e15 - before - 1 });
    expect([reply.status, Object.keys(reply.body.errors)]).toEqual([422, ['advanceMs']]);
    expect(server.service.clock.now().getTime()).toBeLessThan(before + 1000);
  });

  it('stops at 9999-12-31T23:59:59.999Z, the last moment of its range, when set next to it', async () => {
    server.service.clock.set('9999-12-31T23:59:59.998Z');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(server.service.clock.now().toISOString()).toBe('9999-12-31T23:59:59.999Z');
    const state = await caller(server.url)('GET', '/__mock/state');
    expect([state.status, state.body.now]).toEqual([200, '9999-12-31T23:59:59.999Z']);
  });
});
