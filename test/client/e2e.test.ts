/**
 * The client end to end against the reference mock (msw in-process), the varied mock, and the mock
 * answering in a recording's shapes as `pix-payments-mock --answers-from FILE` does.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ConflictError,
  PaymentsClient,
  parseBrCode,
  toCents,
  UnprocessableEntityError,
} from '../../src/index.js';
import { createMockService } from '../../src/mock/index.js';
import { type AnswerShapes, reshapeAnswer } from '../../src/sandbox/parity/reshape.js';
import { laravelRecording } from '../sandbox/parity-servers.js';

/**
 * The mock's API answers written in `shapes` by the code of `--answers-from`'s server
 * (src/sandbox/parity/answers-from-server.ts); everything else goes to the mock as it is.
 */
function answersFrom(mock: ReturnType<typeof createMockService>, shapes: () => AnswerShapes) {
  return http.all(`${mock.baseUrl}/v1/*`, async ({ request }) => {
    const answer = await getResponse(mock.handlers, request);
    // What has no body to reshape (a 204, a fault's network error, an error answer) goes as it is.
    if (answer === undefined || answer.status < 200 || answer.status >= 300 || answer.status === 204)
      return answer;
    const text = reshapeAnswer(
      shapes(),
      request.method,
      new URL(request.url),
      answer.status,
      await answer.text(),
    );
    const headers = new Headers(answer.headers);
    headers.delete('content-length');
    return new Response(text, { status: answer.status, statusText: answer.statusText, headers });
  });
}

