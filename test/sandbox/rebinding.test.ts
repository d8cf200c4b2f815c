/**
 * DNS rebinding: a web page that points a DNS name of its own at the developer's machine (once
 * it has loaded) must not reach the sandbox's control routes or its dashboard, on any bind: on
 * `--host 0.0.0.0` (reached through 127.0.0.1 as through the LAN), on another loopback address
 * (127.0.0.2: Linux answers on all of 127.0.0.0/8), on a LAN address of this machine and on
 * 127.0.0.1. Each refuses `Host: rebind.evil.example:PORT` with 403 FORBIDDEN_HOST, and answers
 * its own names: localhost, an IP address with its port, and the names of `allowedHosts`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, type MockServerOptions, startMockServer } from '../../src/sandbox/server/server.js';
import { rawRequest } from '../mock/raw-http.js';

/** An IPv4 address of this machine other than loopback, when it has one. */
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address?.family === 'IPv4' && !address.internal)?.address;

/** Each bind, and the address a request reaches it through. */
const BINDS: { bind: string; via: string }[] = [
  { bind: '0.0.0.0', via: '127.0.0.1' },
  ...(lanAddress === undefined ? [] : [{ bind: '0.0.0.0', via: lanAddress }]),
  { bind: '127.0.0.2', via: '127.0.0.2' },
  ...(lanAddress === undefined ? [] : [{ bind: lanAddress, via: lanAddress }]),
  { bind: '127.0.0.1', via: '127.0.0.1' },
];

const REBOUND = 'rebind.evil.example';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  json(): { message: string; code: string } & Record<string, unknown>;
}

/** A request through `via` with the `Host` header given (fetch sends its own). */
function call(
  via: string,
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: via, port, method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: bytes,
          json: () => JSON.parse(bytes.toString('utf8')),
        });
      });
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** A server on a state file (so that the copy exists), started before and closed after its tests. */
function useServer(options: MockServerOptions & { host: string }, via: string) {
  const sandbox = {
    server: undefined as unknown as MockServer,
    port: 0,
    key: '',
    /** A request through `via` naming `host` in its Host header (`PORT` is the server's port). */
    send: (method: string, path: string, host: string, headers: Record<string, string> = {}) =>
      call(via, sandbox.port, method, path, { host: host.replace('PORT', String(sandbox.port)), ...headers }),
    /** A charge made through the API under an IP address, which every bind answers. */
    charge: () =>
      call(
        via,
        sandbox.port,
        'POST',
        '/v1/integrations/create-transaction',
        {
          host: `${via}:${sandbox.port}`,
          authorization: `Bearer ${sandbox.key}`,
          'content-type': 'application/json',
        },
        JSON.stringify({ amount: 10 }),
      ),
  };
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pix-rebinding-'));
    sandbox.server = await startMockServer({
      deliverWebhooks: false,
      state: join(dir, 'state.sqlite'),
      ...options,
    });
    sandbox.port = Number(new URL(sandbox.server.url).port);
    sandbox.key = sandbox.server.service.secretKey;
  });
  afterAll(async () => {
    await sandbox.server?.close();
    await rm(dir, { recursive: true, force: true });
  });
  return sandbox;
}

/** The answer of a refused Host: 403 FORBIDDEN_HOST, JSON, saying how to allow the name, no secret. */
function expectForbiddenHost(reply: Reply, key: string) {
  expect([reply.status, reply.headers['content-type']]).toEqual([403, 'application/json']);
  const body = reply.json();
  expect(body.code).toBe('FORBIDDEN_HOST');
  expect(body.message).toContain(`--allowed-hosts ${REBOUND}`);
  expect(reply.body.toString('latin1')).not.toContain(key);
  expect(reply.body.toString('latin1')).not.toContain('SQLite format 3');
}

