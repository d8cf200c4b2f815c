/** `waitFor`: polling with backoff, Retry-After, timeout with the last record, abort, and a hub. */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { APIUserAbortError, WaitTimeoutError, WebhookHub } from '../../src/index.js';
import { clientWith, json, payoutRecord } from '../client/scripted-fetch.js';

const silent = { debug() {}, info() {}, warn() {}, error() {} };
const record = (status: string, headers: Record<string, string> = {}) =>
  json(200, { ...payoutRecord, status }, headers);

afterEach(() => {
  vi.useRealTimers();
});

// One request before any fake clock: whatever a first request loads is loaded on the real one.
beforeAll(async () => {
  await clientWith([record('COMPLETED')], { logger: silent }).client.cashouts.retrieve(7);
});

describe('waitFor', () => {
  it('polls with growing waits from about 1 s until a final status', async () => {
    vi.useFakeTimers();
    const sentAt: number[] = [];
    const answer = (status: string) => () => {
      sentAt.push(Date.now());
      return record(status);
    };
    const { client } = clientWith(
      [answer('PENDING'), answer('PROCESSING'), answer('PENDING'), answer('COMPLETED')],
      { logger: silent },
    );
    const wait = client.cashouts.waitFor(7).catch((e) => e);
    for (let i = 0; i < 20; i++) await vi.advanceTimersByTimeAsync(500);
    expect(await wait).toMatchObject({ status: 'COMPLETED' });
    const gaps = sentAt.slice(1).map((at, i) => at - (sentAt[i] ?? 0));
    expect(gaps[0]).toBe(1000);
    expect(gaps[1]).toBe(1500);
    expect(gaps[2]).toBe(2250);
  });

  it('stops only on a status in `until` when given', async () => {
    vi.useFakeTimers();
    const { client } = clientWith([record('FAILED'), record('COMPLETED')], { logger: silent });
    const wait = client.cashouts.waitFor(7, { until: ['COMPLETED'] });
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(wait).resolves.toMatchObject({ status: 'COMPLETED' });
  });

  it('honours Retry-After on a poll', async () => {
    vi.useFakeTimers();
    const sentAt: number[] = [];
    const { client } = clientWith(
      [
        () => {
          sentAt.push(Date.now());
          return record('PENDING', { 'retry-after': '5' });
        },
        () => {
          sentAt.push(Date.now());
          return record('COMPLETED');
        },
      ],
      { logger: silent },
    );
    const wait = client.cashouts.waitFor(7);
    await vi.advanceTimersByTimeAsync(6_000);
    await wait;
    expect((sentAt[1] ?? 0) - (sentAt[0] ?? 0)).toBe(5000);
  });

  it('rejects with WaitTimeoutError carrying the last record seen', async () => {
    vi.useFakeTimers();
    const { client } = clientWith(
      Array.from({ length: 10 }, () => () => record('PENDING')),
      { logger: silent },
    );
    const wait = client.cashouts.waitFor(7, { timeout: 3_000 }).catch((e) => e);
    await vi.advanceTimersByTimeAsync(5_000);
    const error = await wait;
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(error.lastRecord).toMatchObject({ transactionId: payoutRecord.transactionId, status: 'PENDING' });
  });

  it('stops at once on abort', async () => {
    const controller = new AbortController();
    const { client } = clientWith(
      Array.from({ length: 5 }, () => () => record('PENDING')),
      { logger: silent },
    );
    const started = performance.now();
    const wait = client.cashouts.waitFor(7, { signal: controller.signal }).catch((e) => e);
    setTimeout(() => controller.abort(), 50);
    expect(await wait).toBeInstanceOf(APIUserAbortError);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('wakes at once when the hub hears of the record', async () => {
    const hub = new WebhookHub();
    const { client } = clientWith([record('PENDING'), record('COMPLETED')], { logger: silent });
    const started = performance.now();
    const wait = client.cashouts.waitFor(7, { hub });
    setTimeout(() => {
      hub.publish({
        event: 'cashout.completed',
        timestamp: '2026-11-21T10:00:00Z',
        data: { id: 7, referenceId: payoutRecord.externalId, status: 'COMPLETED', type: 'CASHOUT' },
      });
    }, 50);
    await expect(wait).resolves.toMatchObject({ status: 'COMPLETED' });
    expect(performance.now() - started).toBeLessThan(800);
  });

  it('refuses a bad timeout', async () => {
    const { client } = clientWith([], { logger: silent });
    await expect(client.cashouts.waitFor(7, { timeout: -1 })).rejects.toThrow(/timeout/);
  });
});
