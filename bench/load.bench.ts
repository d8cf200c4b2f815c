/**
 * The reference mock under load, over real HTTP (`startMockServer`, plain `fetch`):
 * - 1,000 concurrent creates, charges and payouts in turn, each payout with its own idempotency key;
 * - 200 concurrent create-cashout requests sharing ONE idempotency key: one payout, 199 replays.
 * Then every record is listed and the balance is checked against them in integer cents.
 * Run: node --expose-gc --import tsx bench/load.bench.ts
 */
import { randomUUID } from 'node:crypto';
import { startMockServer } from '../src/mock-entry.js';
import { type Answer, type Burst, burst, burstRow, caller, cents } from './load-http.js';
import { ledgerOf, listRecords, payoutsPerKey } from './load-records.js';

const CREATES = 1_000;
const SAME_KEY = 200;
/** 1,000,000.00 BRL: room for every payout (at most 500 × 999.99 + 100.00). */
const INITIAL_CENTS = 100_000_000;

// Spread but reproducible amounts: charges 1.00..5,000.99, payouts 10.00..999.99 (above the fee).
const chargeAmount = (i: number) => (((i * 7_919) % 500_000) + 100) / 100;
const payoutAmount = (i: number) => (((i * 104_729) % 99_000) + 1_000) / 100;
const payout = (amount: number, pixKey: string, idempotencyKey: string) => ({
  amount,
  pixKey,
  pixKeyType: 'EMAIL',
  idempotencyKey,
});

/**
 * heapUsed after forced GCs (`--expose-gc`), or undefined without it. Some garbage is freed only
 * once timers and finalizers have run (an earlier section left 70 MB to one immediate GC), so it
 * waits between rounds.
 */
async function settledHeapUsed(): Promise<number | undefined> {
  const { gc } = globalThis;
  if (gc === undefined) return undefined;
  for (let round = 0; round < 3; round++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    gc();
  }
  return process.memoryUsage().heapUsed;
}

/** Answers whose status is not one of `expected` (a failed connection is status 0). */
const errorsIn = (answers: Answer[], expected: number[]) =>
  answers.filter((answer) => !expected.includes(answer.status)).length;
const brl = (amountCents: number) =>
  (amountCents / 100).toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** ✓ or ✗; a ✗ also makes the run exit non-zero. */
const mark = (ok: boolean) => {
  if (!ok) process.exitCode = 1;
  return ok ? '✓' : '✗';
};

export async function benchLoad(): Promise<string> {
  const server = await startMockServer({
    deliverWebhooks: false,
    merchants: [{ initialBalanceCents: INITIAL_CENTS }],
  });
  const call = caller(server.url, server.service.secretKey);
  try {
    // Opens the connections the creates then reuse, so that the heap figure is the records'.
    const warmUp = await burst(
      Array.from({ length: CREATES }, () => () => call('GET', '/v1/integrations/balance')),
    );
    const heapBefore = await settledHeapUsed();
    const payoutKeys: string[] = [];
    const creates = await burst(
      Array.from({ length: CREATES }, (_, i) => {
        if (i % 2 === 0) {
          return () => call('POST', '/v1/integrations/create-transaction', { amount: chargeAmount(i) });
        }
        const body = payout(payoutAmount(i), `payee${i}@example.com`, randomUUID());
        payoutKeys.push(body.idempotencyKey);
        return () => call('POST', '/v1/integrations/create-cashout', body);
      }),
    );
    const chargeIds: string[] = creates.answers
      .filter((answer, i) => i % 2 === 0 && answer.status === 201)
      .map((answer) => answer.body.transactionId);
    // Only the records should remain of the creates.
    for (const answer of creates.answers) answer.body = null;
    const heapAfter = await settledHeapUsed();

    const pays = await burst(
      chargeIds.filter((_, i) => i % 2 === 0).map((id) => () => call('POST', `/__mock/charges/${id}/pay`)),
    );
    const shared = payout(100, 'same-key@example.com', randomUUID());
    payoutKeys.push(shared.idempotencyKey);
    const sameKey = await burst(
      Array.from({ length: SAME_KEY }, () => () => call('POST', '/v1/integrations/create-cashout', shared)),
    );
    const { records, reads } = await listRecords(call);
    const balance = await call('GET', '/v1/integrations/balance');

    const bursts: [string, Burst, number[]][] = [
      ['warm-up: GET balance (opens the connections)', warmUp, [200]],
      [`mixed creates: ${CREATES / 2} charges + ${CREATES / 2} payouts`, creates, [201]],
      ['pay every other charge (`/__mock`)', pays, [200]],
      ['create-cashout, one shared idempotency key', sameKey, [201, 200]],
    ];
    const errors =
      bursts.reduce((sum, [, { answers }, expected]) => sum + errorsIn(answers, expected), 0) +
      errorsIn([...reads, balance], [200]);

    const ledger = ledgerOf(records, INITIAL_CENTS);
    const actual = { available: cents(balance.body?.available), pending: cents(balance.body?.pending) };
    const perKey = payoutsPerKey(records);
    const payouts = [...perKey.values()].reduce((sum, n) => sum + n, 0);
    const made = sameKey.answers.filter((answer) => answer.status === 201).length;
    const replays = sameKey.answers.filter((answer) => answer.status === 200).length;
    const sameIds = new Set(sameKey.answers.map((answer) => answer.body?.transactionId)).size;
    const onePerKey =
      payouts === payoutKeys.length &&
      payoutKeys.every((key) => perKey.get(key) === 1) &&
      made === 1 &&
      sameIds === 1;
    const heapPerRecord =
      heapBefore === undefined || heapAfter === undefined
        ? 'n/a (run Node with `--expose-gc`)'
        : `**${((heapAfter - heapBefore) / CREATES / 1024).toFixed(1)} KiB**`;

    return [
      '| burst (all requests at once) | requests | errors | throughput (req/s) | p50 (ms) | p99 (ms) |',
      '|---|---:|---:|---:|---:|---:|',
      ...bursts.map(([label, figures, expected]) =>
        burstRow(label, figures, errorsIn(figures.answers, expected)),
      ),
      '',
      `- Errors: **${errors}** ${mark(errors === 0)} (an error is a failed connection or any status but 201 for a ` +
        'create, 200 for a pay or a read, 201 or 200 (a replay) for the shared key).',
      `- Ledger equal to the records: balance available ${brl(actual.available)}, pending ${brl(actual.pending)}; ` +
        `records: initial ${brl(INITIAL_CENTS)} + completed charges ${brl(ledger.charged)} − payouts ` +
        `${brl(ledger.paidOut)} + returned ${brl(ledger.returned)} = ${brl(ledger.available)}, pending ` +
        `${brl(ledger.pending)}, in integer cents over ${records.length.toLocaleString('en')} listed records ` +
        `${mark(actual.available === ledger.available && actual.pending === ledger.pending)}`,
      `- One payout per idempotency key: ${payoutKeys.length} keys sent, ${payouts} payouts listed, ` +
        `${[...perKey.values()].filter((n) => n > 1).length} keys with more than one; the shared key: ` +
        `${made} × 201, ${replays} × 200, ${sameIds} transactionId ${mark(onePerKey)}`,
      `- Heap per record: ${heapPerRecord} (heapUsed after forced GCs, before and after the ` +
        `${CREATES.toLocaleString('en')} creates; client and server in one process, connections already open).`,
      '- Throughput is requests over the wall time of a burst; latency is each request from send to its body read.',
    ].join('\n');
  } finally {
    await server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await benchLoad());
}
