/**
 * A body a framework already read is named as such. The Node receiver needs the signed raw bytes;
 * when a body parser took them (a parsed object in `body`, a stream that already ended, or nothing
 * left to read from a stream that declared a length or had arrived whole), it answers 500 and
 * reports once that the bytes are gone, with the fix for Express, Fastify and NestJS, instead of
 * blaming the secret. A raw body handed over in `body` (a Buffer or string) is always taken.
 */
import express from 'express';
import fc from 'fast-check';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createSignedWebhook } from '../../src/webhooks/index.js';
import { createNodeWebhookHandler, type NodeWebhookRequest } from '../../src/webhooks/node-handler.js';
import { reportingOptions, SECRET, transactionEvent } from './fixtures.js';
import { listen, type Running } from './servers.js';

/** What the consumed-body report must tell: what happened, and one fix per framework. */
function expectConsumedReport(reports: unknown[]): void {
  expect(reports).toHaveLength(1);
  const message = reports[0] instanceof Error ? reports[0].message : String(reports[0]);
  expect(message).toMatch(
    /^The request body was already read by a body parser, so the signed raw bytes are gone/,
  );
  expect(message).toMatch(
    /^Express: .*express\.raw\(\{ type: 'application\/json' \}\) on the webhook route/m,
  );
  expect(message).toMatch(
    /^Fastify: .*addContentTypeParser.*parseAs: 'buffer'.*Object\.assign\(request\.raw, \{ body: request\.body \}\)/m,
  );
  expect(message).toMatch(/^NestJS: .*rawBody: true.*req\.rawBody/m);
  expect(message).not.toMatch(/secret|signature/i);
}

/** A request as a framework leaves it: `chunks` are what is left to read. */
function request(
  headers: Record<string, string>,
  fields: Partial<Pick<NodeWebhookRequest, 'body' | 'readableEnded' | 'complete'>>,
  chunks: Uint8Array[] = [],
): NodeWebhookRequest {
  return {
    method: 'POST',
    headers,
    ...fields,
    async *[Symbol.asyncIterator]() {
      yield* chunks;
    },
  };
}

/** A Node receiver that keeps what it reports and the events it handled. */
function receiver() {
  const events: unknown[] = [];
  const { reports, options } = reportingOptions({ onEvent: (event) => void events.push(event) });
  return { reports, events, handle: createNodeWebhookHandler(options) };
}

/** Runs one delivery through the Node receiver; answers its status, reports and handled count. */
async function deliverTo(incoming: NodeWebhookRequest) {
  const { reports, events, handle } = receiver();
  const response = { statusCode: 0, setHeader: () => {}, end: () => {} };
  await handle(incoming, response);
  return { status: response.statusCode, reports, handled: events.length };
}

/** A signed delivery's headers (with its Content-Length) and raw bytes. */
async function signed() {
  const { body, headers } = await createSignedWebhook(transactionEvent(), SECRET);
  const bytes = Buffer.from(body);
  return { bytes, headers: { ...headers, 'content-length': String(bytes.byteLength) } };
}

/** The servers a test started, closed after it. */
const started: Running[] = [];
afterEach(() => Promise.all(started.splice(0).map((server) => server.close())));
/** A server for `handler`, closed after the test. */
async function serve(handler: Parameters<typeof listen>[0]): Promise<Running> {
  const server = await listen(handler);
  started.push(server);
  return server;
}

