/**
 * The mock's webhook bodies are written as other servers write JSON: a receiver that verifies the
 * raw bytes accepts every delivery of a full charge and payout lifecycle, one that parses and
 * re-serialises the body first is refused with the SDK's signature error. The same holds for the
 * bodies `createSignedWebhook` writes; its `{ canonical: true }` bodies pass both.
 */
import { describe, expect, it } from 'vitest';
import {
  constructWebhookEvent,
  createSignedWebhook,
  createWebhookHandler,
  WebhookSignatureError,
} from '../../src/webhooks/index.js';
import { useMock } from './harness.js';
import { useReceivers } from './receiver.js';
import { runLifecycle } from './webhook-lifecycle.js';

const { mock } = useMock({ webhookRetryDelaysMs: [20, 20, 20, 20, 20] });
const receiver = useReceivers();

type Headers = Record<string, string>;

/** What a receiver that hands `JSON.stringify(request.body)` to the verifier verifies. */
const reserialised = (body: string) => JSON.stringify(JSON.parse(body));

/** Answers of both verifiers: the raw bytes verify, the re-serialised body is refused. */
async function expectRawOnly(body: string, headers: Headers, secret: string): Promise<void> {
  await expect(constructWebhookEvent(body, headers, secret)).resolves.toEqual(JSON.parse(body));
  const refusal = constructWebhookEvent(reserialised(body), headers, secret);
  await expect(refusal).rejects.toThrow(WebhookSignatureError);
  await expect(refusal).rejects.toMatchObject({ reason: 'invalid_signature' });
  const handler = createWebhookHandler({ secret, onEvent: () => {}, onError: () => {} });
  const post = (text: string) =>
    handler(new Request('http://merchant.test/pix', { method: 'POST', body: text, headers }));
  expect((await post(body)).status).toBe(200);
  const refused = await post(reserialised(body));
  expect([refused.status, await refused.json()]).toEqual([
    400,
    { received: false, error: 'invalid signature' },
  ]);
}

describe('webhook bodies as the world writes them', () => {
  it('every delivery of a charge and payout lifecycle verifies raw and is refused re-serialised', async () => {
    const { secret, receiver: r } = await runLifecycle(mock, mock.baseUrl, receiver);
    expect(r.raw.length).toBeGreaterThanOrEqual(14);
    // The receiver built with createNodeWebhookHandler read the raw bytes: it accepted them all.
    expect(r.events.map((event) => event.event)).toEqual(
      r.raw.map((delivery) => JSON.parse(delivery.body.toString()).event),
    );
    for (const delivery of r.raw) {
      const body = delivery.body.toString();
      expect(reserialised(body)).not.toBe(body);
      await expectRawOnly(body, delivery.headers as Headers, secret);
    }
  });

  it('so does every body createSignedWebhook writes for those events; canonical ones pass both', async () => {
    const { secret, receiver: r } = await runLifecycle(mock, mock.baseUrl, receiver);
    for (const delivery of r.raw) {
      const event = JSON.parse(delivery.body.toString());
      const signed = await createSignedWebhook(event, secret);
      expect(signed.body).not.toBe(JSON.stringify(event));
      await expectRawOnly(signed.body, signed.headers, secret);
      const canonical = await createSignedWebhook(event, secret, { canonical: true });
      expect(canonical.body).toBe(JSON.stringify(event));
      await expect(constructWebhookEvent(canonical.body, canonical.headers, secret)).resolves.toEqual(event);
      const again = reserialised(canonical.body);
      await expect(constructWebhookEvent(again, canonical.headers, secret)).resolves.toEqual(event);
    }
  });

  it('writes by default as PHP does: escaped slashes and non-ASCII, then a newline, as createSignedWebhook', async () => {
    const { secret, receiver: r } = await runLifecycle(mock, mock.baseUrl, receiver);
    const created = r.raw.map((d) => d.body.toString()).find((body) => body.includes('transaction.created'));
    expect(created).toMatch(/"utm_source":"news\\\/letter"/);
    expect(created).toMatch(/"utm_campaign":"ver\\u00e3o <50%> & mais"/);
    expect(created?.endsWith('}\n')).toBe(true);
    const event = JSON.parse(created as string);
    expect((await createSignedWebhook(event, secret)).body).toBe(created);
  });
});
