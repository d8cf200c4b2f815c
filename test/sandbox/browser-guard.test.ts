/**
 * A web page the developer visits while the mock runs must not drive it: `/__mock/*` takes no
 * credentials, so requests from another origin, and through a DNS name rebound to loopback, are
 * refused before anything happens. curl and clients in other languages (no `Origin`) are served.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserGuard } from '../../src/sandbox/server/browser-guard.js';
import { requestListener } from '../../src/sandbox/server/node-adapter.js';
import { type MockServer, startMockServer } from '../../src/sandbox/server/server.js';
import { rawRequest } from '../mock/raw-http.js';

let server: MockServer;
let port: string;
beforeAll(async () => {
  server = await startMockServer();
  port = new URL(server.url).port;
});
afterAll(() => server.close());

function post(path: string, headers: Record<string, string>) {
  const lines = Object.entries({ Host: `127.0.0.1:${port}`, ...headers, Connection: 'close' })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return rawRequest(server.url, `POST ${path} HTTP/1.1\r\n${lines}Content-Length: 0\r\n\r\n`);
}

describe('requests from web pages', () => {
  it('refuses a cross-site POST to /__mock/reset (403 FORBIDDEN_ORIGIN) and changes nothing', async () => {
    await fetch(`${server.url}/v1/integrations/create-transaction`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.service.secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 19.9 }),
    });
    const before = JSON.stringify(server.service.state.records());
    const reply = await post('/__mock/reset', { Origin: 'https://evil.example' });
    expect(reply.status).toBe(403);
    expect(JSON.parse(reply.body)).toMatchObject({ code: 'FORBIDDEN_ORIGIN' });
    expect(JSON.stringify(server.service.state.records())).toBe(before);
    expect(server.service.state.records().length).toBeGreaterThan(0);
  });

  it('refuses Origin: null (a sandboxed page or a file)', async () => {
    expect((await post('/__mock/reset', { Origin: 'null' })).status).toBe(403);
  });

  it('refuses an Origin naming this server behind userinfo (http://evil@127.0.0.1:PORT)', async () => {
    await fetch(`${server.url}/v1/integrations/create-transaction`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.service.secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 5 }),
    });
    const before = server.service.state.records().length;
    const reply = await post('/__mock/reset', { Origin: `http://evil@127.0.0.1:${port}` });
    expect([reply.status, JSON.parse(reply.body).code]).toEqual([403, 'FORBIDDEN_ORIGIN']);
    expect(server.service.state.records()).toHaveLength(before);
  });

  it.each([
    'http://evil@127.0.0.1:4010',
    'http://evil:pw@localhost:4010',
    'http://:@127.0.0.1:4010',
    'http://127.0.0.1:4010/path',
    'http://127.0.0.1:4010?',
    'http://127.0.0.1:4010#',
    'https://127.0.0.1:4010',
    'http://127.0.0.1:4011',
    'http://127.0.0.1:4010 x',
    'http://[::1:4010',
    '127.0.0.1:4010',
  ])('compares Origin as a parsed origin: refuses %s', (origin) => {
    expect(browserGuard('http://127.0.0.1:4010')('127.0.0.1:4010', origin)).toMatchObject({ status: 403 });
  });

  it("serves the server's own pages (the dashboard) and clients without an Origin (curl, Python)", async () => {
    expect((await post('/__mock/clock', { Origin: server.url })).status).not.toBe(403);
    expect((await post('/__mock/clock', { Origin: `http://localhost:${port}` })).status).not.toBe(403);
    expect((await post('/__mock/clock', {})).status).not.toBe(403);
  });

  it('refuses a rebound DNS name in Host on a loopback server, for the API too', async () => {
    const reply = await rawRequest(
      server.url,
      `GET /__mock/state HTTP/1.1\r\nHost: rebind.evil.example:${port}\r\nConnection: close\r\n\r\n`,
    );
    expect(reply.status).toBe(403);
    expect(reply.body).not.toContain(server.service.secretKey);
  });

  it('for any other origin or host name, the guard refuses; for its own, it lets through', () => {
    const guard = browserGuard('http://127.0.0.1:4010');
    fc.assert(
      fc.property(fc.webUrl(), fc.domain(), (url, domain) => {
        const page = new URL(url);
        const own =
          page.protocol === 'http:' && ['127.0.0.1:4010', 'localhost:4010', '[::1]:4010'].includes(page.host);
        expect(guard('127.0.0.1:4010', page.origin) === undefined).toBe(own);
        const loopbackName = ['localhost', '127.0.0.1'].includes(domain);
        expect(guard(`${domain}:4010`, undefined) === undefined).toBe(loopbackName);
      }),
    );
    expect(guard('127.0.0.1:4010', undefined)).toBeUndefined();
  });

  it('a server on every interface serves any Host (a shared sandbox), and still refuses other origins', () => {
    const guard = browserGuard('http://0.0.0.0:4010');
    expect(guard('sandbox.qa.internal:4010', undefined)).toBeUndefined();
    expect(guard('sandbox.qa.internal:4010', 'https://evil.example')).toMatchObject({ status: 403 });
  });
});

describe('a server not ready yet', () => {
  it('answers 503 STARTING with Retry-After while the mock is being built', async () => {
    const starting = createServer(requestListener(() => undefined));
    await new Promise<void>((resolve) => starting.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(starting.address() as AddressInfo).port}`;
    try {
      const response = await fetch(`${url}/v1/integrations/balance`);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('1');
      expect(await response.json()).toMatchObject({ code: 'STARTING' });
    } finally {
      starting.closeAllConnections();
      starting.close();
    }
  });
});
