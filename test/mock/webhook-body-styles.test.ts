/**
 * The writers of the mock's webhook bodies: each reads back as the value written, none is what
 * `JSON.parse` + `JSON.stringify` gives back, on any body; `answers: 'varied'` draws them from the
 * seed, the same seed giving the same writers.
 */
import fc from 'fast-check';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  WEBHOOK_BODY_STYLES,
  type WebhookBodyStyle,
  writeWebhookBody,
} from '../../src/mock/domain/webhook-body.js';
import { createMockService, type MockServiceOptions } from '../../src/mock/index.js';
import { caller } from './harness.js';
import { useReceivers } from './receiver.js';
import { TRACKING } from './webhook-lifecycle.js';

const NAMES = Object.keys(WEBHOOK_BODY_STYLES) as WebhookBodyStyle[];

/** An event as the mock sends one, with any JSON as its data (strings of any code unit). */
const events = fc.record({
  event: fc.string({ unit: 'binary' }),
  timestamp: fc.string(),
  data: fc.oneof(
    fc.jsonValue({ stringUnit: 'binary' }),
    fc.record({ amount: fc.integer({ min: 1, max: 10_000_000 }).map((cents) => cents / 100) }),
  ),
});

describe('the writers', () => {
  it.each(NAMES)('%s: reads back as the value written, and no re-serialisation gives its bytes', (name) => {
    const style = WEBHOOK_BODY_STYLES[name];
    fc.assert(
      fc.property(events, (event) => {
        const written = writeWebhookBody(event, style);
        const read = JSON.parse(written);
        expect(read).toEqual(JSON.parse(JSON.stringify(event)));
        for (const indent of [0, 2, 4, '\t']) expect(JSON.stringify(read, null, indent)).not.toBe(written);
      }),
      { numRuns: 400 },
    );
  });

  it('writes each trait as its stack does', () => {
    const event = { event: 'transaction.created', data: { amount: 19.9, trackingParameters: TRACKING } };
    const text = (name: WebhookBodyStyle) => writeWebhookBody(event, WEBHOOK_BODY_STYLES[name]);
    expect(text('php')).toBe(
      '{"event":"transaction.created","data":{"amount":19.9,"trackingParameters":' +
        '{"utm_source":"news\\/letter","utm_campaign":"ver\\u00e3o <50%> & mais"}}}\n',
    );
    expect(text('python')).toBe(
      '{"event": "transaction.created", "data": {"amount": 19.9, "trackingParameters": ' +
        '{"utm_source": "news/letter", "utm_campaign": "ver\\u00e3o <50%> & mais"}}}',
    );
    expect(text('go')).toBe(
      '{"event":"transaction.created","data":{"amount":19.9,"trackingParameters":' +
        '{"utm_source":"news/letter","utm_campaign":"verão \\u003c50%\\u003e \\u0026 mais"}}}\n',
    );
    const indented = (colon: string, amount: string) =>
      `{\n  "event"${colon}"transaction.created",\n  "data"${colon}{\n    "amount"${colon}${amount},\n` +
      `    "trackingParameters"${colon}{\n      "utm_source"${colon}"news/letter",\n` +
      `      "utm_campaign"${colon}"verão <50%> & mais"\n    }\n  }\n}`;
    expect(text('java')).toBe(indented(' : ', '19.90'));
    expect(text('ruby')).toBe(`${indented(': ', '19.9')}\n`);
  });
});

describe("answers: 'varied' draws the writer of each body from the seed", () => {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledFrame: 'bypass' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  const receiver = useReceivers();
  let mocks = 0;

  /** The writers of the bodies of six deliveries (three charges, each created and paid). */
  async function writersOf(options: MockServiceOptions, runs = 1): Promise<WebhookBodyStyle[][]> {
    mocks += 1;
    const baseUrl = `https://mock-${mocks}.pix-mock.test`;
    const mock = createMockService({ ...options, baseUrl, webhookRetryDelaysMs: [] });
    server.use(...mock.handlers);
    const sequences: WebhookBodyStyle[][] = [];
    for (let run = 0; run < runs; run += 1) {
      if (run > 0) mock.reset();
      let secret = '';
      const r = await receiver(() => secret);
      const user = caller(mock.baseUrl, await mock.issueUserToken());
      const events = ['transaction.created', 'transaction.completed'];
      const subscribed = (await user('POST', '/v1/user/webhooks', { url: r.url, events })).body;
      secret = (subscribed.data ?? subscribed).secret;
      for (let i = 0; i < 3; i += 1) {
        const reply = await caller(mock.baseUrl, mock.secretKey)(
          'POST',
          '/v1/integrations/create-transaction',
          {
            amount: 19.9,
            tracking_parameters: TRACKING,
          },
        );
        mock.simulate.payCharge((reply.body.data ?? reply.body).transactionId);
      }
      await mock.settle();
      expect([r.raw.length, r.events.length]).toEqual([6, 6]);
      sequences.push(r.raw.map(({ body }) => writerOf(body.toString())));
    }
    return sequences;
  }

  /** The one writer that writes `body` (with TRACKING and 19.9, each writes it differently). */
  function writerOf(body: string): WebhookBodyStyle {
    const value = JSON.parse(body);
    const writers = NAMES.filter((name) => writeWebhookBody(value, WEBHOOK_BODY_STYLES[name]) === body);
    expect(writers).toHaveLength(1);
    return writers[0] as WebhookBodyStyle;
  }

  it('the same seed gives the same writers, again after reset(); reference mode always PHP', async () => {
    const [first, afterReset] = await writersOf({ answers: 'varied', seed: 11 }, 2);
    expect(afterReset).toEqual(first);
    expect(await writersOf({ answers: 'varied', seed: 11 })).toEqual([first]);
    expect(await writersOf({ seed: 11 })).toEqual([Array(6).fill('php')]);
  });

  it('across seeds, every writer shows up', async () => {
    const seen = new Set<WebhookBodyStyle>();
    for (let seed = 1; seed <= 6; seed += 1) {
      for (const writers of await writersOf({ answers: 'varied', seed }))
        for (const w of writers) seen.add(w);
    }
    expect([...seen].sort()).toEqual([...NAMES].sort());
  });
});
