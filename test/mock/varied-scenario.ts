/**
 * One request sequence over every endpoint of the mock (successes, errors, webhook management,
 * scenario control, webhook deliveries), run against mocks of different `answers` modes so that
 * their answers can be compared one by one.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse } from 'msw';
import { afterAll, beforeAll, vi } from 'vitest';
import { createMockService, type MockServiceOptions } from '../../src/mock/index.js';
import type { AnswerKind } from '../../src/operations.js';
import { CPF } from './harness.js';

// biome-ignore lint/suspicious/noExplicitAny: the oracle reads JSON answers of every shape the varied mode writes.
export type Json = any;

/** What an answer is, which says how the oracle compares it with the reference. */
export type Kind = AnswerKind | 'control' | 'error' | 'empty';

export interface Reply {
  kind: Kind;
  label: string;
  status: number;
  body: Json;
}

export interface Run {
  replies: Reply[];
  /** Webhook deliveries as `event body`, sorted (two subscriptions receive them concurrently). */
  deliveries: string[];
}

const START = '2026-11-21T10:00:00Z';

// Identity must be comparable between two mocks: their UUIDs come from one counter, restarted per run.
let uuids = 0;
const nextUuid = () => `00000000-0000-4000-8000-${(++uuids).toString(16).padStart(12, '0')}` as const;

let receiver: Server;
let receiverUrl = '';

/**
 * Makes {@link scenario} usable in this test file: mock UUIDs from a counter (so identity is
 * comparable between two mocks) and a webhook receiver answering 204.
 */
export function useScenario() {
  beforeAll(async () => {
    vi.spyOn(crypto, 'randomUUID').mockImplementation(nextUuid);
    receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.statusCode = 204;
        res.end();
      });
    });
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await new Promise((done) => receiver.close(done));
  });
  return scenario;
}

/** The same requests against a mock with `options`: every endpoint, its errors, webhooks and control. */
async function scenario(options: MockServiceOptions): Promise<Run> {
  uuids = 0;
  const mock = createMockService({
    startAt: START,
    merchants: [{ manualApproval: true }],
    webhookRetryDelaysMs: [1],
    ...options,
  });
  const token = await mock.issueUserToken();
  const replies: Reply[] = [];
  const call = async (kind: Kind, method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (!path.startsWith('/__mock')) {
      headers.authorization = `Bearer ${path.startsWith('/v1/user') ? token : mock.secretKey}`;
    }
    const init: RequestInit = { method, headers };
    if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
    const response = await getResponse(mock.handlers, new Request(`${mock.baseUrl}${path}`, init));
    const text = (await response?.text()) ?? '';
    replies.push({
      kind,
      label: `${method} ${path}`,
      status: response?.status ?? 0,
      body: text === '' ? undefined : JSON.parse(text),
    });
  };
  const latest = () => mock.state.records().at(-1) as Json;
  const integrations = '/v1/integrations';
  const webhooks = '/v1/user/webhooks';

  await call('subscription', 'POST', webhooks, {
    url: receiverUrl,
    events: ['transaction.created', 'transaction.completed', 'cashout.created', 'cashout.completed'],
    description: 'all money events',
  });
  await call('subscription', 'POST', webhooks, { url: receiverUrl, events: ['transaction.chargeback'] });
  await call('balance', 'GET', `${integrations}/balance`);
  await call('create-transaction', 'POST', `${integrations}/create-transaction`, {
    amount: 19.9,
    description: 'Course',
    productName: 'TypeScript course',
    clientName: 'Ana',
    clientEmail: 'ana@example.com',
    tracking_parameters: { utm_source: 'ads', utm_campaign: 'november' },
    referenceId: '6f1c1a52-3d0e-4c55-9d7a-2b8a1f0c9e11',
  });
  const paid = latest();
  mock.clock.advance(1234);
  await call('create-transaction', 'POST', `${integrations}/create-transaction`, { amount: 5 });
  const chargedBack = latest();
  await call('record', 'GET', `${integrations}/list-transactions?transactionId=${paid.transactionId}`);
  await call('control', 'POST', `/__mock/charges/${paid.transactionId}/pay`);
  mock.clock.advance(1000);
  await call('control', 'POST', `/__mock/charges/${chargedBack.transactionId}/pay`);
  await call('control', 'POST', `/__mock/charges/${chargedBack.transactionId}/chargeback`);
  const payout = { amount: 10.5, pixKey: 'ana@example.com', pixKeyType: 'EMAIL' };
  const idempotencyKey = '0b9f3c2e-7a4d-4f1b-8c6e-5d2a9e8f7c10';
  await call('create-cashout', 'POST', `${integrations}/create-cashout`, { ...payout, idempotencyKey });
  const approved = latest();
  await call('create-cashout', 'POST', `${integrations}/create-cashout`, { ...payout, idempotencyKey });
  await call('control', 'POST', '/__mock/clock', { advanceMs: 2500 });
  await call('create-cashout', 'POST', `${integrations}/create-cashout`, {
    amount: 7,
    pixKey: CPF,
    pixKeyType: 'CPF',
  });
  const pending = latest();
  await call('record', 'GET', `${integrations}/cashout/${approved.transactionId}`);
  await call('record', 'GET', `${integrations}/cashout/${pending.id}`);
  await call('approve', 'POST', `${integrations}/approve-cashout`, {
    id: approved.id,
    transactionId: approved.transactionId,
  });
  await call('list', 'GET', `${integrations}/cashout?per_page=1&page=2`);
  await call('list', 'GET', `${integrations}/cashout`);
  await call('list', 'GET', `${integrations}/list-transactions?per_page=2&page=2`);
  await call('list', 'GET', `${integrations}/list-transactions`);
  await call('list', 'GET', `${integrations}/list-transactions?type=CASHOUT&page=9`);
  await call('balance', 'GET', `${integrations}/balance`);

  const subscription = mock.state.subscriptions()[0]?.id as string;
  await call('event-list', 'GET', `${webhooks}/events`);
  await call('subscription-list', 'GET', webhooks);
  await call('subscription', 'GET', `${webhooks}/${subscription}`);
  await call('subscription', 'PATCH', `${webhooks}/${subscription}`, { description: null });
  await call('subscription', 'POST', `${webhooks}/${subscription}/revalidate`);
  await call('empty', 'DELETE', `${webhooks}/${subscription}`);
  await call('subscription-list', 'GET', webhooks);

  await call('error', 'GET', `${integrations}/cashout/999`);
  await call('error', 'POST', `${integrations}/create-cashout`, { ...payout, amount: 3 });
  await call('error', 'POST', `${integrations}/create-transaction`, '{');
  await call('error', 'POST', `${integrations}/approve-cashout`, { id: approved.id });
  await call('error', 'PATCH', `${webhooks}/${subscription}`, { description: 'gone' });

  await mock.settle();
  const deliveries = mock.state.deliveries.map((delivery) => `${delivery.event} ${delivery.body}`).sort();
  return { replies, deliveries };
}
