/**
 * The receivers at their edges (issue 28): the body bound before verifying, a slow `onEvent`
 * told of, a lost lease reported with its cause, and what `onEvent` is told of its delivery.
 */
import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebhookEventBody } from '../../src/schemas/index.js';
import {
  createNodeWebhookHandler,
  createSignedWebhook,
  createWebhookHandler,
  MemoryDedupeStore,
  type WebhookDedupeStore,
  type WebhookDelivery,
  type WebhookHandlerOptions,
  WebhookLeaseLostError,
  WebhookSlowHandlerWarning,
  webhookEventKey,
} from '../../src/webhooks/index.js';
import { reportingOptions, SECRET, transactionEvent } from './fixtures.js';
import { listen, type Running } from './servers.js';

const KIB = 1024;
const MIB = 1024 * KIB;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

let running: Running | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await running?.close();
  running = undefined;
});

/** A body of `total` bytes pulled in 64 KiB chunks on demand, counting what was pulled. */
function countedStream(total: number) {
  const counter = { pulled: 0, cancelled: false };
  const chunk = new Uint8Array(64 * KIB).fill(0x20);
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (counter.pulled >= total) return controller.close();
        counter.pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
      cancel() {
        counter.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, counter };
}

async function signed() {
  const { body, headers } = await createSignedWebhook(transactionEvent(), SECRET);
  return { body, headers: headers as Record<string, string> };
}

describe('every receiver bounds what it reads before verifying', () => {
  it('Fetch: pulls at most maxBodyBytes + 64 KiB of a 300 MB unsigned stream, then 413', async () => {
    const { reports, options } = reportingOptions();
    const handler = createWebhookHandler(options);
    const { stream, counter } = countedStream(300 * MIB);
    const request = new Request('https://shop.example/pix', {
      method: 'POST',
      body: stream,
      duplex: 'half',
    } as RequestInit);
    const response = await handler(request);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ received: false, error: 'body too large' });
    expect(counter.pulled).toBeLessThanOrEqual(MIB + 64 * KIB);
    expect(counter.cancelled).toBe(true);
    expect(reports).toHaveLength(1);
    expect(String(reports[0])).toMatch(/maxBodyBytes/);
  });

  it('Fetch: refuses a declared Content-Length over the bound before reading a byte', async () => {
    const handler = createWebhookHandler({ secret: SECRET, onEvent: () => {}, onError: () => {} });
    const { stream, counter } = countedStream(300 * MIB);
    const request = new Request('https://shop.example/pix', {
      method: 'POST',
      body: stream,
      headers: { 'content-length': String(300 * MIB) },
      duplex: 'half',
    } as RequestInit);
    expect((await handler(request)).status).toBe(413);
    expect(counter.pulled).toBe(0);
    // Cancelled, so that a server in front does not keep the connection waiting for the rest.
    expect(counter.cancelled).toBe(true);
  });

  it.each([
    ['Fetch', createWebhookHandler],
    ['Node', createNodeWebhookHandler],
  ] as const)('%s: honours maxBodyBytes, and accepts a signed body of exactly that size', async (_, make) => {
    const { body, headers } = await signed();
    const size = Buffer.byteLength(body);
    const onEvent = vi.fn();
    const options = { secret: SECRET, onEvent, onError: () => {}, maxBodyBytes: size };
    running =
      make === createWebhookHandler
        ? await serveStreaming(createWebhookHandler(options))
        : await listen(createNodeWebhookHandler(options));
    expect((await fetch(running.url, { method: 'POST', body, headers })).status).toBe(200);
    const over = await fetch(running.url, { method: 'POST', body: `${body} `, headers });
    expect(over.status).toBe(413);
    expect(onEvent).toHaveBeenCalledTimes(1);
  });

  it('Node: answers 413 to a declared length at once, without waiting for the body, and closes', async () => {
    running = await listen(
      createNodeWebhookHandler({ secret: SECRET, onEvent: () => {}, onError: () => {} }),
    );
    const { port } = new URL(running.url);
    const answer = await new Promise<{ status: number; connection: string | undefined; body: string }>(
      (resolve, reject) => {
        const req = httpRequest({
          port,
          host: '127.0.0.1',
          method: 'POST',
          headers: { 'content-length': String(300 * MIB) },
        });
        req.on('response', (res) => {
          let body = '';
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }),
          );
        });
        req.on('error', reject);
        // Only the headers and 1 KiB are sent: the answer must not wait for the other 300 MB.
        req.write(Buffer.alloc(KIB));
      },
    );
    expect(answer.status).toBe(413);
    expect(answer.connection).toBe('close');
    expect(JSON.parse(answer.body)).toEqual({ received: false, error: 'body too large' });
  });

  it('Node: a body a parser already read (express.raw) over the bound is a 413 too', async () => {
    const { status, errors } = await answerParsed(Buffer.alloc(11), 10);
    expect(status).toBe(413);
    expect(errors).toHaveLength(1);
  });

  it.each([0, -1, 1.5, '1024', Number.NaN])('refuses maxBodyBytes %s at once, naming it', (maxBodyBytes) => {
    const options = { secret: SECRET, onEvent: () => {}, maxBodyBytes } as unknown as WebhookHandlerOptions;
    expect(() => createWebhookHandler(options)).toThrow(
      /maxBodyBytes must be a positive whole number of bytes/,
    );
    expect(() => createNodeWebhookHandler(options)).toThrow(RangeError);
  });
});

