/** The dashboard over real HTTP: who may use it, what its pages show, what its actions do. */
import { getResponse } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockService, type MockServer, startMockServer } from '../../../src/mock-entry.js';
import { hostRule } from '../../../src/sandbox/server/host-rule.js';
import { caller } from '../../mock/harness.js';
import { pumpChunked, rawRequest } from '../../mock/raw-http.js';

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer();
});
afterAll(() => server.close());
beforeEach(() => server.service.reset());

const api = () => caller(server.url, server.service.secretKey);
const page = async (path: string) => {
  const response = await fetch(`${server.url}${path}`);
  return { status: response.status, headers: response.headers, html: await response.text() };
};
const tokenOf = (html: string) => /name="token" value="([0-9a-f]{64})"/.exec(html)?.[1] as string;
const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers,
    redirect: 'manual',
  });
const charge = async (body: Record<string, unknown> = { amount: 10 }) =>
  (await api()('POST', '/v1/integrations/create-transaction', body)).body as { transactionId: string };

describe('dashboard action bodies', () => {
  it('are refused with 413 past 1 MiB, the rest unread, when chunked (no declared length)', async () => {
    const { host } = new URL(server.url);
    const head = [
      'POST /dashboard/actions/reset HTTP/1.1',
      `Host: ${host}`,
      'Content-Type: application/x-www-form-urlencoded',
      'Transfer-Encoding: chunked',
    ];
    const reply = await rawRequest(server.url, `${head.join('\r\n')}\r\n\r\n`, pumpChunked(100_000_000));
    expect([reply.status, reply.body]).toEqual([
      413,
      'The request body is larger than 1048576 bytes (1 MiB)',
    ]);
    expect(reply.bytesWritten).toBeLessThan(20_000_000);
  });
});

