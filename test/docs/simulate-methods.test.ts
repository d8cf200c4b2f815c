/**
 * docs/testing.md's table of scenario control (between its `simulate-methods` markers) is written
 * by hand and checked here: it has one row for each method of `mock.simulate`, and each row says
 * what the method does. Each method is driven on a mock, from the status its row starts at: its
 * answer has the status the row ends at, and the webhook events it makes are those the row names,
 * in order.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockService, type MockSimulate } from '../../src/mock/index.js';
import { WEBHOOK_EVENT_NAMES } from '../../src/schemas/event-names.js';

const page = readFileSync(fileURLToPath(new URL('../../docs/testing.md', import.meta.url)), 'utf8');
const table =
  /<!-- simulate-methods:start -->\n([\s\S]*?)<!-- simulate-methods:end -->/.exec(page)?.[1] ?? '';

type Kind = 'charge' | 'payout';
interface Row {
  method: string;
  kind: Kind;
  /** The statuses the row's move names, first to last. */
  statuses: string[];
  events: string[];
}

/** `| \`simulate.payCharge(transactionId)\` | charge PENDING → COMPLETED (…) | \`transaction.completed\` |`. */
const rows: Row[] = [...table.matchAll(/^\| `simulate\.(\w+)\(.*?\)` *\|(.*?)\|(.*?)\|$/gm)].map(
  ([line, method, move, events]) => {
    const found = /^\s*(charge|payout) ([A-Z]+(?: → [A-Z]+)+)/.exec(move as string);
    if (found === null) throw new Error(`docs/testing.md: a move reads "charge|payout FROM → TO": ${line}`);
    return {
      method: method as string,
      kind: found[1] as Kind,
      statuses: (found[2] as string).split(' → '),
      events: [...(events as string).matchAll(/`([\w.]+)`/g)].map((match) => match[1] as string),
    };
  },
);

describe("docs/testing.md's table of scenario control", () => {
  // Payouts wait for approval, so that every status a payout can start a move from is at hand.
  const mock = createMockService({ merchants: [{ manualApproval: true }], webhookRetryDelaysMs: [1] });
  const msw = setupServer(...mock.handlers);
  const receiver = createServer((_, res) => res.end('{"received":true}'));
  const api = async (path: string, body: unknown, credential = mock.secretKey) => {
    const answer = await fetch(`${mock.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${credential}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(answer.status, path).toBe(201);
    return (await answer.json()) as { transactionId: string };
  };

  beforeAll(async () => {
    msw.listen({ onUnhandledFrame: 'bypass' });
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    await api('/v1/user/webhooks', { url, events: WEBHOOK_EVENT_NAMES }, await mock.issueUserToken());
  });
  afterAll(() => {
    msw.close();
    receiver.close();
  });

  /** A new record of each kind, and how to bring it to each status a move starts from. */
  const create: Record<Kind, () => Promise<string>> = {
    charge: async () => (await api('/v1/integrations/create-transaction', { amount: 10 })).transactionId,
    payout: async () =>
      (await api('/v1/integrations/create-cashout', { amount: 30, pixKey: '52998224725', pixKeyType: 'CPF' }))
        .transactionId,
  };
  const bring: Record<Kind, Record<string, (id: string) => unknown>> = {
    charge: { PENDING: () => {}, COMPLETED: (id) => mock.simulate.payCharge(id) },
    payout: {
      PENDING: () => {},
      PROCESSING: (id) => mock.simulate.processPayout(id),
      COMPLETED: (id) => mock.simulate.approvePayout(id),
    },
  };

  it('has a row for each method of mock.simulate, once each', () => {
    expect(rows.map((row) => row.method).sort()).toEqual(Object.keys(mock.simulate).sort());
  });

  it.each(rows.map((row) => [row.method, row] as const))(
    '%s makes the move and sends the events its row says',
    async (method, { kind, statuses, events }) => {
      expect(Object.keys(mock.simulate), 'a method of mock.simulate').toContain(method);
      const id = await create[kind]();
      const from = statuses[0] as string;
      const to = bring[kind][from];
      if (to === undefined)
        throw new Error(`this test cannot bring a ${kind} to ${from}: add it to \`bring\``);
      to(id);
      const status = () => mock.state.records().find((record) => record.transactionId === id)?.status;
      expect(status(), `the ${kind} before ${method}`).toBe(from);
      await mock.settle();
      const before = mock.state.deliveries.length;
      const answer = mock.simulate[method as keyof MockSimulate](id);
      expect(answer.status).toBe(statuses.at(-1));
      await mock.settle();
      expect(mock.state.deliveries.slice(before).map((attempt) => attempt.event)).toEqual(events);
    },
  );
});
