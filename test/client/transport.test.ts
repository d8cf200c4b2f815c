/**
 * The transport's rules, one test each, named after the rule's wording in the paragraph at the top
 * of src/core/transport.ts (the last test checks that the names and the paragraph agree).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Call } from '../../src/core/transport.js';
import {
  APITimeoutError,
  APIUserAbortError,
  PaymentsClient,
  UnprocessableEntityError,
} from '../../src/index.js';
import {
  clientWith,
  hang,
  json,
  payoutParams,
  payoutRecord,
  SECRET_KEY,
  stalledBody,
} from './scripted-fetch.js';

const balance = { available: 1, pending: 0, currency: 'BRL', updatedAt: '2026-11-21T10:00:00Z' };
const dropped = () => new TypeError('fetch failed', { cause: new Error('other side closed') });
/** Runs a call on the fake clock until it settles; resolves to its value or its error. */
async function settled<T>(call: Promise<T>, ms = 120_000): Promise<T | Error> {
  const outcome = call.catch((error: Error) => error);
  await vi.advanceTimersByTimeAsync(ms);
  return outcome;
}
/** The waits between the attempts a scripted fetch saw, on the fake clock. */
const timed = (sentAt: number[], step: () => Response | Error) => () => {
  sentAt.push(Date.now());
  const outcome = step();
  return outcome instanceof Error ? Promise.reject(outcome) : Promise.resolve(outcome);
};
const gaps = (sentAt: number[]) => sentAt.slice(1).map((at, i) => at - (sentAt[i] as number));

/** Each rule's test name, as written below (in order). */
const named: string[] = [];
const rule = (wording: string) => {
  named.push(wording);
  return wording;
};

