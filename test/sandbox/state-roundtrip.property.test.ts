/**
 * Any sequence of changes, kept in the database, then loaded by a new server, gives back the state
 * the first server held in memory: records, balances, idempotency replays, subscriptions, counters.
 */

import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MockServer } from '../../src/mock-entry.js';
import { CPF, caller } from '../mock/harness.js';
import { useKeptState } from './state-helpers.js';

const { newDir, start, stop } = useKeptState();

type Step =
  | { kind: 'charge'; cents: number }
  | { kind: 'payout'; cents: number; key: boolean }
  | { kind: 'move'; target: number; scenario: 'pay' | 'expire' | 'fail' | 'reverse' | 'chargeback' }
  | { kind: 'subscribe'; events: string[] }
  | { kind: 'unsubscribe'; target: number }
  | { kind: 'clock'; ms: number }
  | { kind: 'reset' };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('charge' as const),
      cents: fc.integer({ min: 1, max: 500_000 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('payout' as const),
      cents: fc.integer({ min: 100, max: 200_000 }),
      key: fc.boolean(),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('move' as const),
      target: fc.nat(20),
      scenario: fc.constantFrom('pay', 'expire', 'fail', 'reverse', 'chargeback'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('subscribe' as const),
      events: fc.subarray(['transaction.completed', 'transaction.failed', 'cashout.completed'], {
        minLength: 1,
      }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('unsubscribe' as const), target: fc.nat(5) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('clock' as const), ms: fc.integer({ min: 0, max: 7_200_000 }) }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'reset' as const }) },
);

/** Runs the steps; answers the idempotent payout requests made, to replay after the restart. */
async function run(server: MockServer, steps: Step[]) {
  const api = caller(server.url, server.service.secretKey);
  const hooks = caller(server.url, await server.service.issueUserToken());
  const control = caller(server.url);
  const replays: { body: unknown; answer: unknown }[] = [];
  for (const s of steps) {
    const ids = server.service.state.records().map((r) => r.transactionId);
    const subscriptions = server.service.state.subscriptions();
    switch (s.kind) {
      case 'charge':
        await api('POST', '/v1/integrations/create-transaction', { amount: s.cents / 100 });
        break;
      case 'payout': {
        const body = {
          amount: s.cents / 100,
          pixKey: CPF,
          pixKeyType: 'CPF',
          ...(s.key && { idempotencyKey: crypto.randomUUID() }),
        };
        const answer = await api('POST', '/v1/integrations/create-cashout', body);
        if (s.key && answer.status === 201) replays.push({ body, answer: answer.body });
        break;
      }
      case 'move': {
        const id = ids[s.target % Math.max(ids.length, 1)];
        if (id !== undefined) await control('POST', `/__mock/charges/${id}/${s.scenario}`);
        break;
      }
      case 'subscribe':
        await hooks('POST', '/v1/user/webhooks', { url: 'https://merchant.example/hook', events: s.events });
        break;
      case 'unsubscribe': {
        const target = subscriptions[s.target % Math.max(subscriptions.length, 1)];
        if (target !== undefined) await hooks('DELETE', `/v1/user/webhooks/${target.id}`);
        break;
      }
      case 'clock':
        await control('POST', '/__mock/clock', { advanceMs: s.ms });
        break;
      case 'reset':
        await control('POST', '/__mock/reset');
        replays.length = 0;
        break;
    }
  }
  return replays;
}

const snapshot = (server: MockServer) => ({
  records: server.service.state.records(),
  balance: server.service.state.balance(),
  subscriptions: server.service.state.subscriptions(),
  deliveries: server.service.state.deliveries,
});

describe('the kept state, property', () => {
  it('loads back exactly what the server held in memory, after any sequence of changes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 14 }), async (steps) => {
        const path = join(await newDir(), 'state.sqlite');
        const first = await start({ state: path });
        const keyed = await run(first, steps);
        const before = snapshot(first);
        // What each idempotency key replays now (its record as it stands).
        const replays = [];
        for (const { body } of keyed) {
          const answer = await caller(first.url, first.service.secretKey)(
            'POST',
            '/v1/integrations/create-cashout',
            body,
          );
          replays.push({ body, answer: answer.body });
        }
        await stop(first);
        const second = await start({ state: path });
        expect(snapshot(second)).toEqual(before);
        // Idempotency claims came back too: each key replays its first answer.
        const api = caller(second.url, second.service.secretKey);
        for (const { body, answer } of replays) {
          const again = await api('POST', '/v1/integrations/create-cashout', body);
          expect([again.status, again.body]).toEqual([200, answer]);
        }
        // Ids go on where they stopped.
        const next = await api('POST', '/v1/integrations/create-transaction', { amount: 1 });
        expect(next.body.id).toBe(before.records.reduce((max, r) => Math.max(max, r.id as number), 0) + 1);
        await stop(second);
      }),
      { numRuns: 15 },
    );
  });
});
