/**
 * The receivers, the stores and the webhook functions refuse an option name they do not take
 * (JavaScript has no compiler to catch `{ secrets }`), with a TypeError naming the one meant, like
 * their other option checks, when they are made: before any delivery.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  constructWebhookEvent,
  createNodeWebhookHandler,
  createSignedWebhook,
  createWebhookHandler,
  MemoryDedupeStore,
  type NodeWebhookRequest,
  parseWebhookEvent,
  RedisDedupeStore,
  type WebhookEvent,
  type WebhookHandlerOptions,
  WebhookHub,
} from '../../src/webhooks/index.js';
import { SECRET, transactionEvent } from './fixtures.js';

/** A Redis client that answers every command as a free key would. */
const redis = { call: async (command: string) => (command === 'SET' ? 'OK' : 1) };

/** Every option of a receiver, with a value it takes: the compiler keeps it complete. */
const everyHandlerOption = (handled: WebhookEvent[]): Required<WebhookHandlerOptions> => ({
  secret: [SECRET, `whsec_${'o'.repeat(32)}`],
  onEvent: (event) => void handled.push(event),
  hub: new WebhookHub(),
  store: new MemoryDedupeStore({ maxEntries: 10, now: Date.now }),
  dedupeTtlSeconds: 60,
  processingTimeoutSeconds: 5,
  maxBodyBytes: 65_536,
  slowHandlerSeconds: 5,
  toleranceSeconds: 10 ** 9,
  onIssue: () => {},
  onError: () => {},
});
const HANDLER_NAMES = Object.keys(everyHandlerOption([]));

/** A Node request carrying `body`, and a response that keeps its status and body. */
function nodeExchange(body: string, headers: Record<string, string>) {
  const request: NodeWebhookRequest = {
    method: 'POST',
    headers,
    async *[Symbol.asyncIterator]() {
      yield new TextEncoder().encode(body);
    },
  };
  const answer = { statusCode: 0, body: '' };
  const response = {
    set statusCode(status: number) {
      answer.statusCode = status;
    },
    setHeader: () => {},
    end: (text?: string) => {
      answer.body = text ?? '';
    },
  };
  return { request, response, answer };
}

/** The receivers, as functions that answer a signed delivery with its status. */
const receivers = {
  createWebhookHandler: async (options: WebhookHandlerOptions) => {
    const handler = createWebhookHandler(options);
    const { body, headers } = await createSignedWebhook(transactionEvent(), SECRET);
    return (await handler(new Request('http://receiver.test/', { method: 'POST', body, headers }))).status;
  },
  createNodeWebhookHandler: async (options: WebhookHandlerOptions) => {
    const handler = createNodeWebhookHandler(options);
    const { body, headers } = await createSignedWebhook(transactionEvent(), SECRET);
    const { request, response, answer } = nodeExchange(body, headers);
    await handler(request, response as never);
    return answer.statusCode;
  },
};
const makers = {
  createWebhookHandler: (options: WebhookHandlerOptions) => createWebhookHandler(options),
  createNodeWebhookHandler: (options: WebhookHandlerOptions) => createNodeWebhookHandler(options),
};

/** What `run` threw, synchronously or by rejecting. */
async function thrown(run: () => unknown): Promise<Error | undefined> {
  try {
    await run();
  } catch (error) {
    return error as Error;
  }
  return undefined;
}

