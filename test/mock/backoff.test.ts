/** Webhook retries: waits between attempts that stop at once on abort and leave nothing behind. */
import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { retryWithBackoff, sleep } from '../../src/mock/domain/backoff.js';

describe('retryWithBackoff', () => {
  it('leaves no abort listener on the shared signal after 20 failed deliveries', async () => {
    const generation = new AbortController();
    const failing = async () => {
      // As the dispatcher does: every attempt's own signal depends on the shared one.
      AbortSignal.any([generation.signal, AbortSignal.timeout(10_000)]);
      return false;
    };
    for (let delivery = 0; delivery < 20; delivery++) {
      expect(await retryWithBackoff(failing, [1, 1, 1, 1, 1], generation.signal)).toBe(false);
    }
    expect(getEventListeners(generation.signal, 'abort')).toHaveLength(0);
  });

  it('makes 1 + one attempt per delay, and stops at the first success', async () => {
    const attempts: number[] = [];
    const signal = new AbortController().signal;
    const failing = async (n: number) => {
      attempts.push(n);
      return false;
    };
    await retryWithBackoff(failing, [1, 1, 1], signal);
    expect(attempts).toEqual([1, 2, 3, 4]);
    expect(await retryWithBackoff(async (n) => n === 2, [1, 1, 1], signal)).toBe(true);
  });

  it('stops waiting and retrying as soon as the signal aborts', async () => {
    const generation = new AbortController();
    let attempts = 0;
    const started = performance.now();
    const run = retryWithBackoff(async () => ++attempts > 99, [60_000], generation.signal);
    setTimeout(() => generation.abort(), 10);
    expect(await run).toBe(false);
    expect(attempts).toBe(1);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(getEventListeners(generation.signal, 'abort')).toHaveLength(0);
  });
});

describe('sleep', () => {
  it('resolves at once on an aborted signal without listening to it', async () => {
    const controller = new AbortController();
    controller.abort();
    await sleep(60_000, controller.signal);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});
