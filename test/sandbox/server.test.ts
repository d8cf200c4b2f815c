import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type MockServer, startMockServer } from '../../src/mock-entry.js';
import { bannerOf, caller } from '../mock/harness.js';

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('startMockServer', () => {
  it('serves the mock on a free loopback port over real HTTP', async () => {
    server = await startMockServer();
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const api = caller(server.url, server.service.secretKey);
    const charge = await api('POST', '/v1/integrations/create-transaction', { amount: 12.34 });
    expect(charge.status).toBe(201);
    expect(charge.headers.get('x-request-id')).toMatch(/^req_/);
    const paid = await caller(server.url)('POST', `/__mock/charges/${charge.body.transactionId}/pay`);
    expect(paid.body.status).toBe('COMPLETED');
    const read = await api(
      'GET',
      `/v1/integrations/list-transactions?transactionId=${charge.body.transactionId}`,
    );
    expect(read.body.status).toBe('COMPLETED');
    expect(server.service.state.balance().availableCents).toBe(1_001_234);
  });

  it('answers 404 NOT_FOUND for an unknown path and 400 for malformed JSON', async () => {
    server = await startMockServer();
    const api = caller(server.url, server.service.secretKey);
    const missing = await api('GET', '/v2/nothing');
    expect([missing.status, missing.body.code]).toEqual([404, 'NOT_FOUND']);
    const bad = await api('POST', '/v1/integrations/create-cashout', undefined, '{');
    expect(bad.status).toBe(400);
  });

  it('drops the connection for an injected drop fault', async () => {
    server = await startMockServer();
    server.service.faults.inject({ route: 'balance', kind: 'drop' });
    await expect(
      caller(server.url, server.service.secretKey)('GET', '/v1/integrations/balance'),
    ).rejects.toThrow(/fetch failed/);
  });

  it('moves its clock with real time, so PENDING charges expire on their own, and stops it on close', async () => {
    const running = await startMockServer({ startAt: '2026-11-21T10:00:00Z', chargeExpirySeconds: 1 });
    server = running;
    const api = caller(running.url, running.service.secretKey);
    const { body } = await api('POST', '/v1/integrations/create-transaction', { amount: 1 });
    const read = () => api('GET', `/v1/integrations/list-transactions?transactionId=${body.transactionId}`);
    expect((await read()).body.status).toBe('PENDING');
    await vi.waitFor(async () => expect((await read()).body.status).toBe('CANCELLED'), { timeout: 3000 });
    expect(running.service.clock.now().getTime()).toBeGreaterThanOrEqual(Date.parse('2026-11-21T10:00:01Z'));
    await running.close();
    server = undefined;
    const stopped = running.service.clock.now().getTime();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(running.service.clock.now().getTime()).toBe(stopped);
  });

  it('takes faults over HTTP, so other languages can inject them', async () => {
    server = await startMockServer();
    await caller(server.url)('POST', '/__mock/faults', {
      route: 'balance',
      kind: 'status',
      status: 502,
      times: 1,
    });
    expect(
      (await caller(server.url, server.service.secretKey)('GET', '/v1/integrations/balance')).status,
    ).toBe(502);
  });
});

describe('pix-payments-mock (bin)', () => {
  it('starts, prints the base URL, a secret key and a user token, serves, and stops on SIGINT', async () => {
    const cli = spawn(process.execPath, [resolve(import.meta.dirname, '../../dist/cli.js'), '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = await bannerOf(cli);
    const url = /Base URL\s+(\S+)/.exec(out)?.[1] as string;
    const key = /Secret key\s+(sk_live_prod_[A-Za-z0-9]{32})/.exec(out)?.[1];
    expect(/User token\s+(ey\S+)/.test(out)).toBe(true);
    expect((await caller(url, key)('GET', '/v1/integrations/balance')).status).toBe(200);
    const exit = new Promise((done) => cli.once('exit', done));
    cli.kill('SIGINT');
    expect(await exit).toBe(0);
  });

  it('refuses a bad port', async () => {
    const cli = spawn(process.execPath, [resolve(import.meta.dirname, '../../dist/cli.js'), '--port', 'x'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    cli.stderr.on('data', (chunk) => {
      err += String(chunk);
    });
    expect(await new Promise((done) => cli.once('exit', done))).toBe(2);
    expect(err).toMatch(/--port/);
  });
});
