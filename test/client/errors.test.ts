import { describe, expect, it } from 'vitest';
import {
  APIError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  isPaymentsError,
  NotFoundError,
  PaymentsClient,
  PaymentsError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
} from '../../src/index.js';
import { BASE_URL, clientWith, json, payoutParams, SECRET_KEY } from './scripted-fetch.js';

const noRetry = { maxRetries: 0 };

describe('error classes by status', () => {
  it.each([
    [400, BadRequestError],
    [401, AuthenticationError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [409, ConflictError],
    [422, UnprocessableEntityError],
    [429, RateLimitError],
    [500, InternalServerError],
    [503, InternalServerError],
    [418, APIError],
  ] as const)('%s becomes %s', async (status, Class) => {
    const { client } = clientWith([json(status, { message: 'nope', code: 'SOME_CODE' })], noRetry);
    const error = await client.balance.retrieve().catch((e) => e);
    expect(error).toBeInstanceOf(Class);
    expect(error).toBeInstanceOf(APIError);
    expect(isPaymentsError(error)).toBe(true);
    expect(error.name).toBe(Class.name);
    expect(error.status).toBe(status);
  });
});

describe('error bodies of every shape', () => {
  const cases: [string, Response, { message: string; code?: string; errors?: unknown }][] = [
    [
      'the reference body',
      json(422, {
        message: 'The given data was invalid',
        code: 'VALIDATION_ERROR',
        errors: { amount: ['must be greater than 5.00'] },
      }),
      {
        message:
          '422 VALIDATION_ERROR: The given data was invalid (amount: must be greater than 5.00) (request req_test123)',
        code: 'VALIDATION_ERROR',
        errors: { amount: ['must be greater than 5.00'] },
      },
    ],
    [
      'a reference body whose message already names the field',
      json(422, {
        message: 'amount must be greater than 5.00',
        code: 'VALIDATION_ERROR',
        errors: { amount: ['must be greater than 5.00'] },
      }),
      { message: '422 VALIDATION_ERROR: amount must be greater than 5.00 (request req_test123)' },
    ],
    [
      'a bare {message}',
      json(404, { message: 'Transaction not found' }),
      { message: '404: Transaction not found (request req_test123)' },
    ],
    [
      '{error: string}',
      json(401, { error: 'invalid token' }),
      { message: '401: invalid token (request req_test123)' },
    ],
    [
      '{error: {message, code}}',
      json(403, { error: { message: 'no access', code: 'FORBIDDEN' } }),
      { message: '403 FORBIDDEN: no access (request req_test123)', code: 'FORBIDDEN' },
    ],
    ['plain text', new Response('upstream exploded', { status: 500 }), { message: '500: upstream exploded' }],
    [
      "a proxy's HTML page",
      new Response(
        '<!doctype html><html><head><title>502 Bad Gateway</title></head><body><h1>nginx</h1></body></html>',
        { status: 502, headers: { 'content-type': 'text/html' } },
      ),
      { message: '502: 502 Bad Gateway' },
    ],
    [
      'an empty body',
      new Response(null, { status: 503, statusText: 'Service Unavailable' }),
      { message: '503: Service Unavailable' },
    ],
    [
      'an empty body without a reason phrase',
      new Response(null, { status: 504 }),
      { message: '504: Server error' },
    ],
  ];

  it.each(cases)('reads %s', async (_, response, expected) => {
    const { client } = clientWith([response], noRetry);
    const error = await client.balance.retrieve().catch((e) => e);
    expect(error.message).toBe(expected.message);
    if (expected.code !== undefined) expect(error.code).toBe(expected.code);
    if (expected.errors !== undefined) expect(error.errors).toEqual(expected.errors);
  });

  it('keeps status, code, requestId, headers and the raw body', async () => {
    const body = { message: 'no', code: 'INSUFFICIENT_BALANCE' };
    const { client } = clientWith([json(422, body, { 'x-request-id': 'req_abc' })], noRetry);
    const error = await client.balance.retrieve().catch((e) => e);
    expect(error).toMatchObject({ status: 422, code: 'INSUFFICIENT_BALANCE', requestId: 'req_abc', body });
    expect(error.headers.get('x-request-id')).toBe('req_abc');
  });
});

describe('redaction', () => {
  const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJtZXJjaGFudF8xIn0.user-token-signature';

  it('never puts the secret key or the user token in message, stack, JSON or log lines', async () => {
    const lines: string[] = [];
    const logger = {
      debug: (m: string) => lines.push(m),
      info: (m: string) => lines.push(m),
      warn: (m: string) => lines.push(m),
      error: (m: string) => lines.push(m),
    };
    const { client } = clientWith(
      [
        json(401, { message: `bad credential ${'x'}` }),
        new TypeError('fetch failed'),
        new TypeError('fetch failed'),
        new TypeError('fetch failed'),
        json(500, 'oops'),
        json(500, 'oops'),
        json(500, 'oops'),
      ],
      { logger, logLevel: 'debug', userToken: TOKEN },
    );
    const errors = [
      await client.balance.retrieve().catch((e) => e),
      await client.balance.retrieve().catch((e) => e),
      await client.webhooks.list().catch((e) => e),
    ];
    for (const error of errors) {
      expect(error).toBeInstanceOf(PaymentsError);
      for (const text of [error.message, error.stack, JSON.stringify(error), String(error)]) {
        expect(text).not.toContain(SECRET_KEY);
        expect(text).not.toContain(TOKEN);
      }
    }
    expect(lines.length).toBeGreaterThanOrEqual(7);
    for (const line of lines) {
      expect(line).not.toContain(SECRET_KEY);
      expect(line).not.toContain(TOKEN);
    }
  });

  it('keeps the key out of the client itself', () => {
    const client = new PaymentsClient({ secretKey: SECRET_KEY, baseUrl: BASE_URL });
    expect(JSON.stringify(client)).not.toContain(SECRET_KEY);
    expect(Object.values(client).map(String).join(' ')).not.toContain(SECRET_KEY);
  });

  it('does not echo a malformed key in the construction error', () => {
    const almost = 'sk_live_prod_!!secret!!';
    expect(() => new PaymentsClient({ secretKey: almost, baseUrl: BASE_URL })).toThrow(
      /Malformed secret key \(23 characters\)/,
    );
    try {
      new PaymentsClient({ secretKey: almost, baseUrl: BASE_URL });
    } catch (error) {
      expect(String(error)).not.toContain(almost);
    }
  });
});

describe('logging', () => {
  const balanceRecord = { available: 1, pending: 0, currency: 'BRL', updatedAt: '2026-11-21T10:00:00Z' };
  const recorder = () => {
    const lines: string[] = [];
    const logger = {
      debug: () => {},
      info: (m: string) => lines.push(`info ${m}`),
      warn: (m: string) => lines.push(`warn ${m}`),
      error: (m: string) => lines.push(`error ${m}`),
    };
    return { lines, logger };
  };

  it('writes one line per attempt with method, path, status, duration and retry count', async () => {
    const { lines, logger } = recorder();
    const { client } = clientWith([json(503, {}), json(200, balanceRecord)], { logger, logLevel: 'info' });
    await client.balance.retrieve();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^warn \[pix-payments\] GET \/v1\/integrations\/balance 503 in \d+ ms \(retry 0\)$/,
    );
    expect(lines[1]).toMatch(
      /^info \[pix-payments\] GET \/v1\/integrations\/balance 200 in \d+ ms \(retry 1\)$/,
    );
  });

  it.each([
    [
      'heeds the abort',
      (request: Request) =>
        new Promise<Response>((_, reject) =>
          request.signal.addEventListener('abort', () => reject(request.signal.reason)),
        ),
    ],
    ['ignores the abort', () => new Promise<Response>(() => {})],
  ])('logs a timed-out attempt that is retried (a fetch that %s)', async (_, hang) => {
    const { lines, logger } = recorder();
    const { client } = clientWith([hang, json(200, balanceRecord)], {
      logger,
      logLevel: 'info',
      timeout: 40,
    });
    await client.balance.retrieve();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^warn \[pix-payments\] GET \/v1\/integrations\/balance failed: Request timed out after 40 ms in \d+ ms \(retry 0\)$/,
    );
    expect(lines[1]).toMatch(
      /^info \[pix-payments\] GET \/v1\/integrations\/balance 200 in \d+ ms \(retry 1\)$/,
    );
  });

  const line = (level: string, outcome: string, retry: number) =>
    `${level} [pix-payments] GET /v1/integrations/balance ${outcome} (retry ${retry})`;
  const timedOut = 'failed: Request timed out after 40 ms';
  const settleAfter = (ms: number, settle: () => Response) => () =>
    new Promise<Response>((resolve, reject) =>
      setTimeout(() => {
        try {
          resolve(settle());
        } catch (error) {
          reject(error);
        }
      }, ms),
    );
  // Each first attempt ignores the abort: it is given up at 40 ms and retried from about
  // 415–540 ms; it then ends late, during the backoff or during the next attempts.
  it.each([
    [
      'answers 503 during the backoff',
      [settleAfter(150, () => json(503, { code: 'INTERNAL_ERROR' })), json(200, balanceRecord)],
      [line('warn', timedOut, 0), line('info', '200', 1)],
    ],
    [
      'fails once the second attempt got its 503',
      [
        settleAfter(600, () => {
          throw new TypeError('late');
        }),
        json(503, { code: 'INTERNAL_ERROR' }),
        json(200, balanceRecord),
      ],
      [line('warn', timedOut, 0), line('warn', '503 INTERNAL_ERROR', 1), line('info', '200', 2)],
    ],
  ])(
    'logs an attempt given up at its timeout as that timeout when its fetch %s',
    async (_, steps, expected) => {
      const { lines, logger } = recorder();
      const { client } = clientWith(steps, { logger, logLevel: 'info', timeout: 40 });
      await client.balance.retrieve();
      expect(lines.map((one) => one.replace(/ in \d+ ms/, ''))).toEqual(expected);
    },
  );

  it('logs the failed attempt, then the abort, when the caller aborts while a retry waits', async () => {
    const { lines, logger } = recorder();
    const { client, requests } = clientWith([json(503, { code: 'INTERNAL_ERROR' })], {
      logger,
      logLevel: 'info',
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 60);
    const error = await client.balance.retrieve({ signal: controller.signal }).catch((e) => e);
    expect(error.name).toBe('APIUserAbortError');
    expect(requests).toHaveLength(1);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^warn \[pix-payments\] GET \/v1\/integrations\/balance 503 INTERNAL_ERROR in \d+ ms \(retry 0\)$/,
    );
    expect(lines[1]).toMatch(
      /^info \[pix-payments\] GET \/v1\/integrations\/balance failed: .+ \(retry 0\)$/,
    );
  });

  it('logs at warn by default: a retried attempt, not a success or a thrown error', async () => {
    const lines: string[] = [];
    const logger = {
      debug: (m: string) => lines.push(`debug ${m}`),
      info: (m: string) => lines.push(`info ${m}`),
      warn: (m: string) => lines.push(`warn ${m}`),
      error: (m: string) => lines.push(`error ${m}`),
    };
    const balance = { available: 1, pending: 0, currency: 'BRL', updatedAt: '2026-11-21T10:00:00Z' };
    const { client } = clientWith([json(503, {}), json(200, balance), json(404, {})], { logger });
    await client.balance.retrieve();
    await client.balance.retrieve().catch(() => {});
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^warn \[pix-payments\] GET \/v1\/integrations\/balance 503 in \d+ ms \(retry 0\)$/,
    );
  });
});