describe.each([
  ['reference', 'strict'],
  ['varied', 'lenient'],
  ['answers-from', 'lenient'],
] as const)('against the %s mock (%s)', (mode, responseValidation) => {
  const answers = mode === 'answers-from' ? 'reference' : mode;
  const mock = createMockService({ deliverWebhooks: true, answers, seed: 7 });
  let shapes: AnswerShapes = new Map();
  const server = setupServer(
    ...(mode === 'answers-from' ? [answersFrom(mock, () => shapes)] : []),
    ...mock.handlers,
  );
  beforeAll(async () => {
    if (mode === 'answers-from') {
      // A recording of a Laravel-style service (paginators, `{ data }`, money as strings).
      const folder = mkdtempSync(join(tmpdir(), 'e2e-answers-from-'));
      try {
        shapes = await laravelRecording(join(folder, `${randomUUID()}.json`));
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
      expect(shapes.size).toBeGreaterThan(5);
    }
    server.listen({ onUnhandledFrame: 'error' });
    if (mode === 'answers-from') {
      // The answers are the recording's shapes indeed: the balance under `data`, money as strings.
      const balance = await fetch(`${mock.baseUrl}/v1/integrations/balance`, {
        headers: { authorization: `Bearer ${mock.secretKey}` },
      });
      expect(await balance.json()).toMatchObject({ data: { available: '10000.00' } });
    }
  }, 30_000);
  afterEach(() => mock.reset());
  afterAll(() => server.close());

  const client = new PaymentsClient({
    secretKey: mock.secretKey,
    baseUrl: mock.baseUrl,
    userToken: () => mock.issueUserToken(),
    // Strict against the reference (the mock and the schemas never drift apart); lenient against
    // the shapes a real service may send.
    responseValidation,
    logLevel: 'off',
  });

  describe('the recommended call order of the interface document', () => {
    it('balance, create-transaction, list-transactions by id, create-cashout, cashout/{id}; then paying the charge', async () => {
      const balance = await client.balance.retrieve();
      expect(balance).toMatchObject({ available: 10_000, pending: 0, currency: 'BRL' });

      const charge = await client.transactions.create({
        amount: 250.5,
        description: 'Pedido 42',
        trackingParameters: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'bf' },
      });
      expect(charge.status).toBe('PENDING');
      expect(parseBrCode(charge.pixCode).amountCents).toBe(25_050);

      const found = await client.transactions.retrieve(charge.transactionId);
      expect(found).toMatchObject({
        transactionId: charge.transactionId,
        status: 'PENDING',
        trackingParameters: { utm_source: 'google' },
      });

      const payout = await client.cashouts.create({
        amount: 100,
        pixKey: '+5511998765432',
        pixKeyType: 'PHONE',
      });
      expect(payout).toMatchObject({
        status: 'PENDING',
        feeAmount: 5,
        finalAmount: 95,
        _info: expect.any(String),
      });

      const readBack = await client.cashouts.retrieve(payout.transactionId as string);
      expect(readBack.status).toBe('COMPLETED');
      // The same record by its legacy id (the varied mock may write it in another form).
      const { transactionId, status, amount, feeAmount, finalAmount } = readBack;
      expect(await client.cashouts.retrieve(payout.id as number)).toMatchObject({
        transactionId,
        status,
        amount,
        feeAmount,
        finalAmount,
      });

      mock.simulate.payCharge(charge.transactionId);
      expect((await client.transactions.retrieve(charge.transactionId)).status).toBe('COMPLETED');
      const after = await client.balance.retrieve();
      expect(toCents(after.available ?? Number.NaN)).toBe(1_000_000 + 25_050 - 10_000);
    });

    it('a retried create with the same idempotency key returns the same payout', async () => {
      const idempotencyKey = crypto.randomUUID();
      const first = await client.cashouts.create({
        amount: 50,
        pixKey: 'ana@example.com',
        pixKeyType: 'EMAIL',
        idempotencyKey,
      });
      const again = await client.cashouts
        .create({ amount: 50, pixKey: 'ANA@example.com', pixKeyType: 'EMAIL', idempotencyKey })
        .withResponse();
      expect(again.status).toBe(200);
      expect(again.data.transactionId).toBe(first.transactionId);
      await expect(
        client.cashouts.create({
          amount: 60,
          pixKey: 'ana@example.com',
          pixKeyType: 'EMAIL',
          idempotencyKey,
        }),
      ).rejects.toBeInstanceOf(ConflictError);
    });

    it('surfaces business rules as typed errors', async () => {
      const error = await client.cashouts
        .create({ amount: 20_000, pixKey: 'ana@example.com', pixKeyType: 'EMAIL' })
        .catch((e) => e);
      expect(error).toBeInstanceOf(UnprocessableEntityError);
      expect(error.code).toBe('INSUFFICIENT_BALANCE');
      expect(error.message).toMatch(/^422 INSUFFICIENT_BALANCE: .* \(request req_[A-Za-z0-9]+\)$/);
    });
  });

  describe('pagination', () => {
    it('walks every page with for await, and by hand', async () => {
      for (let i = 1; i <= 23; i++) await client.transactions.create({ amount: i });
      const seen: number[] = [];
      for await (const tx of client.transactions.list({ perPage: 5 })) seen.push(tx.amount);
      expect(seen).toEqual(Array.from({ length: 23 }, (_, i) => 23 - i));

      const first = await client.transactions.list({ perPage: 10, type: 'CASHIN' });
      expect(first.data).toHaveLength(10);
      expect(first.meta).toMatchObject({ total: 23, last_page: 3 });
      expect(first.hasNextPage()).toBe(true);
      const third = await (await first.getNextPage()).getNextPage();
      expect(third.data.map((t) => t.amount)).toEqual([3, 2, 1]);
      expect(third.hasNextPage()).toBe(false);
      await expect(third.getNextPage()).rejects.toThrow(/no next page/);
    });

    it('lists payouts', async () => {
      for (const amount of [10, 20, 30])
        await client.cashouts.create({ amount, pixKey: 'ana@example.com', pixKeyType: 'EMAIL' });
      const amounts: number[] = [];
      for await (const payout of client.cashouts.list({ perPage: 2 })) amounts.push(payout.amount);
      expect(amounts).toEqual([30, 20, 10]);
    });
  });

  describe('webhook management with a minted user token', () => {
    it('runs all seven calls', async () => {
      const events = await client.webhooks.listEvents();
      expect(events.data.map((e) => e.name)).toContain('cashout.completed');
      const created = await client.webhooks.create({
        url: 'http://127.0.0.1:9/hook',
        events: ['transaction.completed'],
        description: 'e2e',
      });
      expect(created.secret).toMatch(/^whsec_/);
      expect((await client.webhooks.list()).data.map((w) => w.id)).toEqual([created.id]);
      expect((await client.webhooks.retrieve(created.id)).description).toBe('e2e');
      expect((await client.webhooks.update(created.id, { events: ['cashout.failed'] })).events).toEqual([
        'cashout.failed',
      ]);
      expect((await client.webhooks.revalidate(created.id)).status).toBe('FAILING');
      await expect(client.webhooks.delete(created.id)).resolves.toBeUndefined();
      expect((await client.webhooks.list()).data).toEqual([]);
    });
  });

  describe('faults', () => {
    it('a create-cashout that fails twice and succeeds when retried creates exactly one payout', async () => {
      mock.faults.inject({ route: 'create-cashout', kind: 'status', status: 503, times: 2 });
      const result = await client.cashouts
        .create({ amount: 40, pixKey: 'ana@example.com', pixKeyType: 'EMAIL' })
        .withResponse();
      expect(result.status).toBe(201);
      expect(mock.state.records().filter((r) => r.type === 'CASHOUT')).toHaveLength(1);
    });

    it('a lost answer after the payout was made: calling again with error.idempotencyKey returns the same payout', async () => {
      mock.faults.inject({ route: 'create-cashout', kind: 'drop', after: true, times: 3 });
      const error = await client.cashouts
        .create({ amount: 40, pixKey: 'ana@example.com', pixKeyType: 'EMAIL' })
        .catch((e) => e);
      expect(error.name).toBe('APIConnectionError');
      const again = await client.cashouts.create({
        amount: 40,
        pixKey: 'ana@example.com',
        pixKeyType: 'EMAIL',
        idempotencyKey: error.idempotencyKey,
      });
      expect(
        mock.state
          .records()
          .filter((r) => r.type === 'CASHOUT')
          .map((r) => r.transactionId),
      ).toEqual([again.transactionId]);
      expect(mock.state.balance().availableCents).toBe(1_000_000 - 4_000);
    });

    it('a malformed 2xx body is a lost answer: retried, then read', async () => {
      mock.faults.inject({ route: 'balance', kind: 'malformed' });
      await expect(client.balance.retrieve()).resolves.toMatchObject({ currency: 'BRL' });
    });

    it('a malformed body on every attempt ends as a connection error', async () => {
      mock.faults.inject({ route: 'balance', kind: 'malformed', times: 3 });
      await expect(client.balance.retrieve()).rejects.toThrow(/empty, cut off or not JSON/);
    });
  });
});
