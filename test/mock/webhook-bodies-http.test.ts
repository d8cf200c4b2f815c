/**
 * The mock over HTTP (`startMockServer`, the sandbox's server) delivers the same bytes as in
 * process: no webhook body survives a parse and a re-serialisation, in either answers mode.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../src/mock-entry.js';
import { constructWebhookEvent, WebhookSignatureError } from '../../src/webhooks/index.js';
import { useReceivers } from './receiver.js';
import { runLifecycle } from './webhook-lifecycle.js';

const receiver = useReceivers();
let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('webhook bodies over HTTP', () => {
  for (const answers of ['reference', 'varied'] as const) {
    it(`answers: '${answers}': each delivery verifies raw and is refused re-serialised`, async () => {
      server = await startMockServer({ answers, seed: 3, webhookRetryDelaysMs: [20, 20, 20] });
      const { secret, receiver: r } = await runLifecycle(server.service, server.url, receiver);
      expect(r.events).toHaveLength(r.raw.length);
      for (const { body, headers } of r.raw) {
        const text = body.toString();
        const again = JSON.stringify(JSON.parse(text));
        expect(again).not.toBe(text);
        await expect(constructWebhookEvent(body, headers, secret)).resolves.toEqual(JSON.parse(text));
        await expect(constructWebhookEvent(again, headers, secret)).rejects.toThrow(WebhookSignatureError);
      }
    });
  }
});
