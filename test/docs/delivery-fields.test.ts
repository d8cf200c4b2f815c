/**
 * docs/testing.md lists every field of a delivery attempt (`mock.state.deliveries`): the table
 * between its `delivery-fields` markers names exactly the fields of `DeliveryAttempt`, and the
 * attempts the mock really logs carry no other.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import type { DeliveryAttempt } from '../../src/mock/index.js';
import { createMockService } from '../../src/mock/index.js';

/** Every field of the type: the compiler asks for a new one here, and the test then asks the page. */
const FIELDS: Record<keyof DeliveryAttempt, true> = {
  deliveryId: true,
  webhookId: true,
  merchantId: true,
  event: true,
  url: true,
  attempt: true,
  at: true,
  status: true,
  error: true,
  ok: true,
  durationMs: true,
  headers: true,
  body: true,
  response: true,
  resent: true,
};

const page = readFileSync(fileURLToPath(new URL('../../docs/testing.md', import.meta.url)), 'utf8');
const table = /<!-- delivery-fields:start -->\n([\s\S]*?)<!-- delivery-fields:end -->/.exec(page)?.[1] ?? '';
const documented = [...table.matchAll(/^\| `(\w+)` *\|/gm)].map((match) => match[1]);

describe("docs/testing.md's table of a delivery attempt", () => {
  it('names every field of DeliveryAttempt, once each', () => {
    expect([...documented].sort()).toEqual(Object.keys(FIELDS).sort());
  });

  it('covers what the mock logs: a failed attempt, an answered one and a resend', async () => {
    let answers = 0;
    const server = createServer((_, res) => {
      answers++;
      res.statusCode = answers === 1 ? 500 : 200;
      res.end('{"received":true}');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const mock = createMockService({ webhookRetryDelaysMs: [1] });
      const user = await mock.issueUserToken();
      const msw = setupServer(...mock.handlers);
      msw.listen({ onUnhandledFrame: 'bypass' });
      try {
        await fetch(`${mock.baseUrl}/v1/user/webhooks`, {
          method: 'POST',
          headers: { authorization: `Bearer ${user}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
            events: ['transaction.created'],
          }),
        });
        await fetch(`${mock.baseUrl}/v1/integrations/create-transaction`, {
          method: 'POST',
          headers: { authorization: `Bearer ${mock.secretKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ amount: 10 }),
        });
        await mock.settle();
        const [failed] = mock.state.deliveries;
        await mock.deliveries.resend(failed?.deliveryId ?? '');
      } finally {
        msw.close();
      }
      const attempts = mock.state.deliveries;
      expect(attempts.map((a) => [a.attempt, a.ok, a.resent ?? false])).toEqual([
        [1, false, false],
        [2, true, false],
        [3, true, true],
      ]);
      const logged = new Set(attempts.flatMap((attempt) => Object.keys(attempt)));
      expect([...logged].filter((field) => !documented.includes(field))).toEqual([]);
      // Every field the page lists shows up in one of these three attempts.
      expect([...logged].sort()).toEqual([...documented].sort());
    } finally {
      server.close();
    }
  });
});
