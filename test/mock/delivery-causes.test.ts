/** A failed delivery attempt says why: the connection's error code, the timeout, or the status. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { deliveryLog } from '../../src/sandbox/dashboard/deliveries.js';
import { caller, useMock } from './harness.js';

const { mock, api } = useMock({ webhookRetryDelaysMs: [5], webhookTimeoutMs: 150 });

const open: Server[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => new Promise((done) => server.close(done))));
});

/** A receiver that answers `status` after `delayMs`; its URL. */
async function receiver(status: number, delayMs = 0): Promise<string> {
  const server = createServer((_req, res) => {
    const timer = setTimeout(() => res.writeHead(status).end('receiver says no'), delayMs);
    res.on('close', () => clearTimeout(timer));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  open.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
}

/** A URL on a port nobody listens on: it was free a moment ago. */
async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return `http://127.0.0.1:${port}/hook`;
}

/** The attempts of delivering one charge's creation to `url`. */
async function attemptsTo(url: string) {
  const user = caller(mock.baseUrl, await mock.issueUserToken());
  expect((await user('POST', '/v1/user/webhooks', { url, events: ['transaction.created'] })).status).toBe(
    201,
  );
  await api('POST', '/v1/integrations/create-transaction', { amount: 5 });
  await mock.settle();
  return mock.state.deliveries;
}

describe('a failed delivery attempt', () => {
  it('records the error code of a refused connection (ECONNREFUSED), and the dashboard shows it', async () => {
    const attempts = await attemptsTo(await closedPort());
    expect(attempts.map((a) => [a.status, a.error, a.ok])).toEqual([
      [undefined, 'ECONNREFUSED', false],
      [undefined, 'ECONNREFUSED', false],
    ]);
    expect(String(deliveryLog(attempts, 'a'.repeat(64), '/', 10))).toContain('no answer (ECONNREFUSED)');
  });

  it('records "HTTP 500" beside the status of a receiver that answers 500', async () => {
    const attempts = await attemptsTo(await receiver(500));
    expect(attempts.map((a) => [a.status, a.error, a.ok, a.response])).toEqual([
      [500, 'HTTP 500', false, 'receiver says no'],
      [500, 'HTTP 500', false, 'receiver says no'],
    ]);
  });

  it('records "timeout after N ms", the configured delivery timeout, for a receiver slower than it', async () => {
    const attempts = await attemptsTo(await receiver(200, 2_000));
    expect(attempts.map((a) => [a.status, a.error, a.ok])).toEqual([
      [undefined, 'timeout after 150 ms', false],
      [undefined, 'timeout after 150 ms', false],
    ]);
  });
});
