/**
 * A web page the developer visits while the mock runs must not drive it: `/__mock/*` takes no
 * credentials, so requests from another origin (403 FORBIDDEN_ORIGIN), and through a DNS name
 * rebound to the machine (403 FORBIDDEN_HOST, on every bind: ./rebinding.test.ts), are refused
 * before anything happens. curl and clients in other languages (no `Origin`) are served.
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
    expect(
      browserGuard('http://127.0.0.1:4010')({ host: '127.0.0.1:4010', origin, target: '/__mock/reset' }),
    ).toMatchObject({ status: 403, body: { code: 'FORBIDDEN_ORIGIN' } });
  });

  it("serves the server's own pages (the dashboard) and clients without an Origin (curl, Python)", async () => {
    expect((await post('/__mock/clock', { Origin: server.url })).status).not.toBe(403);
    expect((await post('/__mock/clock', { Origin: `http://localhost:${port}` })).status).not.toBe(403);
    expect((await post('/__mock/clock', {})).status).not.toBe(403);
  });

  it('refuses a rebound DNS name in Host on a loopback server (403 FORBIDDEN_HOST), for the API too', async () => {
    for (const path of ['/__mock/state', '/v1/integrations/balance']) {
      const reply = await rawRequest(
        server.url,
        `GET ${path} HTTP/1.1\r\nHost: rebind.evil.example:${port}\r\nAuthorization: Bearer ${server.service.secretKey}\r\nConnection: close\r\n\r\n`,
      );
      expect([reply.status, JSON.parse(reply.body).code], path).toEqual([403, 'FORBIDDEN_HOST']);
      expect(reply.body).not.toContain(server.service.secretKey);
    }
  });

  it('for any other origin or host name, the guard refuses; for its own, it lets through', () => {
    const guard = browserGuard('http://127.0.0.1:4010');
    const target = '/__mock/reset';
    fc.assert(
      fc.property(fc.webUrl(), fc.domain(), (url, domain) => {
        const page = new URL(url);
        const own =
          page.protocol === 'http:' && ['127.0.0.1:4010', 'localhost:4010', '[::1]:4010'].includes(page.host);
        expect(guard({ host: '127.0.0.1:4010', origin: page.origin, target }) === undefined).toBe(own);
        const ownName = domain === 'localhost' || domain.endsWith('.localhost') || domain === '127.0.0.1';
        expect(guard({ host: `${domain}:4010`, origin: undefined, target }) === undefined).toBe(ownName);
      }),
    );
    expect(guard({ host: '127.0.0.1:4010', origin: undefined, target })).toBeUndefined();
  });

  it('a server on every interface refuses a DNS name on its control routes, and serves its API under any name', () => {
    const guard = browserGuard('http://0.0.0.0:4010');
    for (const target of [
      '/__mock/state',
      '/__mock/reset',
      '/__mock/state/copy',
      '/',
      '/dashboard/webhooks',
    ]) {
      expect(guard({ host: 'sandbox.qa.internal:4010', origin: undefined, target }), target).toMatchObject({
        status: 403,
        body: { code: 'FORBIDDEN_HOST' },
      });
    }
    expect(
      guard({ host: 'sandbox.qa.internal:4010', origin: undefined, target: '/v1/integrations/balance' }),
    ).toBe(undefined);
    expect(
      guard({
        host: 'sandbox.qa.internal:4010',
        origin: 'https://evil.example',
        target: '/v1/integrations/balance',
      }),
    ).toMatchObject({ status: 403, body: { code: 'FORBIDDEN_ORIGIN' } });
    const shared = browserGuard('http://0.0.0.0:4010', ['sandbox.qa.internal']);
    expect(
      shared({ host: 'sandbox.qa.internal:4010', origin: undefined, target: '/__mock/state' }),
    ).toBeUndefined();
  });

  it("takes a page of the origin the request is made to, once its Host is allowed, and no other host's page", () => {
    const guard = browserGuard('http://0.0.0.0:4010', ['sandbox.qa.internal']);
    const target = '/__mock/reset';
    // The dashboard opened at a LAN address or the allowed name posts to that same origin.
    expect(guard({ host: '192.168.1.5:4010', origin: 'http://192.168.1.5:4010', target })).toBeUndefined();
    expect(
      guard({ host: 'sandbox.qa.internal', origin: 'http://sandbox.qa.internal', target }),
    ).toBeUndefined();
    // A page of another machine with the same port is not this server's page.
    for (const origin of [
      'http://10.9.9.9:4010',
      'http://sandbox.qa.internal:8080',
      'http://evil.example:4010',
    ]) {
      expect(guard({ host: '127.0.0.1:4010', origin, target }), origin).toMatchObject({
        body: { code: 'FORBIDDEN_ORIGIN' },
      });
    }
    // On loopback, a page under another loopback name is the server's own, as before.
    expect(
      browserGuard('http://127.0.0.1:4010')({
        host: '127.0.0.1:4010',
        origin: 'http://localhost:4010',
        target,
      }),
    ).toBeUndefined();
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