/** The Node receiver's answer to a body a parser already read, and what it reported. */
async function answerParsed(body: Buffer | string, maxBodyBytes: number) {
  const { reports, options } = reportingOptions({ maxBodyBytes });
  const handler = createNodeWebhookHandler(options);
  const res = { statusCode: 0, setHeader: () => {}, end: () => {} };
  await handler({ method: 'POST', headers: {}, body, async *[Symbol.asyncIterator]() {} }, res);
  return { status: res.statusCode, errors: reports };
}

/** Serves a Fetch handler over node:http with the request body streamed, not buffered. */
function serveStreaming(handler: (request: Request) => Promise<Response>): Promise<Running> {
  return listen(async (req, res) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string') headers.set(name, value);
    const body = Readable.toWeb(req);
    const init = { method: req.method, headers, body, duplex: 'half' } as RequestInit;
    const response = await handler(new Request(`http://localhost${req.url}`, init));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
}

/** Delivers one signed event to a Fetch receiver made with `options`, in process. */
async function deliver(options: Partial<WebhookHandlerOptions>) {
  const handler = createWebhookHandler({ secret: SECRET, onEvent: () => {}, ...options });
  const { body, headers } = await signed();
  return handler(new Request('https://shop.example/pix', { method: 'POST', body, headers }));
}

/** `deliver`, with what `onError` is told of kept in `reports` (see reportingOptions). */
async function deliverReporting(options: Partial<WebhookHandlerOptions>) {
  const { reports, options: all } = reportingOptions(options);
  return { response: await deliver(all), reports };
}

const KEY = webhookEventKey(transactionEvent() as never);

describe('slow handlers are told, not punished silently', () => {
  it('reports a WebhookSlowHandlerWarning once, even while onEvent never settles', async () => {
    const { reports, options } = reportingOptions({
      slowHandlerSeconds: 0.05,
      onEvent: () => new Promise(() => {}),
    });
    const answer = deliver(options);
    await sleep(250);
    expect(reports).toHaveLength(1);
    const warning = reports[0] as WebhookSlowHandlerWarning;
    expect(warning).toBeInstanceOf(WebhookSlowHandlerWarning);
    expect(warning.name).toBe('WebhookSlowHandlerWarning');
    expect(warning.eventKey).toBe(KEY);
    expect(warning.elapsedMs).toBeGreaterThanOrEqual(45);
    expect(warning.message).toMatch(/store or enqueue the event, then return/);
    expect(warning.toJSON()).toMatchObject({ eventKey: KEY, elapsedMs: warning.elapsedMs });
    void answer;
  });

  it('a slow onEvent that then throws is reported twice: the warning, then the error', async () => {
    const { response, reports } = await deliverReporting({
      slowHandlerSeconds: 0.02,
      onEvent: async () => {
        await sleep(80);
        throw new Error('database down');
      },
    });
    expect(response.status).toBe(500);
    expect(reports.map((report) => (report as Error).name)).toEqual(['WebhookSlowHandlerWarning', 'Error']);
    expect(String(reports[1])).toMatch(/database down/);
  });

  it('says nothing of a handler faster than slowHandlerSeconds', async () => {
    const { response, reports } = await deliverReporting({ slowHandlerSeconds: 0.2 });
    await sleep(300);
    expect(response.status).toBe(200);
    expect(reports).toEqual([]);
  });

  it('without onError, writes the warning with console.warn', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await deliver({ slowHandlerSeconds: 0.02, onEvent: () => sleep(80) });
    expect(response.status).toBe(200);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/onEvent has run \d+ ms on webhook event/);
    expect(error).not.toHaveBeenCalled();
  });

  it('refuses a slowHandlerSeconds that is not a positive number of seconds', () => {
    expect(() => createWebhookHandler({ secret: SECRET, onEvent: () => {}, slowHandlerSeconds: 0 })).toThrow(
      /slowHandlerSeconds must be a positive number of seconds/,
    );
  });
});

/** Blocks the event loop for `ms`. */
function block(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy: no timer can run
  }
}

/** A memory store with some of its methods replaced. */
function storeWith(
  changes: Partial<WebhookDedupeStore>,
  memory = new MemoryDedupeStore(),
): WebhookDedupeStore {
  return {
    claim: (key, token, seconds) => memory.claim(key, token, seconds),
    renew: (key, token, seconds) => memory.renew(key, token, seconds),
    complete: (key, token, seconds) => memory.complete(key, token, seconds),
    release: (key, token) => memory.release(key, token),
    ...changes,
  };
}

