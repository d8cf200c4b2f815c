/** Real webhook receivers on loopback, built with the webhook toolkit, closed after each test. */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';
import { createNodeWebhookHandler, type WebhookEvent } from '../../src/webhooks/index.js';

export interface Receiver {
  url: string;
  /** The verified events, in the order they arrived. */
  events: WebhookEvent[];
  /** Every request, verified or not. */
  raw: { body: Buffer; headers: IncomingMessage['headers'] }[];
  close(): Promise<void>;
}

/**
 * A factory of receivers for the current test file; each one answers the first `failures`
 * deliveries with a 500 and verifies the rest with the subscription's secret.
 */
export function useReceivers() {
  const open: Receiver[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((r) => r.close()));
  });
  return async function receiver(secret: () => string, failures = 0): Promise<Receiver> {
    const events: WebhookEvent[] = [];
    const raw: Receiver['raw'] = [];
    let left = failures;
    let handler: ReturnType<typeof createNodeWebhookHandler> | undefined;
    const server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      raw.push({ body, headers: req.headers });
      if (left > 0) {
        left -= 1;
        res.statusCode = 500;
        res.end();
        return;
      }
      handler ??= createNodeWebhookHandler({ secret: secret(), onEvent: (event) => void events.push(event) });
      await handler(Object.assign(req, { body }), res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const r: Receiver = {
      url: `http://127.0.0.1:${port}/hook`,
      events,
      raw,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
    open.push(r);
    return r;
  };
}