describe('the transport', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it(
    rule('a call is tried at most 1 + maxRetries times, a POST without an idempotency key once'),
    async () => {
      const down = () => json(503, { code: 'INTERNAL_ERROR' }, { 'retry-after': '0' });
      type Options = { maxRetries?: number };
      const calls: [string, (client: PaymentsClient, options: Options) => Promise<unknown>, boolean][] = [
        ['a GET', (client, options) => client.balance.retrieve(options), true],
        ['a keyed POST', (client, options) => client.cashouts.create(payoutParams, options), true],
        [
          'a POST without a key',
          (client, options) =>
            client.webhooks.create(
              { url: 'https://shop.example/hook', events: ['transaction.completed'] },
              options,
            ),
          false,
        ],
      ];
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...calls),
          fc.integer({ min: 0, max: 4 }),
          fc.boolean(),
          async ([, call, repeatable], maxRetries, perCall) => {
            // The limit as the client's setting, or as the call's (the client's then another).
            const { client, requests } = clientWith(Array.from({ length: 6 }, down), {
              userToken: 'jwt',
              logLevel: 'off',
              maxRetries: perCall ? 5 : maxRetries,
            });
            const error = await call(client, perCall ? { maxRetries } : {}).catch((e) => e);
            expect(error).toMatchObject({ status: 503 });
            expect(requests).toHaveLength(repeatable ? maxRetries + 1 : 1);
          },
        ),
        { numRuns: 60 },
      );
    },
  );

  it(
    rule(
      '408, 409, 429, 500, 502, 503, 504 and any other 5xx are retried, other statuses and a 409 that will not change are not',
    ),
    async () => {
      const listed = [408, 409, 429, 500, 502, 503, 504];
      const final = ['IDEMPOTENCY_KEY_REUSED', 'INVALID_TRANSITION'];
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 400, max: 599 }),
          fc.constantFrom(undefined, 'INTERNAL_ERROR', 'IDEMPOTENCY_KEY_IN_FLIGHT', ...final),
          async (status, code) => {
            vi.useFakeTimers();
            try {
              // A Retry-After on every answer: it never makes a status retried that is not.
              const { client, requests } = clientWith(
                [json(status, { message: 'no', code }, { 'retry-after': '1' }), json(201, payoutRecord)],
                { maxRetries: 1, logLevel: 'off' },
              );
              await settled(client.cashouts.create(payoutParams));
              const retried =
                (listed.includes(status) || status >= 500) && !(status === 409 && final.includes(code ?? ''));
              expect(requests).toHaveLength(retried ? 2 : 1);
            } finally {
              vi.useRealTimers();
            }
          },
        ),
        {
          numRuns: 300,
          examples: [
            ...listed.map((status): [number, string | undefined] => [status, undefined]),
            ...final.map((code): [number, string | undefined] => [409, code]),
            [413, undefined],
            [422, 'INSUFFICIENT_BALANCE'],
          ],
        },
      );
    },
  );

  it(
    rule("a timeout, a failed connection and a lost answer are retried, the caller's abort never"),
    async () => {
      vi.useFakeTimers();
      const failures: [string, Parameters<typeof clientWith>[0][number]][] = [
        ['a timeout', hang],
        ["a failed connection (fetch's TypeError)", dropped()],
        ["a runtime's own error", new Error('ECONNRESET')],
        ['a lost answer', new Response('{"transactionId":', { status: 200 })],
      ];
      for (const [what, failure] of failures) {
        const { client, requests } = clientWith([failure, json(200, payoutRecord)], {
          timeout: 50,
          maxRetries: 1,
          logLevel: 'off',
        });
        expect(await settled(client.cashouts.retrieve(7)), what).toMatchObject({ id: 7 });
        expect(requests, what).toHaveLength(2);
      }
      // The caller's abort, whatever its reason: never retried, at once.
      for (const reason of [undefined, new Error('the user left')]) {
        const controller = new AbortController();
        const { client, requests } = clientWith([hang, json(200, balance)], {
          maxRetries: 3,
          logLevel: 'off',
        });
        const call = client.balance.retrieve({ signal: controller.signal });
        setTimeout(() => controller.abort(reason), 20);
        expect(await settled(call)).toBeInstanceOf(APIUserAbortError);
        expect(requests).toHaveLength(1);
      }
    },
  );

  it(
    rule(
      "the wait before a retry doubles from 500 ms to at most 8 s, less up to 25% of jitter, or is the answer's Retry-After, capped at 60 s",
    ),
    async () => {
      vi.useFakeTimers();
      const waits = async (random: number, answers: (() => Response | Error)[]) => {
        vi.spyOn(Math, 'random').mockReturnValue(random);
        const sentAt: number[] = [];
        const { client } = clientWith(
          answers.map((answer) => timed(sentAt, answer)),
          { maxRetries: answers.length - 1, logLevel: 'off' },
        );
        await settled(client.balance.retrieve(), 200_000);
        return gaps(sentAt);
      };
      const drops = (count: number) => Array.from({ length: count }, () => dropped);
      expect(await waits(0, drops(7))).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
      expect(await waits(1, drops(7))).toEqual([375, 750, 1500, 3000, 6000, 6000]);
      const retryAfter = (seconds: string) => () => json(503, {}, { 'retry-after': seconds });
      // A Retry-After is waited as it is (no jitter), up to 60 s.
      expect(await waits(1, [retryAfter('3'), retryAfter('3600'), () => json(200, balance)])).toEqual([
        3000, 60_000,
      ]);
      // An HTTP date, in each of its three forms, is waited until; what is neither seconds nor a
      // date leaves the backoff (with its jitter).
      const dated = [
        ['Fri, 27 Nov 2026 10:00:05 GMT', 5000],
        ['Friday, 27-Nov-26 10:00:05 GMT', 5000],
        ['Fri Nov 27 10:00:05 2026', 5000],
        ['Fri, 27 Nov 2026 09:00:00 GMT', 0],
      ] as const;
      for (const [date, wait] of dated) {
        vi.setSystemTime(new Date('2026-11-27T10:00:00.000Z'));
        expect(await waits(1, [retryAfter(date), () => json(200, balance)]), date).toEqual([wait]);
      }
      for (const malformed of ['1.5', 'soon', 'Fri, 27 Nov 2026'])
        expect(await waits(1, [retryAfter(malformed), () => json(200, balance)]), malformed).toEqual([375]);
      // On each status retried after its Retry-After.
      for (const status of [408, 409, 429, 500, 502, 503, 504]) {
        const answer = () => json(status, { code: 'IN_FLIGHT' }, { 'retry-after': '2' });
        expect(await waits(1, [answer, () => json(200, balance)]), String(status)).toEqual([2000]);
      }
    },
  );

  it(rule('an attempt has `timeout` ms for its answer, a 2xx body included'), async () => {
    vi.useFakeTimers();
    for (const late of [hang, stalledBody('{"available":')]) {
      const { client } = clientWith([late], { timeout: 80, maxRetries: 0, logLevel: 'off' });
      let outcome: unknown;
      client.balance.retrieve().then(
        (value) => (outcome = value),
        (error) => (outcome = error),
      );
      await vi.advanceTimersByTimeAsync(79);
      expect(outcome).toBeUndefined();
      await vi.advanceTimersByTimeAsync(2);
      expect(outcome).toBeInstanceOf(APITimeoutError);
      expect((outcome as Error).message).toBe('Request timed out after 80 ms');
    }
  });

  it(
    rule(
      'each attempt runs `attempt()` once, which knows its number and the wait before it and looks up the fetch then',
    ),
    async () => {
      vi.useFakeTimers();
      vi.spyOn(Math, 'random').mockReturnValue(0);
      const attempt = vi.spyOn(Call.prototype, 'attempt');
      const { client } = clientWith(
        [dropped(), json(503, {}, { 'retry-after': '3' }), dropped(), json(200, balance)],
        { maxRetries: 3, logLevel: 'off' },
      );
      expect(await settled(client.balance.retrieve())).toMatchObject({ available: 1 });
      // (number, wait before it in ms): 0 for the first; 500 ms of backoff; the 3 s Retry-After;
      // the third retry's 2 s of backoff.
      expect(attempt.mock.calls.map(([number, wait]) => [number, wait])).toEqual([
        [0, 0],
        [1, 500],
        [2, 3000],
        [3, 2000],
      ]);
      // The global fetch as it is at each attempt (msw or instrumentation installed after the client).
      const second = vi.fn(async () => json(200, balance));
      const first = vi.fn(async () => {
        vi.stubGlobal('fetch', second);
        return json(503, {}, { 'retry-after': '0' });
      });
      vi.stubGlobal('fetch', first);
      const plain = new PaymentsClient({
        secretKey: SECRET_KEY,
        baseUrl: 'https://api.psp.test',
        logLevel: 'off',
      });
      expect(await settled(plain.balance.retrieve())).toMatchObject({ available: 1 });
      expect([first.mock.calls.length, second.mock.calls.length]).toEqual([1, 1]);
    },
  );

  it(
    rule(
      'each attempt is logged once, at `warn` when it is to be retried, at `info` when the call ends with it',
    ),
    async () => {
      vi.useFakeTimers();
      const lines: string[] = [];
      const logger = {
        debug: () => {},
        info: (line: string) => lines.push(`info ${line.replace(/ in \d+ ms/, '')}`),
        warn: (line: string) => lines.push(`warn ${line.replace(/ in \d+ ms/, '')}`),
        error: (line: string) => lines.push(`error ${line}`),
      };
      const { client, requests } = clientWith(
        [
          json(503, { code: 'INTERNAL_ERROR' }, { 'retry-after': '30' }),
          json(422, { code: 'INSUFFICIENT_BALANCE' }),
        ],
        { logger, logLevel: 'info', maxRetries: 3 },
      );
      const call = client.balance.retrieve().catch((e) => e);
      await vi.advanceTimersByTimeAsync(10);
      // Decided: logged when it is decided, before the 30 s wait.
      expect([requests.length, lines]).toEqual([
        1,
        ['warn [pix-payments] GET /v1/integrations/balance 503 INTERNAL_ERROR (retry 0)'],
      ]);
      await vi.advanceTimersByTimeAsync(30_000);
      expect(await call).toBeInstanceOf(UnprocessableEntityError);
      expect(lines).toEqual([
        'warn [pix-payments] GET /v1/integrations/balance 503 INTERNAL_ERROR (retry 0)',
        'info [pix-payments] GET /v1/integrations/balance 422 INSUFFICIENT_BALANCE (retry 1)',
      ]);
    },
  );

  it(
    rule(
      "a failed attempt becomes the SDK's error in one place, `toPaymentsError`, redacted of the client's secrets",
    ),
    async () => {
      vi.useFakeTimers();
      const echo = `bad key ${SECRET_KEY}`;
      const cases: [Parameters<typeof clientWith>[0][number], string, string][] = [
        [
          json(422, { message: echo, code: 'INSUFFICIENT_BALANCE' }),
          'UnprocessableEntityError',
          '422 INSUFFICIENT_BALANCE: bad key [redacted] (request req_test123)',
        ],
        [hang, 'APITimeoutError', 'Request timed out after 50 ms'],
        [
          new TypeError('fetch failed', { cause: new Error(echo) }),
          'APIConnectionError',
          'Connection error: bad key [redacted]',
        ],
      ];
      for (const [step, name, message] of cases) {
        const { client } = clientWith([step], { maxRetries: 0, timeout: 50, logLevel: 'off' });
        const error = (await settled(client.balance.retrieve())) as Error;
        expect([error.name, error.message]).toEqual([name, message]);
      }
    },
  );

  it('names each rule of the paragraph at the top of src/core/transport.ts once, in its words', () => {
    const source = readFileSync(join(import.meta.dirname, '../../src/core/transport.ts'), 'utf8');
    const header = (source.split('*/')[0] as string).replace(/\n \* ?/g, ' ');
    const rules = [...header.matchAll(/\((\d)\) (.+?)(?= \(`[^)]*\)[;.]| \(\d\) |\. )/g)].map(
      (match) => match[2],
    );
    expect(rules).toHaveLength(8);
    expect(named).toEqual(rules);
  });
});