describe('each sign of a body a parser already read, beside the same request with its bytes', () => {
  it('readableEnded: named consumed; with the Buffer or string handed over in body, verified', async () => {
    const { bytes, headers } = await signed();
    const ended = { readableEnded: true, complete: true };
    const consumed = await deliverTo(request(headers, ended));
    expect([consumed.status, consumed.handled]).toEqual([500, 0]);
    expectConsumedReport(consumed.reports);
    for (const body of [bytes, bytes.toString()]) {
      const handed = await deliverTo(request(headers, { ...ended, body }));
      expect([handed.status, handed.handled, handed.reports]).toEqual([200, 1, []]);
    }
  });

  it('complete with nothing left to read (no Content-Length): named consumed; with its bytes still buffered, read', async () => {
    const { bytes, headers } = await signed();
    const { 'content-length': _, ...chunked } = headers;
    const consumed = await deliverTo(request(chunked, { complete: true }));
    expect([consumed.status, consumed.handled]).toEqual([500, 0]);
    expectConsumedReport(consumed.reports);
    const unread = await deliverTo(request(chunked, { complete: true }, [bytes]));
    expect([unread.status, unread.handled, unread.reports]).toEqual([200, 1, []]);
  });

  it('complete over real HTTP: a receiver that runs after the whole body arrived still reads it', async () => {
    const { reports, events, handle } = receiver();
    let completeBeforeReading: boolean | undefined;
    const first = await serve((req, res) => {
      // An async step before the receiver (auth, a lookup): by then the message is complete.
      setTimeout(() => {
        completeBeforeReading = req.complete;
        void handle(req, res);
      }, 50);
    });
    const { body, headers } = await createSignedWebhook(transactionEvent(), SECRET);
    const response = await fetch(`${first.url}/pix`, { method: 'POST', body, headers });
    expect([response.status, events.length, reports, completeBeforeReading]).toEqual([200, 1, [], true]);
    // A server where something else read the body first: named consumed.
    const consumed = receiver();
    const second = await serve((req, res) => {
      req.resume();
      req.once('end', () => void consumed.handle(req, res));
    });
    expect((await fetch(`${second.url}/pix`, { method: 'POST', body, headers })).status).toBe(500);
    expectConsumedReport(consumed.reports);
  });

  it('0 bytes read while Content-Length is above 0: named consumed; Content-Length 0 is an unsigned delivery', async () => {
    const { headers } = await signed();
    const consumed = await deliverTo(request(headers, {}));
    expect([consumed.status, consumed.handled]).toEqual([500, 0]);
    expectConsumedReport(consumed.reports);
    const empty = await deliverTo(request({ ...headers, 'content-length': '0' }, { complete: true }));
    expect(empty.status).toBe(400);
    expect(String(empty.reports[0])).not.toMatch(/already read/);
  });

  it('express.json() leaves an object: named consumed; express.raw() on the route: verified', async () => {
    const { body, headers } = await createSignedWebhook(transactionEvent(), SECRET);
    for (const [parser, status] of [
      [express.json(), 500],
      [express.raw({ type: 'application/json' }), 200],
    ] as const) {
      const { reports, events, handle } = receiver();
      const app = express();
      app.post('/pix', parser, handle);
      const server = await serve(app);
      const response = await fetch(`${server.url}/pix`, { method: 'POST', body, headers });
      expect([response.status, events.length]).toEqual([status, status === 200 ? 1 : 0]);
      if (status === 500) expectConsumedReport(reports);
      else expect(reports).toEqual([]);
    }
  });

  it("Fastify's own JSON parser, then request.raw: named consumed; its raw Buffer handed over: verified", async () => {
    const { bytes, headers } = await signed();
    const consumed = receiver();
    const raw = receiver();
    const app = Fastify();
    app.post('/parsed', async (req, reply) => {
      reply.hijack();
      await consumed.handle(req.raw, reply.raw);
    });
    await app.register(async (scope) => {
      scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
        done(null, body),
      );
      scope.post('/raw', async (req, reply) => {
        reply.hijack();
        await raw.handle(Object.assign(req.raw, { body: req.body }), reply.raw);
      });
    });
    const post = (url: string) => app.inject({ method: 'POST', url, headers, payload: bytes });
    const [parsed, handed] = [await post('/parsed'), await post('/raw')];
    await app.close();
    expect(parsed.statusCode).toBe(500);
    expectConsumedReport(consumed.reports);
    expect([handed.statusCode, raw.events.length, raw.reports]).toEqual([200, 1, []]);
  });
});

describe('the rule, for every state a request can be left in', () => {
  it('a raw body handed over is verified; else an empty read is consumed exactly when more was declared, or the stream ended or had arrived', async () => {
    const { bytes, headers } = await signed();
    const { 'content-length': _, ...rest } = headers;
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.boolean(),
        fc.option(fc.nat(2_000), { nil: undefined }),
        fc.constantFrom('none', 'buffer', 'string'),
        async (readableEnded, complete, declared, handed) => {
          const sent = declared === undefined ? rest : { ...rest, 'content-length': String(declared) };
          const fields = { readableEnded, complete };
          const body = handed === 'buffer' ? bytes : bytes.toString();
          const result = await deliverTo(request(sent, handed === 'none' ? fields : { ...fields, body }));
          const consumed =
            handed === 'none' &&
            (readableEnded || (declared !== undefined && declared > 0) || (complete && declared !== 0));
          expect(result.status).toBe(handed !== 'none' ? 200 : consumed ? 500 : 400);
          expect(String(result.reports[0]).includes('already read by a body parser')).toBe(consumed);
        },
      ),
      { numRuns: 300 },
    );
  });
});
