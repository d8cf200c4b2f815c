/**
 * Bytes from any realm. Jest runs each test file in a `vm` context, so the SDK and the bytes a
 * test hands it can come from different realms: a Node `Buffer` (as `express.raw` gives) against
 * the context's own `Uint8Array`, or bytes the context made against the SDK's. Both receivers,
 * `verifyWebhookSignature` and `constructWebhookEvent` take a `Uint8Array`, `Buffer`, `ArrayBuffer`
 * and `DataView` of any realm as the bytes they are. (test/jest/ runs a test under Jest itself.)
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createContext, runInContext, runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { setHmacBackendForTesting } from '../../src/webhooks/hmac.js';
import {
  constructWebhookEvent,
  createSignedWebhook,
  createWebhookHandler,
  verifyWebhookSignature,
} from '../../src/webhooks/index.js';
import { createNodeWebhookHandler, type NodeWebhookRequest } from '../../src/webhooks/node-handler.js';
import type { WebhookPayload } from '../../src/webhooks/payload.js';
import { reportingOptions, SECRET, transactionEvent } from './fixtures.js';

const ROOT = join(import.meta.dirname, '../..');

/** A signed delivery's text, bytes and headers. */
async function signed() {
  const { body, headers } = await createSignedWebhook(transactionEvent(), SECRET);
  return { body, bytes: [...Buffer.from(body)], headers };
}

/** The same bytes in each raw form, made inside a fresh `vm` context (another realm). */
function foreignForms(bytes: number[]): Record<string, WebhookPayload> {
  return runInNewContext(
    `const view = Uint8Array.from(bytes);
     const padded = new Uint8Array(bytes.length + 8);
     padded.set(view, 4);
     ({
       Uint8Array: view,
       'Uint8Array at an offset': padded.subarray(4, 4 + bytes.length),
       ArrayBuffer: view.buffer,
       DataView: new DataView(padded.buffer, 4, bytes.length),
     })`,
    { bytes },
  );
}

/** A Node request whose body a parser left in `body`, with nothing left to read. */
function parsedRequest(headers: Record<string, string>, body: unknown): NodeWebhookRequest {
  return {
    method: 'POST',
    headers,
    body,
    readableEnded: true,
    complete: true,
    async *[Symbol.asyncIterator]() {},
  };
}

/** Runs one request through a Node receiver: its status, reports and the events it handled. */
async function deliverTo(handle: typeof createNodeWebhookHandler, incoming: NodeWebhookRequest) {
  const events: unknown[] = [];
  const { reports, options } = reportingOptions({ onEvent: (event) => void events.push(event) });
  const response = { statusCode: 0, setHeader: () => {}, end: () => {} };
  await handle(options)(incoming, response);
  return {
    status: response.statusCode,
    reports: reports.map((r) => (r as Error).message),
    handled: events.length,
  };
}

describe('bytes made in a vm context, handed to the SDK', () => {
  it.each(['node', 'webcrypto'] as const)(
    'are checked as the bytes they are by verifyWebhookSignature and constructWebhookEvent (%s HMAC)',
    async (backend) => {
      setHmacBackendForTesting(backend === 'node' ? 'auto' : 'webcrypto');
      try {
        const { bytes, headers } = await signed();
        const signature = headers['x-webhook-signature'];
        for (const [kind, payload] of Object.entries(foreignForms(bytes))) {
          expect([kind, await verifyWebhookSignature(payload, signature, SECRET)]).toEqual([kind, true]);
          expect([kind, await verifyWebhookSignature(payload, signature, 'whsec_other')]).toEqual([
            kind,
            false,
          ]);
          const event = await constructWebhookEvent(payload, headers, SECRET);
          expect([kind, event]).toEqual([kind, transactionEvent()]);
        }
      } finally {
        setHmacBackendForTesting('auto');
      }
    },
  );

  it('left in body by a parser, are received by the Node receiver (200, handled once, no report)', async () => {
    const { bytes, headers } = await signed();
    for (const [kind, payload] of Object.entries(foreignForms(bytes))) {
      const outcome = await deliverTo(createNodeWebhookHandler, parsedRequest(headers, payload));
      expect([kind, outcome]).toEqual([kind, { status: 200, reports: [], handled: 1 }]);
    }
  });

  it('as a Request body or as a stream of its chunks, are received by the Fetch receiver', async () => {
    const { bytes, headers } = await signed();
    for (const [kind, payload] of Object.entries(foreignForms(bytes))) {
      for (const body of [payload, new Blob([payload as BlobPart]).stream()]) {
        const events: unknown[] = [];
        const { reports, options } = reportingOptions({ onEvent: (event) => void events.push(event) });
        const init = { method: 'POST', headers, body: body as BodyInit, duplex: 'half' } as RequestInit;
        const response = await createWebhookHandler(options)(new Request('http://shop.test/pix', init));
        expect([kind, response.status, reports, events.length]).toEqual([kind, 200, [], 1]);
      }
    }
  });
});

