import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createNodeWebhookHandler,
  createSignedWebhook,
  createWebhookHandler,
  type WebhookEvent,
  type WebhookHandlerOptions,
} from '../../src/webhooks/index.js';
import { reportingOptions, SECRET, transactionEvent } from './fixtures.js';
import { listen, type Running, serveFetch } from './servers.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let running: Running | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

const adapters = {
  fetch: (options: WebhookHandlerOptions) => serveFetch(createWebhookHandler(options)),
  node: (options: WebhookHandlerOptions) => listen(createNodeWebhookHandler(options)),
};

describe.each(Object.keys(adapters) as (keyof typeof adapters)[])('%s receiver over real HTTP', (kind) => {
  async function start(overrides: Partial<WebhookHandlerOptions> = {}) {
    const handled: WebhookEvent[] = [];
    const errors: unknown[] = [];
    running = await adapters[kind]({
      secret: SECRET,
      onEvent: (event) => {
        handled.push(event);
      },
      onError: (error) => errors.push(error),
      ...overrides,
    });
    return { url: `${running.url}/webhooks/pix`, handled, errors };
  }

  it('answers 200 to a verified delivery and hands the event over once', async () => {
    const { url, handled } = await start();
    const { body, headers } = await createSignedWebhook(transactionEvent(), SECRET);
    const response = await fetch(url, { method: 'POST', body, headers });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    expect(handled).toEqual([JSON.parse(body)]);
  });

  it.each([
    ['trackingParameters: null', { trackingParameters: null }],
    ['referenceId: null (a charge made in the panel)', { referenceId: null }],
    ['data.id as a string', { id: '42' }],
  ])('hands over an authentic delivery with %s (200, never 400)', async (_, change) => {
    const issues: unknown[] = [];
    const { url, handled } = await start({ onIssue: (issue) => issues.push(issue) });
    const { body, headers } = await createSignedWebhook(
      transactionEvent('transaction.completed', change as never),
      SECRET,
    );
    const response = await fetch(url, { method: 'POST', body, headers });
    expect(response.status).toBe(200);
    expect(handled).toHaveLength(1);
  });

  it('acknowledges a duplicate delivery but handles it once', async () => {
    const { url, handled } = await start();
    const { body, headers } = await createSignedWebhook(transactionEvent(), SECRET);
    await fetch(url, { method: 'POST', body, headers });
    const again = await fetch(url, {
      method: 'POST',
      body,
      headers: { ...headers, 'x-webhook-id': 'retry' },
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect(handled).toHaveLength(1);
  });

  it('answers 400 to a bad signature, without leaking the secret', async () => {
    const { url, handled, errors } = await start();
    const { body, headers } = await createSignedWebhook(transactionEvent(), 'whsec_attacker');
    const response = await fetch(url, { method: 'POST', body, headers });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).toBe('{"received":false,"error":"invalid signature"}');
    expect(text).not.toContain(SECRET);
    expect(handled).toEqual([]);
    expect(errors).toHaveLength(1);
  });

  it('answers 400 to a signed but malformed body', async () => {
    const { url } = await start();
    const body = '{"event":"transaction.created"}';
    const signature = createHmac('sha256', SECRET).update(body).digest('hex');
    const response = await fetch(url, {
      method: 'POST',
      body,
      headers: { 'x-webhook-signature': signature },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ received: false, error: 'invalid body' });
  });

  it('answers 405 to anything but POST', async () => {
    const { url } = await start();
    const response = await fetch(url, { method: 'GET' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('answers 500 when onEvent throws, and handles the retry', async () => {
    let calls = 0;
    const { url } = await start({
      onEvent: () => {
        calls += 1;
        if (calls === 1) throw new Error('database down');
      },
    });
    const { body, headers } = await createSignedWebhook(transactionEvent(), SECRET);
    expect((await fetch(url, { method: 'POST', body, headers })).status).toBe(500);
    expect((await fetch(url, { method: 'POST', body, headers })).status).toBe(200);
    expect(calls).toBe(2);
  });

  it('answers 409 with Retry-After while onEvent runs, then handles the retry after a slow failure', async () => {
    // The issue's minimal case: onEvent sleeps then throws on its first call; a retry sent while
    // it sleeps must not be acknowledged, or the event is lost.
    let calls = 0;
    const { url, handled } = await start({
      processingTimeoutSeconds: 5,
      onEvent: async (event) => {
        calls += 1;
        if (calls === 1) {
          await sleep(600);
          throw new Error('database down');
        }
        handled.push(event);
      },
    });
    const { body, headers } = await createSignedWebhook(transactionEvent(), SECRET);
    const first = fetch(url, { method: 'POST', body, headers });
    await sleep(300);
    const retry = await fetch(url, { method: 'POST', body, headers });
    expect([retry.status, retry.headers.get('retry-after'), await retry.json()]).toEqual([
      409,
      '5',
      { received: false, error: 'in progress' },
    ]);
    expect((await first).status).toBe(500);
    const later = await fetch(url, { method: 'POST', body, headers });
    expect([later.status, await later.json()]).toEqual([200, { received: true }]);
    expect([calls, handled.length]).toEqual([2, 1]);
  });

  it('renews the lease while a slow onEvent runs, past processingTimeoutSeconds', async () => {
    let calls = 0;
    const { url } = await start({
      processingTimeoutSeconds: 0.3,
      onEvent: async () => {
        calls += 1;
        await sleep(1_000);
      },
    });
    const { body, headers } = await createSignedWebhook(transactionEvent(), SECRET);
    const first = fetch(url, { method: 'POST', body, headers });
    await sleep(700);
    expect((await fetch(url, { method: 'POST', body, headers })).status).toBe(409);
    expect((await first).status).toBe(200);
    const again = await fetch(url, { method: 'POST', body, headers });
    expect([again.status, await again.json()]).toEqual([200, { received: true, duplicate: true }]);
    expect(calls).toBe(1);
  });

  it('verifies with a rotated secret list', async () => {
    const { url, handled } = await start({ secret: ['whsec_new', SECRET] });
    const { body, headers } = await createSignedWebhook(transactionEvent(), SECRET);
    expect((await fetch(url, { method: 'POST', body, headers })).status).toBe(200);
    expect(handled).toHaveLength(1);
  });
});

describe('Node adapter specifics', () => {
  it('takes the Buffer that express.raw() leaves in req.body', async () => {
    const handled: WebhookEvent[] = [];
    const handler = createNodeWebhookHandler({ secret: SECRET, onEvent: (e) => void handled.push(e) });
    const { body, headers } = await createSignedWebhook(transactionEvent(), SECRET);
    const response = { statusCode: 0, headers: {} as Record<string, string>, text: '' };
    await handler(
      { method: 'POST', headers, body: Buffer.from(body), async *[Symbol.asyncIterator]() {} },
      {
        get statusCode() {
          return response.statusCode;
        },
        set statusCode(code) {
          response.statusCode = code;
        },
        setHeader: (name, value) => (response.headers[name] = value),
        end: (text) => (response.text = text ?? ''),
      },
    );
    expect(response.statusCode).toBe(200);
    expect(handled).toHaveLength(1);
  });

  it('answers 500 and explains when express.json() already parsed the body', async () => {
    const { reports, options } = reportingOptions();
    const handler = createNodeWebhookHandler(options);
    const { body, headers } = await createSignedWebhook(transactionEvent(), SECRET);
    const res = { statusCode: 0, setHeader: () => {}, end: () => {} };
    await handler(
      { method: 'POST', headers, body: JSON.parse(body), async *[Symbol.asyncIterator]() {} },
      res,
    );
    expect(res.statusCode).toBe(500);
    expect(String(reports[0])).toMatch(/express\.raw/);
  });

  it('answers 413 past maxBodyBytes', async () => {
    running = await listen(
      createNodeWebhookHandler({ secret: SECRET, onEvent: () => {}, maxBodyBytes: 100 }),
    );
    const response = await fetch(running.url, { method: 'POST', body: 'x'.repeat(101) });
    expect(response.status).toBe(413);
  });
});

describe('receiver options', () => {
  const onEvent = () => {};

  it('refuses a store written for claim/release alone, naming what it lacks', () => {
    const old = { claim: () => 'first', release: () => {} };
    expect(() => createWebhookHandler({ secret: SECRET, onEvent, store: old as never })).toThrow(
      /store must implement WebhookDedupeStore .*lacks renew,complete/,
    );
  });

  it.each([
    ['processingTimeoutSeconds', 0, RangeError],
    ['processingTimeoutSeconds', '10', RangeError],
    ['dedupeTtlSeconds', -1, RangeError],
    ['dedupeTtlSeconds', Number.POSITIVE_INFINITY, RangeError],
  ])('refuses %s: %s', (name, value, kind) => {
    expect(() => createNodeWebhookHandler({ secret: SECRET, onEvent, [name]: value })).toThrow(
      expect.objectContaining({ name: kind.name, message: expect.stringContaining(name) }),
    );
  });
});

describe('receiver error reports', () => {
  it('redact secrets quoted by a failing store', async () => {
    const errors: Error[] = [];
    const leaky = {
      claim: () => {
        throw new Error(`NOAUTH for ${SECRET} and sk_live_prod_${'a'.repeat(32)}`);
      },
      renew: () => true,
      complete: () => true,
      release: () => {},
    };
    const handler = createWebhookHandler({
      secret: SECRET,
      onEvent: () => {},
      store: leaky,
      onError: (error) => errors.push(error as Error),
    });
    const { body, headers } = await createSignedWebhook(transactionEvent(), SECRET);
    const answer = await handler(new Request('http://r/', { method: 'POST', body, headers }));
    expect(answer.status).toBe(500);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toMatch(
      /failed to claim transaction\.\w+ \(answered 500.*NOAUTH for \[redacted\] and \[redacted\]/,
    );
    expect(errors[0]?.message).not.toContain(SECRET);
  });
});
