/** `cashouts.createMany`: bounded concurrency, per-line results, and never a line paid twice. */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentsClient, UnprocessableEntityError, ValidationError } from '../../src/index.js';
import { type MockServer, startMockServer } from '../../src/mock-entry.js';
import { batchItems } from './batch-items.js';

let server: MockServer;
let client: PaymentsClient;
beforeAll(async () => {
  server = await startMockServer();
  client = new PaymentsClient({ secretKey: server.service.secretKey, baseUrl: server.url, logLevel: 'off' });
});
afterAll(() => server.close());

const payouts = () => server.service.state.records().filter((record) => record.type === 'CASHOUT');

async function collect<T>(lines: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const line of lines) all.push(line);
  return all;
}

describe('createMany', () => {
  it('yields every line; a failing line never stops the others', async () => {
    server.service.reset();
    const items = [
      ...batchItems(5),
      { amount: 1, pixKey: 'x@example.com', pixKeyType: 'EMAIL' as const },
      { amount: 50_000_000, pixKey: 'big@example.com', pixKeyType: 'EMAIL' as const },
    ];
    const lines = await collect(client.cashouts.createMany(items, { batchId: 'b1' }));
    expect(lines.map((line) => line.index).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(lines.filter((line) => line.payout !== undefined)).toHaveLength(5);
    expect(lines.find((line) => line.index === 5)?.error).toBeInstanceOf(ValidationError);
    expect(lines.find((line) => line.index === 6)?.error).toBeInstanceOf(ValidationError);
    expect(payouts()).toHaveLength(5);
  });

  it('derives the same keys on every run, and a line keeps its own key', async () => {
    server.service.reset();
    const own = crypto.randomUUID();
    const items = [
      ...batchItems(3),
      { amount: 10, pixKey: 'own@example.com', pixKeyType: 'EMAIL' as const, idempotencyKey: own },
    ];
    const first = await collect(client.cashouts.createMany(items, { batchId: 'b2' }));
    const again = await collect(client.cashouts.createMany(items, { batchId: 'b2' }));
    const keys = (lines: typeof first) =>
      lines.sort((a, b) => a.index - b.index).map((line) => line.idempotencyKey);
    expect(keys(again)).toEqual(keys(first));
    expect(keys(first)[3]).toBe(own);
    expect(new Set(keys(first)).size).toBe(4);
    expect(keys(first)[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(payouts()).toHaveLength(4);
  });

  it('keeps at most `concurrency` payouts in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const slow = new PaymentsClient({
      secretKey: server.service.secretKey,
      baseUrl: server.url,
      logLevel: 'off',
      fetch: async (input, init) => {
        most = Math.max(most, ++inFlight);
        try {
          return await fetch(input, init);
        } finally {
          inFlight--;
        }
      },
    });
    await collect(slow.cashouts.createMany(batchItems(12), { batchId: 'b3', concurrency: 3 }));
    expect(most).toBe(3);
  });

  it('refuses a batch without batchId, and an insufficient balance is a line error', async () => {
    await expect(collect(client.cashouts.createMany(batchItems(1), { batchId: '' }))).rejects.toThrow(
      /batchId/,
    );
    server.service.reset();
    const lines = await collect(
      client.cashouts.createMany(
        [{ amount: 999_999, pixKey: 'a@example.com', pixKeyType: 'EMAIL' as const }],
        { batchId: 'b4' },
      ),
    );
    expect(lines[0]?.error).toBeInstanceOf(UnprocessableEntityError);
  });

  it('a process killed half-way through 200 lines, run again: every line has exactly one payout', async () => {
    server.service.reset();
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/helpers/batch-child.ts'], {
      env: { ...process.env, KEY: server.service.secretKey, URL: server.url },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (payouts().length >= 60) {
          clearInterval(check);
          child.kill('SIGKILL');
          resolve();
        }
      }, 5);
    });
    await new Promise((resolve) => child.once('exit', resolve));
    const before = payouts().length;
    expect(before).toBeGreaterThanOrEqual(60);
    expect(before).toBeLessThan(200);
    const lines = await collect(client.cashouts.createMany(batchItems(), { batchId: 'payroll-2026-11' }));
    expect(lines.every((line) => line.payout !== undefined)).toBe(true);
    const made = payouts();
    expect(made).toHaveLength(200);
    const byKey = new Map(made.map((record) => [record.externalId, record]));
    expect(byKey.size).toBe(200);
    for (const line of lines)
      expect(byKey.get(line.idempotencyKey)?.pixKey).toBe(`seller${line.index}@example.com`);
  }, 60_000);
});