describe('a lease lost while onEvent ran is a WebhookLeaseLostError', () => {
  it("a blocked event loop: 'lapsed', with how long the loop was blocked; the answer stays 200", async () => {
    const { response, reports } = await deliverReporting({
      processingTimeoutSeconds: 0.06,
      onEvent: () => block(300),
    });
    expect(response.status).toBe(200);
    expect(reports).toHaveLength(1);
    const lost = reports[0] as WebhookLeaseLostError;
    expect(lost).toBeInstanceOf(WebhookLeaseLostError);
    expect(lost).toMatchObject({ name: 'WebhookLeaseLostError', eventKey: KEY, reason: 'lapsed' });
    expect(lost.blockedMs).toBeGreaterThanOrEqual(200);
    expect(lost.message).toMatch(/safe to run twice/);
  });

  it("another attempt's lease in its place: 'taken', reported once though complete says so too", async () => {
    const memory = new MemoryDedupeStore();
    // The store no longer holds the lease for this attempt (e.g. its record was replaced).
    const store = storeWith(
      {
        renew: () => false,
        complete: (key, token, seconds) => memory.complete(key, `${token}-gone`, seconds),
      },
      memory,
    );
    const { response, reports } = await deliverReporting({
      store,
      processingTimeoutSeconds: 0.3,
      onEvent: () => sleep(250),
    });
    expect(response.status).toBe(200);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ name: 'WebhookLeaseLostError', reason: 'taken', eventKey: KEY });
  });

  it('says nothing when the lease held throughout (renewed past processingTimeoutSeconds)', async () => {
    const { response, reports } = await deliverReporting({
      processingTimeoutSeconds: 0.06,
      onEvent: () => sleep(200),
    });
    expect(response.status).toBe(200);
    expect(reports).toEqual([]);
  });
});

describe('what the watch on onEvent reports, and when (review of issue 28)', () => {
  it('ignores a renewal answered after onEvent ended: no false lease loss, on success or failure', async () => {
    for (const fails of [false, true]) {
      const memory = new MemoryDedupeStore();
      // A store that may reorder calls (a pool, HTTP): the renewal arrives after complete or release.
      const store = storeWith(
        { renew: (key, token, seconds) => sleep(100).then(() => memory.renew(key, token, seconds)) },
        memory,
      );
      const { response, reports } = await deliverReporting({
        store,
        processingTimeoutSeconds: 0.3,
        onEvent: async () => {
          await sleep(150);
          if (fails) throw new Error('database down');
        },
      });
      await sleep(150);
      expect(response.status).toBe(fails ? 500 : 200);
      expect(reports.map((report) => (report as Error).name)).toEqual(fails ? ['Error'] : []);
    }
  });

  it("measures the loss when onEvent ended, not after a slow complete: 'taken', not blocked", async () => {
    const store = storeWith({ complete: () => sleep(300).then(() => false) });
    const { response, reports } = await deliverReporting({
      store,
      processingTimeoutSeconds: 0.2,
      onEvent: () => {},
    });
    expect(response.status).toBe(200);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ name: 'WebhookLeaseLostError', reason: 'taken' });
    expect((reports[0] as WebhookLeaseLostError).blockedMs).toBeLessThan(100);
  });

  it('warns of a handler that blocked the event loop past slowHandlerSeconds (its timer could not fire)', async () => {
    const { response, reports } = await deliverReporting({
      slowHandlerSeconds: 0.05,
      onEvent: () => block(120),
    });
    expect(response.status).toBe(200);
    expect(reports.map((report) => (report as Error).name)).toEqual(['WebhookSlowHandlerWarning']);
  });

  it('an onError that throws from a timer is written with console.error, never thrown there', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await deliver({
      slowHandlerSeconds: 0.02,
      onEvent: () => sleep(80),
      onError: () => {
        throw new Error('logger down');
      },
    });
    expect(response.status).toBe(200);
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]?.[0])).toMatch(/onError threw: Error: logger down/);
  });

  it('counts the bytes of a body a parser read as text, not its UTF-16 units', async () => {
    // 900 characters, 2,700 bytes in UTF-8.
    expect((await answerParsed('€'.repeat(900), 1000)).status).toBe(413);
  });

  it('keeps WebhookEventBody refusing an empty event name (the schema is public)', () => {
    const body = JSON.parse(JSON.stringify(transactionEvent()));
    expect(WebhookEventBody.safeParse(body).success).toBe(true);
    expect(WebhookEventBody.safeParse({ ...body, event: '' }).success).toBe(false);
  });
});

describe('onEvent is told of its delivery', () => {
  it('passes { eventKey, leaseToken }: the key of webhookEventKey and the token the store was given', async () => {
    const deliveries: WebhookDelivery[] = [];
    const tokens: string[] = [];
    const memory = new MemoryDedupeStore();
    const store = storeWith(
      {
        claim: (key, token, seconds) => {
          tokens.push(token);
          return memory.claim(key, token, seconds);
        },
      },
      memory,
    );
    await deliver({ store, onEvent: (_event, delivery) => void deliveries.push(delivery) });
    expect(deliveries).toEqual([{ eventKey: KEY, leaseToken: tokens[0] }]);
  });
});
