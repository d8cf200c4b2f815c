/** Receivers that explain: mistakes fail at start-up or are reported exactly once, with the fix. */
import express from 'express';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWebhookHandler } from '../../src/webhooks/fetch-handler.js';
import { createSignedWebhook, type WebhookHandlerOptions } from '../../src/webhooks/index.js';
import { createNodeWebhookHandler } from '../../src/webhooks/node-handler.js';
import { SECRET, transactionEvent } from './fixtures.js';
import { listen } from './servers.js';

afterEach(() => vi.restoreAllMocks());

const onEvent = () => {};

describe('making a receiver', () => {
  it.each([
    ['an empty secret (an unset env var)', ''],
    ['an empty list', []],
    ['undefined', undefined],
  ])('throws at once for %s', (_, secret) => {
    const options = { secret, onEvent } as unknown as WebhookHandlerOptions;
    expect(() => createWebhookHandler(options)).toThrow(TypeError);
    expect(() => createNodeWebhookHandler(options)).toThrow(/secret/);
  });
});

describe('reporting', () => {
  async function deliver(options: Partial<WebhookHandlerOptions>, signWith = SECRET) {
    const handler = createWebhookHandler({ secret: SECRET, onEvent, ...options });
    const { body, headers } = await createSignedWebhook(transactionEvent(), signWith);
    return handler(new Request('https://shop.example/pix', { method: 'POST', body, headers }));
  }

  it('passes a rejected delivery to onError exactly once', async () => {
    const onError = vi.fn();
    expect((await deliver({ onError }, 'whsec_other')).status).toBe(400);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('passes an error of onEvent to onError exactly once, saying the service will retry', async () => {
    const onError = vi.fn();
    const failing = () => {
      throw new Error('database down');
    };
    expect((await deliver({ onError, onEvent: failing })).status).toBe(500);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(String(onError.mock.calls[0]?.[0])).toMatch(
      /onEvent threw on transaction\.\w+.*retries.*database down/,
    );
  });

  it('without onError, writes one console.error line that says what went wrong', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect((await deliver({}, 'whsec_other')).status).toBe(400);
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]?.[0])).toMatch(/^\[pix-payments\] webhook receiver: .*signature/i);
  });

  it('behind express.json(): a 500 and one console.error naming express.raw', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const app = express();
    app.post('/pix', express.json(), createNodeWebhookHandler({ secret: SECRET, onEvent }));
    const running = await listen(app);
    const { body, headers } = await createSignedWebhook(transactionEvent(), SECRET);
    const response = await fetch(`${running.url}/pix`, { method: 'POST', body, headers });
    await running.close();
    expect(response.status).toBe(500);
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]?.[0])).toMatch(/express\.raw\(\{ type: 'application\/json' \}\)/);
  });
});
