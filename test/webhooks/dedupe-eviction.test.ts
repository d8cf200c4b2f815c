/**
 * The memory store says when it forgets. `maxEntries` bounds its handled records; past it the
 * oldest goes, and a retry of an event whose record went before its TTL runs `onEvent` again.
 * Each store says so once, at its first such eviction: through the `onError` of the receiver
 * given it (its own default store included), else `console.warn`. The message states
 * `maxEntries` and names the shared store.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createSignedWebhook,
  createWebhookHandler,
  MemoryDedupeStore,
  WebhookDedupeEvictionWarning,
  type WebhookHandlerOptions,
} from '../../src/webhooks/index.js';
import { reportingOptions, SECRET, transactionEvent } from './fixtures.js';

afterEach(() => {
  vi.restoreAllMocks();
});

/** The n-th distinct event, signed: its own timestamp, so its own key. */
function delivery(n: number) {
  const timestamp = new Date(Date.UTC(2026, 10, 21) + n * 1000).toISOString();
  return createSignedWebhook({ ...transactionEvent(), timestamp }, SECRET);
}

/** A Fetch receiver with `options`; `deliver(n)` sends it the n-th event and answers the status. */
function receiver(options: Partial<WebhookHandlerOptions>) {
  const { reports, options: all } = reportingOptions(options);
  const handle = createWebhookHandler(all);
  const deliver = async (n: number) => {
    const { body, headers } = await delivery(n);
    return (await handle(new Request('http://shop.test/pix', { method: 'POST', body, headers }))).status;
  };
  return { reports, deliver };
}

/** A memory store on a clock the test moves. */
function storeOnClock(maxEntries: number) {
  let now = 0;
  const store = new MemoryDedupeStore({ maxEntries, now: () => now });
  const wait = (ms: number) => {
    now += ms;
  };
  return { store, wait };
}

/** Records `keys` as handled in `store`, for `ttlSeconds`. */
function handle(store: MemoryDedupeStore, keys: string[], ttlSeconds = 86_400): void {
  for (const key of keys) {
    store.claim(key, `token-${key}`, 10);
    store.complete(key, `token-${key}`, ttlSeconds);
  }
}

describe('a MemoryDedupeStore that evicts a record still within its TTL', () => {
  it('in a receiver with the default store (maxEntries 10,000): told to its onError once, and the retry runs again', async () => {
    let handled = 0;
    const { reports, deliver } = receiver({ onEvent: () => void handled++ });
    for (let n = 0; n < 10_000; n++) await deliver(n);
    expect(reports).toEqual([]);
    await deliver(10_000); // the 10,001st handled event evicts the first record, a day early
    await deliver(10_001);
    expect(reports).toHaveLength(1);
    const [warning] = reports as WebhookDedupeEvictionWarning[];
    expect(warning).toBeInstanceOf(WebhookDedupeEvictionWarning);
    expect(warning).toMatchObject({ name: 'WebhookDedupeEvictionWarning', maxEntries: 10_000 });
    expect(warning?.eventKey).toMatch(/^transaction\.completed:.*:2026-11-21T00:00:00\.000Z$/);
    // What it warns of: the retry of the first event is handled a second time.
    expect([await deliver(0), handled]).toEqual([200, 10_003]);
  }, 60_000);

  it('states maxEntries, names the shared store and says once per store', async () => {
    const { store } = storeOnClock(2);
    const { reports, deliver } = receiver({ store });
    for (let n = 0; n < 3; n++) await deliver(n);
    const message = (reports[0] as Error).message;
    expect(message).toContain('maxEntries (2)');
    expect(message).toMatch(/evicted the record of webhook event transaction\.completed:\S+ 86400 s before/);
    expect(message).toMatch(/a retry of an evicted event would run onEvent again/);
    expect(message).toMatch(/Raise maxEntries, or use a shared store \(RedisDedupeStore/);
    expect(message).toMatch(/several processes/);
    expect(message).toMatch(/once per store/);
  });

  it('is told once per store: to the first receiver given it, never to a second one sharing it', async () => {
    const { store } = storeOnClock(2);
    const first = receiver({ store });
    const second = receiver({ store });
    for (let n = 0; n < 6; n++) await second.deliver(n);
    expect(first.reports.map((report) => (report as Error).name)).toEqual(['WebhookDedupeEvictionWarning']);
    expect(second.reports).toEqual([]);
    // Another store is another warning.
    const other = receiver({ store: storeOnClock(2).store });
    for (let n = 0; n < 3; n++) await other.deliver(n);
    expect(other.reports).toHaveLength(1);
  });

  it('without onError, is written once with console.warn, as the receiver writes a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { store } = storeOnClock(1);
    const handler = createWebhookHandler({ secret: SECRET, onEvent: () => {}, store });
    for (let n = 0; n < 4; n++) {
      const { body, headers } = await delivery(n);
      await handler(new Request('http://shop.test/pix', { method: 'POST', body, headers }));
    }
    expect(warn.mock.calls).toEqual([
      [expect.stringMatching(/^\[pix-payments\] webhook receiver: MemoryDedupeStore is full/)],
    ]);
    expect(error).not.toHaveBeenCalled();
  });

  it('used alone, with no receiver, is written once with console.warn', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { store } = storeOnClock(2);
    handle(store, ['a', 'b', 'c', 'd']);
    expect(warn.mock.calls).toEqual([
      [expect.stringMatching(/^\[pix-payments\] MemoryDedupeStore is full: .*maxEntries \(2\)/)],
    ]);
  });

  it('when onError throws, still keeps the record and answers 200; the throw is written instead', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { store } = storeOnClock(1);
    const { deliver } = receiver({
      store,
      onError: () => {
        throw new Error('onError broke');
      },
    });
    expect([await deliver(0), await deliver(1), await deliver(1)]).toEqual([200, 200, 200]);
    expect(store.size).toBe(1);
    expect(error.mock.calls).toEqual([[expect.stringMatching(/onError threw: Error: onError broke/)]]);
  });
});

describe('a MemoryDedupeStore that evicts only what it would forget anyway', () => {
  it('says nothing when the evicted record had outlived its TTL', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { store, wait } = storeOnClock(2);
    handle(store, ['a', 'b'], 60);
    wait(60_000);
    handle(store, ['c', 'd'], 60); // evicts a and b, both expired
    expect(warn).not.toHaveBeenCalled();
    handle(store, ['e']); // evicts c, 60 s early
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('says nothing below maxEntries, nor for a key completed again (it replaces its own record)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { store } = storeOnClock(2);
    handle(store, ['a', 'b', 'a', 'b', 'a']);
    expect(warn).not.toHaveBeenCalled();
  });
});
