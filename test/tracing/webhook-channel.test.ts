/**
 * docs/observability.md: `pix-payments:webhook`, one per delivery a receiver handles, from the
 * verified event to its answer, with the outcome the answer says.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createSignedWebhook, createWebhookHandler, webhookEventKey } from '../../src/webhooks/index.js';
import { reportingOptions, SECRET, transactionEvent } from '../webhooks/fixtures.js';
import { recordChannels } from './record.js';

let recorder: ReturnType<typeof recordChannels> | undefined;
afterEach(() => {
  recorder?.stop();
  recorder = undefined;
});

async function deliver(handler: (request: Request) => Promise<Response>, body: string, headers: HeadersInit) {
  return handler(new Request('https://shop.test/webhooks/pix', { method: 'POST', body, headers }));
}

describe('pix-payments:webhook', () => {
  it('traces a delivery, then its retry: handled, then duplicate', async () => {
    recorder = recordChannels(['webhook']);
    const handler = createWebhookHandler(reportingOptions().options);
    const { body, headers } = await createSignedWebhook(transactionEvent('transaction.paid'), SECRET);
    await deliver(handler, body, headers);
    await deliver(handler, body, headers);
    const key = webhookEventKey(JSON.parse(body));
    expect(recorder.settled('webhook')).toEqual([
      { event: 'transaction.paid', eventKey: key, outcome: 'handled', reason: undefined },
      { event: 'transaction.paid', eventKey: key, outcome: 'duplicate', reason: undefined },
    ]);
    // The event is known from the start, before the handler runs.
    const first = recorder.events[0];
    expect(first?.stage).toBe('start');
    expect(first?.fields).toEqual({ event: 'transaction.paid', eventKey: key });
  });

  it('starts before onEvent runs and settles after it', async () => {
    recorder = recordChannels(['webhook']);
    const seen: string[] = [];
    const { options } = reportingOptions({
      onEvent: () => {
        seen.push(...(recorder?.events.map((e) => e.stage) ?? []));
      },
    });
    const { body, headers } = await createSignedWebhook(transactionEvent(), SECRET);
    await deliver(createWebhookHandler(options), body, headers);
    expect(seen).toEqual(['start', 'end']);
    expect(recorder.events.map((e) => e.stage)).toEqual(['start', 'end', 'asyncStart', 'asyncEnd']);
  });

  it('traces a forged delivery as rejected, with no event and the reason', async () => {
    recorder = recordChannels(['webhook']);
    const { options } = reportingOptions();
    const { body, headers } = await createSignedWebhook(transactionEvent(), `whsec_${'x'.repeat(32)}`);
    const response = await deliver(createWebhookHandler(options), body, headers);
    expect(response.status).toBe(400);
    expect(recorder.settled('webhook')).toEqual([{ outcome: 'rejected', reason: 'invalid signature' }]);
    expect(recorder.events.map((e) => e.stage)).toEqual(['start', 'end', 'asyncStart', 'asyncEnd']);
  });

  it('traces a handler that throws as failed, and one in progress elsewhere as in-progress', async () => {
    recorder = recordChannels(['webhook']);
    let release = () => {};
    const { options } = reportingOptions({
      onEvent: (event) =>
        event.event === 'transaction.failed'
          ? Promise.reject(new Error('database down'))
          : new Promise<void>((resolve) => {
              release = resolve;
            }),
    });
    const handler = createWebhookHandler(options);
    const failing = await createSignedWebhook(transactionEvent('transaction.failed'), SECRET);
    await deliver(handler, failing.body, failing.headers);
    const slow = await createSignedWebhook(transactionEvent('transaction.paid'), SECRET);
    const first = deliver(handler, slow.body, slow.headers);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await deliver(handler, slow.body, slow.headers);
    release();
    await first;
    expect(second.status).toBe(409);
    expect(recorder.settled('webhook').map((c) => [c.event, c.outcome, c.reason])).toEqual([
      ['transaction.failed', 'failed', 'handler failed'],
      ['transaction.paid', 'in-progress', 'in progress'],
      ['transaction.paid', 'handled', undefined],
    ]);
  });

  it('answers as before while nobody subscribes', async () => {
    const { options } = reportingOptions();
    const { body, headers } = await createSignedWebhook(transactionEvent(), SECRET);
    const response = await deliver(createWebhookHandler(options), body, headers);
    expect(response.status).toBe(200);
  });
});
