/**
 * The caller's abort is final: an aborted signal sends nothing; an abort ends an attempt at once,
 * even when a custom fetch ignores its signal (its late answer is dropped, never the call's), and
 * ends the wait before a retry at once. On Node 20 too: test/package/abort.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APIUserAbortError, PaymentsClient } from '../../src/index.js';
import { BASE_URL, json, payoutParams, payoutRecord, SECRET_KEY } from './scripted-fetch.js';

const balance = { available: 1, pending: 0, currency: 'BRL', updatedAt: '2026-11-21T10:00:00Z' };

/** A fetch that never looks at its signal: it answers `answer` after `ms`, or never. */
function deafFetch(answer?: () => Response, ms?: number) {
  const calls: Request[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(new Request(input, init));
    return new Promise<Response>((resolve) => {
      if (answer !== undefined && ms !== undefined) setTimeout(() => resolve(answer()), ms);
    });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls, spy: fetch };
}

const clientOver = (fetch: typeof globalThis.fetch, options = {}) =>
  new PaymentsClient({ secretKey: SECRET_KEY, baseUrl: BASE_URL, fetch, logLevel: 'off', ...options });

/** How long after `abort()` the call settled, in ms, and how. */
async function abortAfter(call: (signal: AbortSignal) => Promise<unknown>, ms: number) {
  const controller = new AbortController();
  const outcome = call(controller.signal).then(
    (value) => ({ value, at: performance.now() }),
    (error: unknown) => ({ error, at: performance.now() }),
  );
  await new Promise((resolve) => setTimeout(resolve, ms));
  const abortedAt = performance.now();
  controller.abort();
  const settled = await outcome;
  return { ...settled, after: settled.at - abortedAt };
}

describe("the caller's abort", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('sends nothing when the signal is already aborted', async () => {
    const { fetch, spy } = deafFetch(() => json(200, balance), 0);
    const client = clientOver(fetch);
    const signal = AbortSignal.abort();
    await expect(client.balance.retrieve({ signal })).rejects.toBeInstanceOf(APIUserAbortError);
    await expect(client.cashouts.create(payoutParams, { signal })).rejects.toBeInstanceOf(APIUserAbortError);
    await expect(client.cashouts.create(payoutParams, { signal })).rejects.toMatchObject({
      idempotencyKey: expect.any(String),
    });
    expect(spy).not.toHaveBeenCalled();
  });

  it('ends an attempt within 50 ms even when the custom fetch ignores its signal', async () => {
    const { fetch, calls } = deafFetch();
    const client = clientOver(fetch, { timeout: 5_000, maxRetries: 3 });
    const { error, after } = (await abortAfter(
      (signal) => client.cashouts.create(payoutParams, { signal }),
      300,
    )) as { error: unknown; after: number };
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(after).toBeLessThan(50);
    // Never retried.
    expect(calls).toHaveLength(1);
  });

  it("drops a deaf fetch's late answer: never read as the call's", async () => {
    let cancelled = false;
    const late = () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(JSON.stringify(payoutRecord)));
          },
          cancel() {
            cancelled = true;
          },
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    const { fetch } = deafFetch(late, 150);
    const client = clientOver(fetch, { timeout: 5_000 });
    const { error } = (await abortAfter((signal) => client.cashouts.retrieve(7, { signal }), 50)) as {
      error: unknown;
    };
    expect(error).toBeInstanceOf(APIUserAbortError);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(cancelled).toBe(true);
  });

  it('ends the wait before a retry at once', async () => {
    const steps = [json(503, { code: 'INTERNAL_ERROR' }, { 'retry-after': '30' }), json(200, balance)];
    const fetch = vi.fn(async () => steps.shift() as Response);
    const client = clientOver(fetch as unknown as typeof globalThis.fetch, { maxRetries: 2 });
    const { error, after } = (await abortAfter((signal) => client.balance.retrieve({ signal }), 100)) as {
      error: unknown;
      after: number;
    };
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(after).toBeLessThan(50);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("ends a deaf fetch's attempt at its timeout, and retries it", async () => {
    const { fetch, calls } = deafFetch();
    const client = clientOver(fetch, { timeout: 100, maxRetries: 1 });
    vi.spyOn(Math, 'random').mockReturnValue(1);
    const started = performance.now();
    await expect(client.balance.retrieve()).rejects.toMatchObject({ name: 'APITimeoutError' });
    // Two attempts of 100 ms and the 375 ms wait between them.
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(calls).toHaveLength(2);
  });
});
