/**
 * createSignedWebhook writes its body as PHP does (`\/`, `\u00e9`, then a newline), bytes no
 * `JSON.parse` + `JSON.stringify` gives back: the three receivers accept them from the raw bytes and
 * refuse them re-serialised. `{ canonical: true }` writes `JSON.stringify`'s compact output.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  constructWebhookEvent,
  createNodeWebhookHandler,
  createSignedWebhook,
  createWebhookHandler,
  verifyWebhookSignature,
  type WebhookEventInput,
  WebhookSignatureError,
} from '../../src/webhooks/index.js';
import { SECRET, transactionEvent } from './fixtures.js';
import { listen, type Running } from './servers.js';

/** What a receiver that re-serialises a parsed body hands the verifier. */
const reserialised = (body: string) => JSON.stringify(JSON.parse(body));

const withTracking = transactionEvent('transaction.created', {
  amount: 19.9,
  trackingParameters: { utm_source: 'news/letter', utm_campaign: 'verão' },
});

let running: Running | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

/** The status a Node receiver on loopback answers to `body` sent with `headers`. */
async function nodeAnswer(body: string, headers: Record<string, string>): Promise<number> {
  running ??= await listen(
    createNodeWebhookHandler({ secret: SECRET, onEvent: () => {}, onError: () => {} }),
  );
  return (await fetch(running.url, { method: 'POST', body, headers })).status;
}

describe('createSignedWebhook bodies', () => {
  it('are written as PHP writes them by default, and compact with canonical: true', async () => {
    const { body } = await createSignedWebhook(withTracking, SECRET);
    expect(body).toBe(
      '{"event":"transaction.created","timestamp":"2026-11-21T10:00:00.000Z","data":{"id":42,' +
        '"referenceId":"0b8f7e36-3e59-4d44-9f0c-6a3f1f0c2b11","status":"COMPLETED","type":"CASHIN",' +
        '"trackingParameters":{"utm_source":"news\\/letter","utm_campaign":"ver\\u00e3o"},"amount":19.9}}\n',
    );
    const canonical = await createSignedWebhook(withTracking, SECRET, { canonical: true });
    expect(canonical.body).toBe(JSON.stringify(withTracking));
  });

  it('for any data: signed over the exact bytes, read back as written, never a re-serialisation', async () => {
    const data = fc.dictionary(fc.string({ unit: 'binary' }), fc.jsonValue({ stringUnit: 'binary' }));
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary' }), data, async (event, data) => {
        const input = { event, timestamp: '2026-11-21T10:00:00.000Z', data } as WebhookEventInput;
        const signed = await createSignedWebhook(input, SECRET);
        const value = JSON.parse(JSON.stringify(input));
        expect(JSON.parse(signed.body)).toEqual(value);
        expect(reserialised(signed.body)).not.toBe(signed.body);
        expect(
          await verifyWebhookSignature(signed.body, signed.headers['x-webhook-signature'] ?? '', SECRET),
        ).toBe(true);
        const canonical = await createSignedWebhook(input, SECRET, { canonical: true });
        expect(canonical.body).toBe(JSON.stringify(value));
      }),
      { numRuns: 300 },
    );
  });

  it('constructWebhookEvent accepts the raw bytes and refuses them re-serialised', async () => {
    const { body, headers } = await createSignedWebhook(withTracking, SECRET);
    await expect(constructWebhookEvent(body, headers, SECRET)).resolves.toMatchObject({
      event: 'transaction.created',
    });
    const refusal = constructWebhookEvent(reserialised(body), headers, SECRET);
    await expect(refusal).rejects.toThrow(WebhookSignatureError);
    await expect(refusal).rejects.toThrow(/signature does not match the body/);
  });

  it('createWebhookHandler answers 200 to the raw bytes and 400 to them re-serialised', async () => {
    const { body, headers } = await createSignedWebhook(withTracking, SECRET);
    const handler = createWebhookHandler({ secret: SECRET, onEvent: () => {}, onError: () => {} });
    const post = (text: string) =>
      handler(new Request('http://merchant.test/pix', { method: 'POST', body: text, headers }));
    expect((await post(body)).status).toBe(200);
    expect((await post(reserialised(body))).status).toBe(400);
  });

  it('createNodeWebhookHandler answers 200 to the raw bytes and 400 to them re-serialised', async () => {
    const { body, headers } = await createSignedWebhook(withTracking, SECRET);
    expect(await nodeAnswer(body, headers)).toBe(200);
    const again = await createSignedWebhook(withTracking, SECRET);
    expect(await nodeAnswer(reserialised(again.body), again.headers)).toBe(400);
  });

  it('canonical bodies pass all three receivers, raw or re-serialised', async () => {
    const handler = createWebhookHandler({ secret: SECRET, onEvent: () => {}, onError: () => {} });
    for (const text of [(b: string) => b, reserialised]) {
      const { body, headers } = await createSignedWebhook(withTracking, SECRET, { canonical: true });
      await expect(constructWebhookEvent(text(body), headers, SECRET)).resolves.toBeDefined();
      const request = new Request('http://merchant.test/pix', { method: 'POST', body: text(body), headers });
      expect((await handler(request)).status).toBe(200);
      const fresh = await createSignedWebhook(withTracking, SECRET, { canonical: true });
      expect(await nodeAnswer(text(fresh.body), fresh.headers)).toBe(200);
    }
  });

  it('refuses options that are not an object, or a canonical that is not a boolean, naming them', async () => {
    await expect(createSignedWebhook(withTracking, SECRET, 'canonical' as never)).rejects.toThrow(
      /createSignedWebhook options must be an object, got string/,
    );
    await expect(createSignedWebhook(withTracking, SECRET, { canonical: 'yes' as never })).rejects.toThrow(
      /options\.canonical must be a boolean, got string/,
    );
  });
});