describe.each(Object.keys(receivers) as (keyof typeof receivers)[])('%s options', (owner) => {
  const make = (extra: Record<string, unknown>) => () =>
    makers[owner]({ secret: SECRET, onEvent: () => {}, ...extra } as WebhookHandlerOptions);

  it.each([
    ['secrets', 'secret', [SECRET]],
    ['onevent', 'onEvent', () => {}],
    ['tolerance', 'toleranceSeconds', 300],
    ['maxBodySize', 'maxBodyBytes', 1024],
    ['dedupeTTL', 'dedupeTtlSeconds', 60],
    ['onErorr', 'onError', () => {}],
  ])('%s is a TypeError naming %s, when the receiver is made', (name, meant, value) => {
    expect(make({ [name]: value })).toThrow(TypeError);
    expect(make({ [name]: value })).toThrow(`Unknown option ${name} of ${owner}; did you mean ${meant}?`);
  });

  it("a store's option is answered with the names a receiver takes", () => {
    expect(make({ maxEntries: 10 })).toThrow(
      `Unknown option maxEntries of ${owner}; it takes ${HANDLER_NAMES.join(', ')}`,
    );
  });

  it('a misspelt onEvent is named as such, not as a missing onEvent', () => {
    const options = { secret: SECRET, onEvnet: () => {} } as unknown as WebhookHandlerOptions;
    expect(() => makers[owner](options)).toThrow(`Unknown option onEvnet of ${owner}; did you mean onEvent?`);
    expect(() => makers[owner](undefined as never)).toThrow('onEvent must be a function');
  });

  it('takes every option it documents, and handles a delivery with them', async () => {
    const handled: WebhookEvent[] = [];
    expect(await receivers[owner](everyHandlerOption(handled))).toBe(200);
    expect(handled).toHaveLength(1);
  });

  it('refuses any name it does not take, and takes any set of names it does', () => {
    const every = everyHandlerOption([]);
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 20 }).filter((name) => !HANDLER_NAMES.includes(name)),
        fc.subarray(HANDLER_NAMES),
        (unknown, known) => {
          const options = Object.fromEntries(known.map((name) => [name, every[name as keyof typeof every]]));
          expect(make(options)).not.toThrow();
          expect(make({ ...options, [unknown]: 1 })).toThrow(
            new RegExp(`^Unknown option .* of ${owner}; (did you mean|it takes) `),
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('store options', () => {
  it.each([
    ['MemoryDedupeStore', 'maxEntires', 'maxEntries', (o: object) => new MemoryDedupeStore(o)],
    ['MemoryDedupeStore', 'clock', undefined, (o: object) => new MemoryDedupeStore(o)],
    ['RedisDedupeStore', 'prefx', 'prefix', (o: object) => new RedisDedupeStore(redis, o)],
    ['RedisDedupeStore', 'keyPrefix', 'prefix', (o: object) => new RedisDedupeStore(redis, o)],
    ['RedisDedupeStore', 'ttl', undefined, (o: object) => new RedisDedupeStore(redis, o)],
  ])('%s: %s is a TypeError naming %s', (owner, name, meant, make) => {
    const refused = () => make({ [name]: 1 });
    expect(refused).toThrow(TypeError);
    expect(refused).toThrow(
      `Unknown option ${name} of ${owner}; ${meant ? `did you mean ${meant}?` : 'it takes '}`,
    );
  });

  it('take every option they document, and work with them', async () => {
    const memory = new MemoryDedupeStore({ maxEntries: 2, now: () => 1_000 });
    expect(memory.claim('k', 't', 10)).toBe('claimed');
    expect(memory.claim('k', 'u', 10)).toBe('in-progress');
    const sent: unknown[][] = [];
    const call = async (...args: unknown[]) => {
      sent.push(args);
      return 'OK';
    };
    const store = new RedisDedupeStore({ call }, { prefix: 'app:' });
    expect(await store.claim('k', 't', 10)).toBe('claimed');
    expect(sent[0]?.[1]).toBe('app:k');
    // No options, and undefined ones, as before.
    expect(() => new MemoryDedupeStore()).not.toThrow();
    expect(() => new MemoryDedupeStore({ maxEntries: undefined, now: undefined } as never)).not.toThrow();
    expect(() => new RedisDedupeStore(redis)).not.toThrow();
  });

  it('refuse any name they do not take, and take any set of names they do', () => {
    const every = { maxEntries: 5, now: Date.now, prefix: 'app:' };
    const stores = [
      [['maxEntries', 'now'], (options: object) => new MemoryDedupeStore(options)],
      [['prefix'], (options: object) => new RedisDedupeStore(redis, options)],
    ] as const;
    fc.assert(
      fc.property(
        fc.constantFrom(...stores),
        fc.string({ minLength: 1, maxLength: 20 }),
        fc.boolean(),
        ([names, make], unknown, withKnown) => {
          fc.pre(!(names as readonly string[]).includes(unknown));
          const options = Object.fromEntries(
            withKnown ? names.map((name) => [name, every[name as keyof typeof every]]) : [],
          );
          expect(() => make(options)).not.toThrow();
          expect(() => make({ ...options, [unknown]: 1 })).toThrow(TypeError);
        },
      ),
    );
  });
});

describe('the functions that take options', () => {
  it('constructWebhookEvent: a misspelt tolerance never silently turns replay protection off', async () => {
    const { body, headers } = await createSignedWebhook(transactionEvent(), SECRET);
    const error = await thrown(() =>
      constructWebhookEvent(body, headers, SECRET, { tolerance: 300 } as never),
    );
    expect(error).toBeInstanceOf(TypeError);
    expect(error?.message).toBe(
      'Unknown option tolerance of constructWebhookEvent; did you mean toleranceSeconds?',
    );
    const event = await constructWebhookEvent(body, headers, SECRET, {
      toleranceSeconds: 10 ** 9,
      onIssue: () => {},
      now: Date.now,
    });
    expect(event.event).toBe('transaction.completed');
  });

  it('parseWebhookEvent and createSignedWebhook', async () => {
    const { body } = await createSignedWebhook(transactionEvent(), SECRET, { canonical: true });
    expect(() => parseWebhookEvent(body, { onIssues: () => {} } as never)).toThrow(
      'Unknown option onIssues of parseWebhookEvent; did you mean onIssue?',
    );
    expect(parseWebhookEvent(body, { onIssue: () => {} }).event).toBe('transaction.completed');
    const error = await thrown(() =>
      createSignedWebhook(transactionEvent(), SECRET, { canonicial: true } as never),
    );
    expect(error).toBeInstanceOf(TypeError);
    expect(error?.message).toBe('Unknown option canonicial of createSignedWebhook; did you mean canonical?');
  });
});