describe('an empty raw body left by a parser', () => {
  it.each([
    ['an empty string', ''],
    ['an empty Buffer', Buffer.alloc(0)],
  ])(
    'with a Content-Length above 0, %s is named a consumed body (500), not a bad signature',
    async (_, body) => {
      const { headers } = await signed();
      const outcome = await deliverTo(
        createNodeWebhookHandler,
        parsedRequest({ ...headers, 'content-length': '180' }, body),
      );
      expect(outcome.status).toBe(500);
      expect(outcome.reports).toEqual([
        expect.stringMatching(/^The request body was already read by a body parser/),
      ]);
    },
  );

  it('declared empty (Content-Length: 0), is an empty body: its signature does not match', async () => {
    const { headers } = await signed();
    const outcome = await deliverTo(
      createNodeWebhookHandler,
      parsedRequest({ ...headers, 'content-length': '0' }, ''),
    );
    expect(outcome.status).toBe(400);
    expect(outcome.reports).toEqual([expect.stringMatching(/signature does not match/)]);
  });
});

/**
 * The built package loaded as Jest loads it without its own realm fixes: each CommonJS file run
 * inside one `vm` context, whose `Uint8Array` and `ArrayBuffer` are its own, with Node's globals.
 */
function webhooksInContext(): typeof import('../../src/webhooks/index.js') {
  const outer = createRequire(import.meta.url);
  const context = createContext({
    ...Object.fromEntries(
      ['console', 'process', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask']
        .concat(['TextEncoder', 'TextDecoder', 'crypto', 'Blob', 'Headers', 'Request', 'Response'])
        .map((name) => [name, (globalThis as Record<string, unknown>)[name]]),
    ),
  });
  const loaded = new Map<string, { exports: object }>();
  const load = (file: string): object => {
    const cached = loaded.get(file);
    if (cached !== undefined) return cached.exports;
    const module = { exports: {} };
    loaded.set(file, module);
    const source = `(function (exports, require, module) {${readFileSync(file, 'utf8')}\n})`;
    const run = runInContext(source, context, { filename: file });
    const require = (specifier: string) =>
      specifier.startsWith('.') ? load(join(dirname(file), specifier)) : outer(specifier);
    run(module.exports, require, module);
    return module.exports;
  };
  return load(join(ROOT, 'dist/webhooks.cjs')) as typeof import('../../src/webhooks/index.js');
}

describe('the built package in a vm context (as Jest runs it), handed Node bytes', () => {
  it('runs in a realm of its own', () => {
    if (!existsSync(join(ROOT, 'dist/webhooks.cjs')))
      throw new Error('dist/ is missing: run `npm run build`');
    expect(runInNewContext('Uint8Array')).not.toBe(Uint8Array);
  });

  it('takes the Buffer express.raw gives, and an ArrayBuffer and a DataView of Node', async () => {
    const sdk = webhooksInContext();
    const { body, headers } = await signed();
    const buffer = Buffer.from(body);
    const forms = {
      Buffer: buffer,
      ArrayBuffer: new Uint8Array(buffer).buffer,
      DataView: new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength),
    };
    for (const [kind, payload] of Object.entries(forms)) {
      const outcome = await deliverTo(sdk.createNodeWebhookHandler, parsedRequest(headers, payload));
      expect([kind, outcome]).toEqual([kind, { status: 200, reports: [], handled: 1 }]);
      const valid = await sdk.verifyWebhookSignature(payload, headers['x-webhook-signature'], SECRET);
      expect([kind, valid]).toEqual([kind, true]);
    }
  });
});