describe('dashboard actions need the page token', () => {
  it('refuses a POST without the token, or with another one, with 403, and changes nothing', async () => {
    await charge();
    expect((await post('/dashboard/actions/reset', {})).status).toBe(403);
    expect((await post('/dashboard/actions/reset', { token: 'ab'.repeat(32) })).status).toBe(403);
    expect((await post('/dashboard/actions/reset', { token: 'not hex at all' })).status).toBe(403);
    expect(server.service.state.records()).toHaveLength(1);
  });

  it('runs the action with the token (form field or header), then sends the browser back with 303', async () => {
    const { transactionId } = await charge();
    const token = tokenOf((await page('/')).html);
    const paid = await post(`/dashboard/actions/charges/${transactionId}/pay`, {
      token,
      back: `/dashboard/transactions/${transactionId}`,
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toMatch(
      new RegExp(`^/dashboard/transactions/${transactionId}\\?notice=`),
    );
    expect(server.service.state.records()[0]?.status).toBe('COMPLETED');
    const notice = await page(paid.headers.get('location') as string);
    expect(notice.html).toContain('Charge #1 is now COMPLETED.');
    const reset = await post('/dashboard/actions/reset', {}, { 'x-dashboard-token': token });
    expect(reset.status).toBe(303);
    expect(server.service.state.records()).toHaveLength(0);
  });

  it('sends the browser back only to a path of this server', async () => {
    const token = tokenOf((await page('/')).html);
    for (const back of [
      '//evil.example/x',
      'https://evil.example/',
      '/\\evil.example',
      '/.//evil.example',
      '/\t/evil.example',
    ]) {
      const reply = await post('/dashboard/actions/reset', { token, back });
      expect(reply.headers.get('location'), back).toMatch(/^\/\?notice=/);
    }
  });

  it('shows the refusal of a move the state machine forbids, in words', async () => {
    const { transactionId } = await charge();
    const token = tokenOf((await page('/')).html);
    const reply = await post(`/dashboard/actions/charges/${transactionId}/reverse`, { token });
    expect((await page(reply.headers.get('location') as string)).html).toContain(
      'Refused: A CASHIN in PENDING cannot become REVERSED',
    );
  });

  it('refuses a fault latency over 10 minutes from the form, in words, and injects nothing', async () => {
    const token = tokenOf((await page('/')).html);
    const fields = { token, route: 'balance', kind: 'latency', ms: String(2 ** 31), times: '1' };
    const reply = await post('/dashboard/actions/faults', fields);
    expect((await page(reply.headers.get('location') as string)).html).toContain(
      'Refused: ms: must be at most 600000',
    );
    expect(server.service.faults.pending).toBe(0);
  });

  it('answers 405 for an action by GET', async () => {
    expect((await page('/dashboard/actions/reset')).status).toBe(405);
  });
});

describe('the Host header (against DNS rebinding)', () => {
  const get = (host: string) =>
    rawRequest(server.url, `GET / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);

  it('serves the bind host and port, and the loopback names of a loopback server', async () => {
    const { port } = new URL(server.url);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
      expect((await get(host)).status, host).toBe(200);
    }
  });

  it('refuses another name (403 FORBIDDEN_HOST), so a rebound DNS name cannot read the page or its token', async () => {
    const { port } = new URL(server.url);
    for (const host of [
      `evil.example:${port}`,
      '127.0.0.1',
      `127.0.0.1:1`,
      `localhost.evil.example:${port}`,
    ]) {
      const reply = await get(host);
      expect([reply.status, JSON.parse(reply.body).code], host).toEqual([403, 'FORBIDDEN_HOST']);
      expect(reply.body).not.toMatch(/[0-9a-f]{64}/);
    }
  });

  it('takes any IP address and localhost with the port, on every bind, and the name it was started on', () => {
    for (const origin of ['http://0.0.0.0:8080', 'http://127.0.0.1:8080', 'http://192.168.1.5:8080']) {
      const own = hostRule(origin, []);
      expect(['192.168.1.5:8080', 'localhost:8080', '[fe80::1]:8080', 'a.localhost:8080'].map(own)).toEqual([
        true,
        true,
        true,
        true,
      ]);
      expect(['evil.example:8080', '192.168.1.5:80', undefined, '192.168.1.5'].map(own)).toEqual([
        false,
        false,
        false,
        false,
      ]);
    }
    const named = hostRule('http://mock.internal:9000', []);
    expect(
      ['mock.internal:9000', 'MOCK.INTERNAL:9000', 'localhost:9000', 'other.internal:9000'].map(named),
    ).toEqual([true, true, true, false]);
    // Port 80 is the one a browser leaves out.
    expect(hostRule('http://127.0.0.1:80', [])('localhost')).toBe(true);
  });
});

describe('dashboard pages', () => {
  it('are HTML that cannot be framed, with a CSP that runs only their own inline script', async () => {
    const reply = await page('/');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(reply.headers.get('x-frame-options')).toBe('DENY');
    const nonce = /<script nonce="([0-9a-f]+)">/.exec(reply.html)?.[1];
    expect(reply.headers.get('content-security-policy')).toContain(`script-src 'nonce-${nonce}'`);
    expect(reply.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('show a description holding <script> as text', async () => {
    const { transactionId } = await charge({ amount: 10, description: '<script>alert(1)</script>' });
    for (const path of ['/', '/dashboard/transactions', `/dashboard/transactions/${transactionId}`]) {
      const { html } = await page(path);
      expect(html, path).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html, path).not.toContain('<script>alert');
    }
  });

  it('show the balance in BRL', async () => {
    const { transactionId } = await charge({ amount: 1234.56 });
    server.service.simulate.payCharge(transactionId);
    expect((await page('/')).html).toContain('R$\u00a011.234,56');
  });

  it('offer only the scenarios the state machine allows', async () => {
    const { transactionId } = await charge();
    const buttons = async (id: string) =>
      [
        ...(await page(`/dashboard/transactions/${id}`)).html.matchAll(
          /<button type="submit" id="scenario-([a-z]+)"/g,
        ),
      ].map((m) => m[1]);
    expect(await buttons(transactionId)).toEqual(['pay', 'expire', 'fail']);
    server.service.simulate.payCharge(transactionId);
    expect(await buttons(transactionId)).toEqual(['reverse', 'chargeback']);
    server.service.simulate.chargebackCharge(transactionId);
    expect(await buttons(transactionId)).toEqual([]);
    const payout = await api()('POST', '/v1/integrations/create-cashout', {
      amount: 20,
      pixKey: 'a@pix.test',
      pixKeyType: 'EMAIL',
    });
    expect(await buttons(payout.body.transactionId)).toEqual(['reverse']);
  });

  it('filter by type, status and date, page through the rest, and explain a bad filter', async () => {
    for (let i = 0; i < 3; i++) await charge();
    const first = server.service.state.records()[0]?.transactionId as string;
    server.service.simulate.payCharge(first);
    const rows = (html: string) =>
      [...html.matchAll(/<td><a href="[^"]+">([^<]+)<\/a><\/td>/g)].map((m) => m[1]);
    expect(rows((await page('/dashboard/transactions?status=COMPLETED&type=')).html)).toEqual(['Charge #1']);
    expect(rows((await page('/dashboard/transactions?type=CASHOUT')).html)).toEqual([]);
    const today = server.service.clock.now().toISOString().slice(0, 10);
    expect(
      rows((await page(`/dashboard/transactions?date_from=${today}&date_to=${today}`)).html),
    ).toHaveLength(3);
    const paged = (await page('/dashboard/transactions?per_page=2&page=2')).html;
    expect(rows(paged)).toEqual(['Charge #1']);
    expect(paged).toContain('Page 2 of 2. Records 3–3 of 3.');
    expect(paged).toContain('href="/dashboard/transactions?per_page=2&amp;page=1"');
    const bad = await page('/dashboard/transactions?date_from=2026-02-31');
    expect(bad.html).toContain('These filters are not valid: date_from: must be a real calendar date');
  });

  it('answer 404 for a record that does not exist', async () => {
    const reply = await page(`/dashboard/transactions/${crypto.randomUUID()}`);
    expect(reply.status).toBe(404);
  });

  it('move their version when the state moves, and only then', async () => {
    const version = async () => (await page('/dashboard/version')).html;
    const { transactionId } = await charge();
    const before = await version();
    expect(await version()).toBe(before);
    server.service.simulate.payCharge(transactionId);
    expect(await version()).not.toBe(before);
  });
});

describe('the dashboard is served by startMockServer alone', () => {
  it('is not among the handlers of createMockService (msw in tests answers 404 at /)', async () => {
    const mock = createMockService();
    const response = await getResponse(mock.handlers, new Request(`${mock.baseUrl}/`));
    expect(response?.status).toBe(404);
  });
});