describe('error answers whose body is slow, endless or large', () => {
  /** An error answer whose headers come at once and whose body stalls after a first chunk. */
  const stalled = (status: number, heedsAbort: boolean, seen: { cancelled: boolean }) => (request: Request) =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"code":"INSUFFICIENT_FUNDS","message":"no'));
          // As undici does: aborting the request errors the body.
          if (heedsAbort)
            request.signal.addEventListener('abort', () => controller.error(request.signal.reason));
        },
        cancel() {
          seen.cancelled = true;
        },
      }),
      { status, headers: { 'content-type': 'application/json' } },
    );

  it('a payout refused with a slow 422 body is an UnprocessableEntityError, sent once, with no "may have been created"', async () => {
    const seen = { cancelled: false };
    const steps = [1, 2, 3].map(() => stalled(422, true, seen));
    const { client, requests } = clientWith(steps, { timeout: 100, maxRetries: 2 });
    const error = await client.cashouts.create(payoutParams).catch((e) => e);
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect(error.message).not.toMatch(/may have been created/);
    expect(requests).toHaveLength(1);
  });

  it('a 400 whose body never ends, from a fetch that ignores the abort: a BadRequestError, the body released', async () => {
    const seen = { cancelled: false };
    const { client } = clientWith([stalled(400, false, seen)], { timeout: 100, maxRetries: 0 });
    const error = await client.balance.retrieve().catch((e) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen.cancelled).toBe(true);
  });

  it('reads no more of a 50 MiB error page than 10 MiB', async () => {
    let pulled = 0;
    const chunk = new Uint8Array(2 ** 20).fill(0x61);
    let left = 50;
    const page = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (left-- === 0) return controller.close();
        pulled += chunk.byteLength;
        controller.enqueue(chunk.slice());
      },
    });
    const { client } = clientWith(
      [new Response(page, { status: 502, headers: { 'content-type': 'text/html' } })],
      {
        maxRetries: 0,
      },
    );
    const error = await client.balance.retrieve().catch((e) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(pulled).toBeLessThanOrEqual(12 * 2 ** 20);
  });
});
