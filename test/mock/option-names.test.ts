/**
 * createMockService and startMockServer refuse option names they do not take, with a TypeError
 * naming the one meant; a merchant's option at the top level is told where it goes.
 */
import { describe, expect, it } from 'vitest';
import { createMockService, type MockServiceOptions, startMockServer } from '../../src/mock-entry.js';

const create = (options: Record<string, unknown>) => () => createMockService(options as MockServiceOptions);

describe('createMockService options', () => {
  it.each([
    [
      { secretKey: 'sk_live_prod_x' },
      'Unknown option secretKey of createMockService; did you mean merchants: [{ secretKey }]?',
    ],
    [
      { manualApproval: true },
      'Unknown option manualApproval of createMockService; did you mean merchants: [{ manualApproval }]?',
    ],
    [{ payoutFee: 100 }, 'Unknown option payoutFee of createMockService; did you mean payoutFeeCents?'],
    [{ seeds: 2 }, 'Unknown option seeds of createMockService; did you mean seed?'],
    [
      { merchants: [{ secret_key: 'x' }] },
      "Unknown option secret_key of createMockService's merchants; did you mean secretKey?",
    ],
  ])('%j is a TypeError: %s', (options, message) => {
    expect(create(options)).toThrow(TypeError);
    expect(create(options)).toThrow(message);
  });

  it('a name near none is answered with the names it takes', () => {
    expect(create({ zzz: 1 })).toThrow(
      /^Unknown option zzz of createMockService; it takes baseUrl, merchants, /,
    );
  });

  it('takes every option it documents', () => {
    const mock = createMockService({
      baseUrl: 'https://api.pix-mock.test',
      merchants: [
        {
          id: 'm',
          name: 'SHOP',
          city: 'RIO',
          manualApproval: true,
          cashInFeeCents: 1,
          initialBalanceCents: 5,
        },
      ],
      payoutFeeCents: 1,
      startAt: '2026-11-21T10:00:00Z',
      jwtSecret: 'j'.repeat(32),
      userTokenTtlSeconds: 60,
      webhookRetryDelaysMs: [1],
      webhookTimeoutMs: 100,
      deliverWebhooks: false,
      chargeExpirySeconds: 60,
      answers: 'varied',
      seed: 3,
    });
    expect(mock.merchants[0]?.id).toBe('m');
  });
});

describe('startMockServer options', () => {
  it.each([
    [
      { secretKey: 'sk_live_prod_x' },
      'Unknown option secretKey of startMockServer; did you mean merchants: [{ secretKey }]?',
    ],
    [{ prot: 4010 }, 'Unknown option prot of startMockServer; did you mean port?'],
    [{ stateFile: 'x.sqlite' }, 'Unknown option stateFile of startMockServer; did you mean state?'],
    [
      { baseUrl: 'http://127.0.0.1:4010' },
      "Unknown option baseUrl of startMockServer; did you mean port and host (the server's url follows from them)?",
    ],
  ])('%j is a TypeError before anything listens: %s', async (options, message) => {
    const start = startMockServer(options as never);
    await expect(start).rejects.toThrow(TypeError);
    await expect(start).rejects.toThrow(message);
  });

  it('takes port, host and the service options', async () => {
    const server = await startMockServer({ port: 0, host: '127.0.0.1', seed: 2, merchants: [{ id: 'm' }] });
    try {
      expect(server.service.merchants[0]?.id).toBe('m');
    } finally {
      await server.close();
    }
  });
});
