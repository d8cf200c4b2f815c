import { describe, expect, it } from 'vitest';
import {
  constructWebhookEvent,
  createSignedWebhook,
  WebhookParseError,
  WebhookSignatureError,
} from '../../src/webhooks/index.js';
import { SECRET, transactionEvent } from './fixtures.js';

async function reasonOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookSignatureError);
    expect(String(error)).not.toContain(SECRET);
    return (error as WebhookSignatureError).reason;
  }
  throw new Error('expected a WebhookSignatureError');
}

describe('constructWebhookEvent', () => {
  it('reads headers from a Fetch Headers, a Node headers object and a plain record in any case', async () => {
    const { body, headers } = await createSignedWebhook(transactionEvent(), SECRET);
    const node = Object.fromEntries(
      Object.entries(headers).map(([k, v]) => [k, k === 'x-webhook-signature' ? [v] : v]),
    );
    const shouty = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), v]));
    for (const form of [new Headers(headers), node, shouty]) {
      const event = await constructWebhookEvent(body, form, SECRET);
      expect(event.event).toBe('transaction.completed');
    }
  });

  it('gives missing_signature when the header is absent or empty', async () => {
    const { body } = await createSignedWebhook(transactionEvent(), SECRET);
    expect(await reasonOf(constructWebhookEvent(body, {}, SECRET))).toBe('missing_signature');
    expect(await reasonOf(constructWebhookEvent(body, { 'x-webhook-signature': '' }, SECRET))).toBe(
      'missing_signature',
    );
  });

  it('gives invalid_signature for a wrong secret or a changed body', async () => {
    const { body, headers } = await createSignedWebhook(transactionEvent(), SECRET);
    expect(await reasonOf(constructWebhookEvent(body, headers, 'whsec_other'))).toBe('invalid_signature');
    expect(await reasonOf(constructWebhookEvent(body.replace('42', '43'), headers, SECRET))).toBe(
      'invalid_signature',
    );
  });

  it('gives event_mismatch when X-Webhook-Event differs from the signed body', async () => {
    const { body, headers } = await createSignedWebhook(transactionEvent(), SECRET);
    const forged = { ...headers, 'x-webhook-event': 'transaction.reversed' };
    expect(await reasonOf(constructWebhookEvent(body, forged, SECRET))).toBe('event_mismatch');
  });

  it('accepts a delivery without X-Webhook-Event', async () => {
    const { body, headers } = await createSignedWebhook(transactionEvent(), SECRET);
    const { 'x-webhook-event': _, ...rest } = headers;
    expect((await constructWebhookEvent(body, rest, SECRET)).event).toBe('transaction.completed');
  });

  it('delivers a signed body with a mismatched field (reported), and refuses one without data', async () => {
    const { body, headers } = await createSignedWebhook(
      transactionEvent('transaction.created', { id: 'x' }),
      SECRET,
    );
    const fields: string[] = [];
    const event = await constructWebhookEvent(body, headers, SECRET, {
      onIssue: (i) => fields.push(i.field),
    });
    expect((event.data as { id?: unknown }).id).toBe('x');
    expect(fields).toEqual(['data.id']);
    const bad = await createSignedWebhook({ event: 'transaction.created', timestamp: 'x' } as never, SECRET);
    await expect(constructWebhookEvent(bad.body, bad.headers, SECRET)).rejects.toThrow(WebhookParseError);
  });

  describe('toleranceSeconds', () => {
    const at = Date.parse('2026-11-21T10:00:00.000Z');
    it('is off by default: an old timestamp passes', async () => {
      const { body, headers } = await createSignedWebhook(transactionEvent(), SECRET);
      await expect(
        constructWebhookEvent(body, headers, SECRET, { now: () => at + 86_400_000 }),
      ).resolves.toBeDefined();
    });
    it.each([
      [-301_000, 'timestamp_out_of_tolerance'],
      [301_000, 'timestamp_out_of_tolerance'],
    ])('rejects a timestamp %s ms away with %s', async (offset, reason) => {
      const { body, headers } = await createSignedWebhook(transactionEvent(), SECRET);
      expect(
        await reasonOf(
          constructWebhookEvent(body, headers, SECRET, { toleranceSeconds: 300, now: () => at + offset }),
        ),
      ).toBe(reason);
    });
    it('accepts a timestamp within the tolerance', async () => {
      const { body, headers } = await createSignedWebhook(transactionEvent(), SECRET);
      const event = await constructWebhookEvent(body, headers, SECRET, {
        toleranceSeconds: 300,
        now: () => at + 299_000,
      });
      expect(event.timestamp).toBe('2026-11-21T10:00:00.000Z');
    });
  });
});