describe.each(BINDS)('a sandbox on $bind, reached through $via', ({ bind, via }) => {
  const sandbox = useServer({ host: bind }, via);
  const rebound = `${REBOUND}:PORT`;

  it(`refuses Host: ${REBOUND}:PORT on GET /__mock/state/copy (403 FORBIDDEN_HOST), even with the key`, async () => {
    expectForbiddenHost(await sandbox.send('GET', '/__mock/state/copy', rebound), sandbox.key);
    const withKey = await sandbox.send('GET', '/__mock/state/copy', rebound, {
      authorization: `Bearer ${sandbox.key}`,
    });
    expectForbiddenHost(withKey, sandbox.key);
  });

  it(`refuses Host: ${REBOUND}:PORT on GET /__mock/state, however the path is spelt`, async () => {
    for (const path of [
      '/__mock/state',
      '/%5F%5Fmock/state',
      '/v1/%2E%2E/__mock/state',
      '/__mock/./state/',
    ]) {
      expectForbiddenHost(await sandbox.send('GET', path, rebound), sandbox.key);
    }
  });

  it(`refuses Host: ${REBOUND}:PORT on POST /__mock/reset, and resets nothing`, async () => {
    expect((await sandbox.charge()).status).toBe(201);
    const before = sandbox.server.service.state.records().length;
    expect(before).toBeGreaterThan(0);
    expectForbiddenHost(await sandbox.send('POST', '/__mock/reset', rebound), sandbox.key);
    expect(sandbox.server.service.state.records()).toHaveLength(before);
  });

  it(`refuses Host: ${REBOUND}:PORT on the dashboard (JSON 403 FORBIDDEN_HOST), and with no port`, async () => {
    for (const path of ['/', '/dashboard/transactions', '/dashboard/version']) {
      expectForbiddenHost(await sandbox.send('GET', path, rebound), sandbox.key);
    }
    expectForbiddenHost(await sandbox.send('GET', '/', REBOUND), sandbox.key);
    expectForbiddenHost(await sandbox.send('POST', '/dashboard/actions/reset', rebound), sandbox.key);
  });

  it('refuses a request without Host (HTTP/1.0) on the control routes', async () => {
    const reply = await rawRequest(`http://${via}:${sandbox.port}`, 'GET /__mock/state HTTP/1.0\r\n\r\n');
    expect([reply.status, JSON.parse(reply.body).code]).toEqual([403, 'FORBIDDEN_HOST']);
    expect(JSON.parse(reply.body).message).toMatch(/carries no Host header.*--allowed-hosts NAME/);
  });

  it.each([
    'localhost:PORT',
    'LOCALHOST:PORT',
    'app.localhost:PORT',
    '127.0.0.1:PORT',
    '127.0.0.2:PORT',
    '127.1.2.3:PORT',
    '[::1]:PORT',
    ...(lanAddress === undefined ? [] : [`${lanAddress}:PORT`]),
  ])('answers its own name %s on /__mock/state, the dashboard and the copy with its key', async (host) => {
    expect((await sandbox.send('GET', '/__mock/state', host)).status).toBe(200);
    const dashboard = await sandbox.send('GET', '/', host);
    expect([dashboard.status, dashboard.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
    const copy = await sandbox.send('GET', '/__mock/state/copy', host, {
      authorization: `Bearer ${sandbox.key}`,
    });
    expect([copy.status, copy.body.subarray(0, 16).toString('latin1')]).toEqual([200, 'SQLite format 3\0']);
  });

  it('refuses its own name with another port, and a name that only ends like one', async () => {
    for (const host of [
      'localhost:1',
      '127.0.0.1:1',
      'localhost.rebind.evil.example:PORT',
      'xlocalhost:PORT',
    ]) {
      const reply = await sandbox.send('GET', '/__mock/state', host);
      expect([reply.status, reply.json().code], host).toEqual([403, 'FORBIDDEN_HOST']);
    }
  });

  it('asks for the secret key on the copy, under its own name too (401)', async () => {
    for (const authorization of [undefined, `Bearer sk_live_prod_${'x'.repeat(32)}`]) {
      const reply = await sandbox.send(
        'GET',
        '/__mock/state/copy',
        `${via}:PORT`,
        authorization === undefined ? {} : { authorization },
      );
      expect([reply.status, reply.json().code]).toEqual([401, 'UNAUTHENTICATED']);
    }
  });
});

describe('the service API keeps its rule: a shared sandbox serves it under any name, with its key', () => {
  const shared = useServer({ host: '0.0.0.0' }, '127.0.0.1');
  const loopback = useServer({ host: '127.0.0.2' }, '127.0.0.2');

  it('answers GET /v1/integrations/balance and /openapi.json under any name on 0.0.0.0', async () => {
    const balance = await shared.send('GET', '/v1/integrations/balance', 'sandbox.qa.example:PORT', {
      authorization: `Bearer ${shared.key}`,
    });
    expect(balance.status).toBe(200);
    expect((await shared.send('GET', '/openapi.json', 'sandbox.qa.example')).status).toBe(200);
  });

  it('refuses a foreign name on the API too on a loopback address, where nobody else can be calling', async () => {
    const balance = await loopback.send('GET', '/v1/integrations/balance', `${REBOUND}:PORT`, {
      authorization: `Bearer ${loopback.key}`,
    });
    expect([balance.status, balance.json().code]).toEqual([403, 'FORBIDDEN_HOST']);
  });
});

describe('allowedHosts: a shared sandbox behind a DNS name', () => {
  const sandbox = useServer(
    { host: '0.0.0.0', allowedHosts: ['sandbox.qa.example', '.team.example'] },
    '127.0.0.1',
  );

  it.each([
    'sandbox.qa.example:PORT',
    'sandbox.qa.example',
    'SANDBOX.QA.EXAMPLE:443',
    'team.example:PORT',
    'pix.team.example',
    'a.b.team.example:8080',
  ])('answers %s on the control routes and the dashboard', async (host) => {
    expect((await sandbox.send('GET', '/__mock/state', host)).status).toBe(200);
    expect((await sandbox.send('GET', '/', host)).status).toBe(200);
  });

  it.each([
    `${REBOUND}:PORT`,
    'qa.example:PORT',
    'other.sandbox.qa.example:PORT',
    'evilteam.example:PORT',
    'team.example.evil.example:PORT',
  ])('still refuses %s', async (host) => {
    const reply = await sandbox.send('GET', '/__mock/state', host);
    expect([reply.status, reply.json().code]).toEqual([403, 'FORBIDDEN_HOST']);
  });

  it('still asks the copy for the secret key, and still refuses a page from another origin', async () => {
    const copy = await sandbox.send('GET', '/__mock/state/copy', 'sandbox.qa.example');
    expect(copy.status).toBe(401);
    const foreign = await sandbox.send('POST', '/__mock/reset', 'sandbox.qa.example', {
      origin: 'https://evil.example',
    });
    expect([foreign.status, foreign.json().code]).toEqual([403, 'FORBIDDEN_ORIGIN']);
    // The dashboard's own page, served under that name, may post.
    const own = await sandbox.send('POST', '/__mock/clock', 'sandbox.qa.example', {
      origin: 'http://sandbox.qa.example',
      'content-type': 'application/json',
    });
    expect(own.status).not.toBe(403);
  });
});

describe('startMockServer({ allowedHosts }) is checked', () => {
  it.each([
    ['qa.example', /allowedHosts must be true or an array of host names/],
    [['http://qa.example'], /allowedHosts\[0\] must be a host name such as qa\.example/],
    [['qa.example:4010'], /allowedHosts\[0\] must be a host name/],
    [['*.example.com'], /or \.example\.com for that name and its subdomains/],
    [[''], /allowedHosts\[0\] must be a host name/],
    [['ok.example', 7], /allowedHosts\[1\] must be a host name .*got number/],
    [false, /allowedHosts must be true or an array/],
  ])('refuses %j with a TypeError naming the option and the rule', async (allowedHosts, message) => {
    const started = startMockServer({ allowedHosts: allowedHosts as never });
    await expect(started).rejects.toThrow(TypeError);
    await expect(started).rejects.toThrow(message);
  });

  it('takes true (any name, as Vite takes it) and refuses an unknown spelling of the name', async () => {
    const server = await startMockServer({ allowedHosts: true });
    try {
      const port = Number(new URL(server.url).port);
      expect(
        (await call('127.0.0.1', port, 'GET', '/__mock/state', { host: `${REBOUND}:${port}` })).status,
      ).toBe(200);
    } finally {
      await server.close();
    }
    await expect(startMockServer({ allowedHost: ['a.example'] } as never)).rejects.toThrow(
      /Unknown option allowedHost of startMockServer.*allowedHosts/,
    );
  });
});
