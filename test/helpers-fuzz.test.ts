/**
 * Every exported helper, called with hostile arguments (anything at all, prototype keys, null
 * prototypes, NaN, Infinity, huge numbers and strings, deep nesting, symbols, wrong arity),
 * throws only what it documents: its JSDoc `@throws` and the README. An async helper's
 * rejections count as throws. A TypeError counts as documented only when it is the SDK's own,
 * with a message that says what is wrong; a raw engine TypeError ("Cannot read properties of
 * null") or a RangeError from deep inside is a bug.
 *
 * The exported functions are enumerated at run time from `pix-payments`, `pix-payments/webhooks`
 * and `pix-payments/qr`: a new export without a row in SPECS fails the coverage test.
 *
 * The constructors of MemoryDedupeStore, RedisDedupeStore and PaymentsClient are fuzzed the same
 * way (the classes' methods are out of scope).
 *
 * FUZZ_RUNS=5000 npx vitest run test/helpers-fuzz.test.ts hunts longer (300 runs by default).
 */
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as main from '../src/index.js';
import * as qr from '../src/qr/index.js';
import * as webhooks from '../src/webhooks/index.js';

const { AmountError, BrCodeError, MemoryDedupeStore, PaymentsClient, PaymentsError, RedisDedupeStore } = main;
const { WebhookParseError, WebhookSignatureError } = webhooks;

type Fn = (...args: unknown[]) => unknown;
type ErrorClass = abstract new (...args: never[]) => Error;

// ---- What counts as documented ------------------------------------------------------------

/** Messages of TypeErrors the engine or Node throws, never the SDK's own. */
const ENGINE_TYPE_ERROR =
  /Cannot read propert|Cannot set propert|is not a function|is not iterable|is not a constructor|Cannot convert|Cannot create property|Cannot assign to read only|Cannot add property|Cannot destructure|Cannot use 'in' operator|Cannot mix BigInt|serialize a BigInt|circular structure|Invalid value used|null prototype|called on null or undefined|Symbol value|Right-hand side of 'instanceof'|Reduce of empty array/;
/** RangeErrors of the engine: a stack overflow, an impossible array or string. */
const ENGINE_RANGE_ERROR =
  /Maximum call stack size exceeded|Invalid array length|Invalid string length|Invalid typed array length|toFixed\(\) digits|toPrecision\(\) argument|radix|Invalid time value|Invalid count value/;

function isEngineError(error: unknown): boolean {
  if (error instanceof TypeError) {
    return typeof (error as { code?: unknown }).code === 'string' || ENGINE_TYPE_ERROR.test(error.message);
  }
  return error instanceof RangeError && ENGINE_RANGE_ERROR.test(error.message);
}

interface Spec {
  /** What the function documents, and where. */
  documented: string;
  /** The error classes it may throw (or reject with). A TypeError or RangeError must be the SDK's own. */
  throws: readonly ErrorClass[];
  /** Arguments worth more than random ones: near-valid shapes that reach deep code. */
  args?: fc.Arbitrary<unknown[]>;
}

// ---- Hostile values -----------------------------------------------------------------------

const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'toJSON',
  'then',
  'get',
  'length',
  'prototype',
  'call',
  'sendCommand',
] as const;

const key = fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(...PROTOTYPE_KEYS));
const numbers = fc.oneof(
  fc.constantFrom(
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    -0,
    0,
    1e308,
    -1e308,
    5e-324,
    2 ** 53,
    2 ** 53 + 2,
    -(2 ** 53),
    1e13,
    10000000000000.01,
    9e13,
    1e15,
    1e21,
    0.1 + 0.2,
    10.005,
  ),
  fc.double(),
  fc.integer(),
  fc.maxSafeInteger(),
);
const nastyStrings = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: fc.constantFrom('\uD800', '\uDC00', '\u0000', '\u00e9', '😀', ' ', '%', '"') }),
  fc.constantFrom('', ' ', '__proto__', 'constructor', 'NaN', '1e400', '0x10', '[object Object]'),
  fc.constantFrom(1_000, 100_000, 2_000_000).map((n) => 'x'.repeat(n)),
);
/** An object whose prototype (not itself) holds the hostile keys. */
const withPrototype = fc
  .dictionary(key, fc.oneof(fc.constant(null), fc.constant(undefined), fc.integer(), fc.string()), {
    maxKeys: 4,
  })
  .map((proto) => Object.create(proto) as object);
const prototypeKeyed = fc.dictionary(
  fc.constantFrom(...PROTOTYPE_KEYS),
  fc.oneof(fc.constant(null), fc.constant(undefined), fc.integer(), fc.string(), fc.constant({})),
  { maxKeys: 4, noNullPrototype: false },
);
/** Values nested 10 to 100,000 deep, made once (and frozen: a helper must not write into its input). */
const DEEP_VALUES = [10, 1_000, 100_000].flatMap((depth) =>
  (['array', 'object'] as const).map((kind) => {
    let value: object = [];
    for (let i = 0; i < depth; i++) {
      value = kind === 'array' ? [value] : { a: value };
      // fast-check prints counterexamples recursively: give the outermost level a short name.
      if (i === depth - 1)
        Object.defineProperty(value, fc.toStringMethod, { value: () => `nested(${depth}, ${kind})` });
      Object.freeze(value);
    }
    return value;
  }),
);
const deep = fc.constantFrom(...DEEP_VALUES);

const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything({
    key,
    maxDepth: 3,
    withBigInt: true,
    withBoxedValues: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withNullPrototype: true,
    withObjectString: true,
    withSparseArray: true,
    withTypedArray: true,
  }),
  numbers,
  nastyStrings,
  withPrototype,
  prototypeKeyed,
  deep,
  fc.constantFrom(
    null,
    undefined,
    true,
    false,
    Symbol('x'),
    10n,
    [],
    {},
    () => undefined,
    new ArrayBuffer(4),
  ),
);
/** Zero to four hostile arguments. */
const anyArgs = fc.array(hostile, { maxLength: 4 });

// ---- Near-valid shapes --------------------------------------------------------------------

const SECRET = 'whsec_fuzz';
const EVENT_NAMES = [...main.WEBHOOK_EVENT_NAMES, 'webhook.revalidate', 'something.new'];
const VALID_BR_CODE = qr.buildBrCode({
  url: 'pix.example.com/qr/v2/9d36b84f-c70b-4f4c-9a2e-1b8c2c1b0c1d',
  amountCents: 1990,
  merchantName: 'LOJA',
  merchantCity: 'SAO PAULO',
  txid: 'abc123',
});
/** Field ids the valid code does not use, for extra fields. */
const FREE_IDS = Array.from({ length: 100 }, (_, id) => String(id).padStart(2, '0')).filter(
  (id) => !['00', '01', '26', '52', '53', '54', '58', '59', '60', '62', '63'].includes(id),
);
const withCrc = (body: string) => body + crc(body);
const brCodeLike = fc.oneof(
  fc.constant(VALID_BR_CODE),
  fc.tuple(fc.nat(VALID_BR_CODE.length), nastyStrings).map(([at, text]) => VALID_BR_CODE.slice(0, at) + text),
  // Any structure with a correct CRC, so that parsing goes past the CRC check.
  fc
    .array(
      fc
        .tuple(fc.stringMatching(/^\d{2}$/), fc.string({ maxLength: 30 }))
        .map(([id, value]) => `${id}${String(value.length).padStart(2, '0')}${value}`),
      { maxLength: 12 },
    )
    .map((fields) => withCrc(`${fields.join('')}6304`)),
  // Any amount in field 54 (digits, dots, huge, exponents), with a correct CRC.
  fc
    .oneof(fc.stringMatching(/^[0-9.]{1,30}$/), fc.double().map(String), fc.stringMatching(/^[0-9]{10,20}$/))
    .map((amount) =>
      withCrc(
        `${VALID_BR_CODE.slice(0, -8).replace('540519.90', `54${String(amount.length).padStart(2, '0')}${amount}`)}6304`,
      ),
    ),
  // Many extra fields: a valid BR Code, up to one too long for any QR code.
  fc.nat(FREE_IDS.length).map((n) => {
    const extra = FREE_IDS.slice(0, n).map((id) => `${id}99${'x'.repeat(99)}`);
    return withCrc(`${VALID_BR_CODE.slice(0, -8)}${extra.join('')}6304`);
  }),
);
/** The CRC the SDK computes (CRC16/CCITT-FALSE), written again so that this file needs no internals. */
function crc(text: string): string {
  let value = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    value ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      value = value & 0x8000 ? ((value << 1) ^ 0x1021) & 0xffff : (value << 1) & 0xffff;
  }
  return value.toString(16).toUpperCase().padStart(4, '0');
}

const qrOptions = fc.oneof(
  hostile,
  fc.record(
    {
      ecc: fc.oneof(fc.constantFrom('L', 'M', 'Q', 'H'), hostile),
      border: fc.oneof(fc.nat(10), numbers, hostile),
      validate: fc.oneof(fc.boolean(), hostile),
      pixelSize: fc.oneof(fc.integer({ min: 1, max: 20 }), numbers, hostile),
      darkColor: fc.oneof(fc.constantFrom('#000', 'red'), nastyStrings, hostile),
      lightColor: fc.oneof(fc.constantFrom('#fff'), nastyStrings, hostile),
    },
    { requiredKeys: [] },
  ),
);
const qrArgs = fc.tuple(fc.oneof(brCodeLike, nastyStrings, hostile), qrOptions);

const buildInput = fc.record(
  {
    url: fc.oneof(fc.constant('pix.example.com/qr/v2/1'), nastyStrings, hostile),
    key: fc.oneof(fc.constant('52998224725'), nastyStrings, hostile),
    description: fc.oneof(nastyStrings, hostile),
    amountCents: fc.oneof(fc.integer({ min: 1, max: 1_000_000_00 }), numbers, hostile),
    merchantName: fc.oneof(fc.constant('LOJA'), nastyStrings, hostile),
    merchantCity: fc.oneof(fc.constant('SAO PAULO'), nastyStrings, hostile),
    txid: fc.oneof(fc.constant('abc123'), nastyStrings, hostile),
    merchantCategoryCode: fc.oneof(fc.constant('0000'), nastyStrings, hostile),
  },
  { requiredKeys: [] },
);

const staticInput = fc.record(
  {
    pixKey: fc.oneof(fc.constant('52998224725'), fc.constant('Ana@Example.com'), nastyStrings, hostile),
    amount: fc.oneof(fc.constant(19.9), numbers, hostile),
    merchantName: fc.oneof(fc.constant('Padaria São João'), nastyStrings, hostile),
    city: fc.oneof(fc.constant('São Paulo'), nastyStrings, hostile),
    txid: fc.oneof(fc.constant('abc123'), nastyStrings, hostile),
    description: fc.oneof(fc.constant('Pão'), nastyStrings, hostile),
  },
  { requiredKeys: [] },
);

const DEEP_ARRAY_JSON = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
const DEEP_EVENTS = [10, 1_000, 100_000].map(
  (n) => `{"event":"transaction.completed","data":${'{"a":'.repeat(n)}1${'}'.repeat(n)}}`,
);
/** A JSON body that may be an event, with hostile values where fields belong. */
const eventBody = fc.oneof(
  fc
    .record(
      {
        event: fc.oneof(fc.constantFrom(...EVENT_NAMES), hostile),
        timestamp: fc.oneof(
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
          hostile,
        ),
        data: fc.oneof(
          fc.record(
            {
              referenceId: fc.oneof(fc.uuid(), hostile),
              transactionId: fc.oneof(fc.uuid(), hostile),
              id: hostile,
              amount: fc.oneof(numbers, fc.string(), hostile),
              status: hostile,
              trackingParameters: hostile,
              webhookId: fc.oneof(fc.uuid(), hostile),
              ['__proto__']: hostile,
              constructor: hostile,
            },
            { requiredKeys: [] },
          ),
          hostile,
        ),
      },
      { requiredKeys: [] },
    )
    .map((body) => safeStringify(body)),
  nastyStrings,
  fc.constantFrom('{"event":"x","data":', DEEP_ARRAY_JSON, 'null', '[]'),
  fc.constantFrom(...DEEP_EVENTS),
);
function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch {
    return '{}';
  }
}
const payload = fc.oneof(
  eventBody,
  eventBody.map((text) => new TextEncoder().encode(text)),
  eventBody.map((text) => new TextEncoder().encode(text).buffer as ArrayBuffer),
  hostile,
);
const secret = fc.oneof(
  fc.constant(SECRET),
  fc.constant([SECRET, 'old']),
  hostile,
  fc.array(hostile, { maxLength: 3 }),
);
const headersFor = (body: unknown) =>
  fc.oneof(
    fc.constant(signedHeaders(body)),
    fc.record(
      {
        'x-webhook-signature': fc.oneof(fc.constant(signatureOf(body)), nastyStrings, hostile),
        'X-Webhook-Event': hostile,
      },
      { requiredKeys: [] },
    ),
    fc.constant(new Headers(signedHeaders(body))),
    hostile,
  );
/** The signature the service would send for `body` with SECRET ('' for a body that is not raw). */
function signatureOf(body: unknown): string {
  if (typeof body !== 'string' && !(body instanceof Uint8Array) && !(body instanceof ArrayBuffer)) return '';
  const bytes = typeof body === 'string' ? body : new Uint8Array(body);
  return createHmac('sha256', SECRET).update(bytes).digest('hex');
}
function signedHeaders(body: unknown): Record<string, string> {
  return { 'x-webhook-signature': signatureOf(body) };
}

const constructArgs = payload.chain((body) =>
  fc.tuple(
    fc.constant(body),
    headersFor(body),
    secret,
    fc.oneof(
      fc.constant(undefined),
      fc.record(
        {
          toleranceSeconds: fc.oneof(numbers, hostile),
          now: fc.oneof(
            fc.constant(() => Date.now()),
            hostile,
          ),
          onIssue: fc.oneof(
            fc.constant(() => undefined),
            hostile,
          ),
        },
        { requiredKeys: [] },
      ),
      hostile,
    ),
  ),
);

const schemas = Object.entries(main).filter(
  ([, value]) => typeof value === 'object' && value !== null && '_zod' in value,
) as [string, unknown][];

const handlerOptions = fc.oneof(
  hostile,
  fc.record(
    {
      secret,
      onEvent: fc.oneof(
        fc.constant(() => undefined),
        hostile,
      ),
      store: hostile,
      dedupeTtlSeconds: fc.oneof(numbers, hostile),
      processingTimeoutSeconds: fc.oneof(numbers, hostile),
      toleranceSeconds: fc.oneof(numbers, hostile),
      onIssue: hostile,
      onError: hostile,
      maxBodyBytes: fc.oneof(numbers, hostile),
    },
    { requiredKeys: [] },
  ),
);

const pixKeyType = fc.oneof(fc.constantFrom(...main.PIX_KEY_TYPES), hostile);

// ---- The table ----------------------------------------------------------------------------

const SPECS: Record<string, Spec> = {
  toCents: {
    documented: '@throws {AmountError} for a non-finite number, more than two decimals, or a sum too large',
    throws: [AmountError],
    args: fc.tuple(numbers),
  },
  fromCents: { documented: '@throws {AmountError} when cents is not a safe integer', throws: [AmountError] },
  formatCents: {
    documented: '@throws {AmountError} when cents is not a safe integer',
    throws: [AmountError],
  },
  isValidCpf: { documented: 'a predicate: false for anything not a valid CPF', throws: [] },
  isValidCnpj: { documented: 'a predicate: false for anything not a valid CNPJ', throws: [] },
  isValidPixKey: {
    documented: 'a predicate that never throws',
    throws: [],
    args: fc.tuple(pixKeyType, fc.oneof(nastyStrings, hostile)),
  },
  normalizePixKey: {
    documented: '@throws {TypeError} when key is not a string or type is not a PIX key type',
    throws: [TypeError],
    args: fc.tuple(pixKeyType, fc.oneof(nastyStrings, hostile)),
  },
  parseBrCode: {
    documented: '@throws {BrCodeError} naming the field at fault; also for a value that is not a string',
    throws: [BrCodeError],
    args: fc.tuple(fc.oneof(brCodeLike, hostile)),
  },
  buildBrCode: {
    documented: '@throws {TypeError} for a wrong input type, {BrCodeError} for a part out of bounds',
    throws: [TypeError, BrCodeError],
    args: fc.tuple(fc.oneof(buildInput, hostile)),
  },
  buildStaticBrCode: {
    documented: '@throws {ValidationError} naming each field at fault and its rule',
    throws: [main.ValidationError],
    args: fc.tuple(fc.oneof(staticInput, hostile)),
  },
  pixCodeToSvg: {
    documented: '@throws {TypeError} bad argument or option, {BrCodeError}',
    throws: [TypeError, BrCodeError],
    args: qrArgs,
  },
  pixCodeToDataUrl: { documented: 'as pixCodeToSvg', throws: [TypeError, BrCodeError], args: qrArgs },
  pixCodeToTerminal: { documented: 'as pixCodeToSvg', throws: [TypeError, BrCodeError], args: qrArgs },
  pixCodeToMatrix: { documented: 'as pixCodeToSvg', throws: [TypeError, BrCodeError], args: qrArgs },
  isPaymentsError: { documented: 'a guard over unknown: never throws', throws: [] },
  isWebhookDeliveryError: { documented: 'a guard over unknown: never throws', throws: [] },
  isUnknownWebhookEvent: { documented: 'a guard over a parsed event', throws: [TypeError] },
  isWebhookPing: { documented: 'a guard over a parsed event', throws: [TypeError] },
  webhookEventKey: { documented: 'the key of a parsed event', throws: [TypeError] },
  safeParseWith: {
    documented: '"Never throws for bad input" (TypeError only for a schema that is not one)',
    throws: [TypeError],
    args: fc.tuple(fc.constantFrom(...schemas.map(([, schema]) => schema)), hostile),
  },
  postgresDedupeTableSql: {
    documented: 'TypeError for a table that is not a string, RangeError for one not name or schema.name',
    throws: [TypeError, RangeError],
    args: fc.tuple(fc.oneof(hostile, fc.string())),
  },
  pixCodeToPng: {
    documented: 'as pixCodeToSvg (rejects); pixelSize 1 to 32, colors #rgb, #rrggbb, black, white',
    throws: [TypeError, BrCodeError],
    args: qrArgs,
  },
  parseWebhookEvent: {
    documented: '@throws {WebhookParseError}; README: a parsed object is a TypeError',
    throws: [WebhookParseError, TypeError],
    args: fc.tuple(
      payload,
      fc.oneof(fc.constant(undefined), fc.constant({ onIssue: () => undefined }), hostile),
    ),
  },
  constructWebhookEvent: {
    documented:
      '@throws {WebhookSignatureError} with a reason; {WebhookParseError}; TypeError for a programming error',
    throws: [WebhookSignatureError, WebhookParseError, TypeError],
    args: constructArgs,
  },
  verifyWebhookSignature: {
    documented: '@throws {TypeError} when payload is not a raw body or the secret is empty; else a boolean',
    throws: [TypeError],
    args: fc.tuple(payload, fc.oneof(nastyStrings, hostile), secret),
  },
  signWebhookPayload: {
    documented: 'as verifyWebhookSignature: TypeError for a programming error',
    throws: [TypeError],
    args: fc.tuple(payload, secret),
  },
  createSignedWebhook: {
    documented: 'a test helper: TypeError for a programming error',
    throws: [TypeError],
    args: fc.tuple(
      fc.oneof(
        fc.record({
          event: fc.oneof(fc.constantFrom(...EVENT_NAMES), hostile),
          data: hostile,
          timestamp: hostile,
        }),
        hostile,
      ),
      secret,
    ),
  },
  createWebhookHandler: {
    documented: 'checks options when made: TypeError for onEvent, secret or store, RangeError for seconds',
    throws: [TypeError, RangeError],
    args: fc.tuple(handlerOptions),
  },
  createNodeWebhookHandler: {
    documented: 'checks options when made: TypeError for onEvent, secret or store, RangeError for seconds',
    throws: [TypeError, RangeError],
    args: fc.tuple(handlerOptions),
  },
};

/** A correctly signed delivery, for the examples below. */
const SIGNED_BODY = '{"event":"transaction.completed","timestamp":"2026-01-01T00:00:00Z","data":{}}';

// ---- Running ------------------------------------------------------------------------------

function exportedFunctions(): Map<string, Fn> {
  const found = new Map<string, Fn>();
  for (const module of [main, webhooks, qr]) {
    for (const [name, value] of Object.entries(module)) {
      if (typeof value !== 'function') continue;
      if (/^class[\s{]/.test(Function.prototype.toString.call(value))) continue;
      const known = found.get(name);
      if (known !== undefined && known !== value) throw new Error(`two different exports named ${name}`);
      found.set(name, value as Fn);
    }
  }
  return found;
}

/** fast-check's report with the counterexample cut short: deep and huge values would flood the log. */
function shortReport(details: fc.RunDetails<[unknown[]]>): void {
  if (!details.failed) return;
  const example = fc.stringify(details.counterexample);
  throw new Error(
    `${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}\n` +
      `counterexample (${example.length} characters): ${example.slice(0, 1500)}\n` +
      `replay with { seed: ${details.seed}, path: "${details.counterexamplePath}" }`,
  );
}

type Outcome = { ok: true } | { ok: false; reason: string };

function judge(name: string, spec: Spec, error: unknown): Outcome {
  const documented = spec.throws.some((Class) => error instanceof Class) && !isEngineError(error);
  if (documented) return { ok: true };
  const message = error instanceof Error ? error.message : String(error);
  const kind = error instanceof Error ? error.constructor.name : typeof error;
  const stack = error instanceof Error ? (error.stack ?? '').split('\n').slice(1, 4).join(' | ') : '';
  return { ok: false, reason: `${name} threw ${kind}: ${message.slice(0, 300)} at ${stack}` };
}

async function call(name: string, spec: Spec, run: () => unknown): Promise<Outcome> {
  try {
    const result = run();
    if (result instanceof Promise) await result;
    return { ok: true };
  } catch (error) {
    return judge(name, spec, error);
  }
}

const FUNCTIONS = exportedFunctions();
/** Runs per function; FUZZ_RUNS=5000 for a longer hunt. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

beforeAll(() => {
  // parseWebhookEvent warns once per odd field; the fuzz makes many.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterAll(() => {
  vi.restoreAllMocks();
});

describe('every exported helper throws only what it documents', () => {
  it('has a row for every exported function, and no row for a function that is gone', () => {
    expect([...FUNCTIONS.keys()].sort()).toEqual(Object.keys(SPECS).sort());
  });

  for (const [name, spec] of Object.entries(SPECS)) {
    it(`${name}: ${spec.documented}`, { timeout: 120_000 }, async () => {
      const fn = FUNCTIONS.get(name);
      expect(fn, `${name} is not exported`).toBeTypeOf('function');
      const args = spec.args === undefined ? anyArgs : fc.oneof(spec.args, anyArgs);
      await fc.assert(
        fc.asyncProperty(args, async (values) => {
          const outcome = await call(name, spec, () => (fn as Fn)(...values));
          if (!outcome.ok) throw new Error(outcome.reason);
        }),
        { numRuns: RUNS, reporter: shortReport },
      );
    });
  }
});

// ---- Constructors (the classes themselves are out of scope) ----------------------------------

const CONSTRUCTORS: Record<string, Spec & { Class: new (...args: never[]) => unknown }> = {
  MemoryDedupeStore: {
    Class: MemoryDedupeStore,
    documented: 'RangeError for a maxEntries that is not a positive integer',
    throws: [RangeError, TypeError],
    args: fc.tuple(
      fc.oneof(
        fc.record({ maxEntries: fc.oneof(numbers, hostile), now: hostile }, { requiredKeys: [] }),
        hostile,
      ),
    ),
  },
  RedisDedupeStore: {
    Class: RedisDedupeStore,
    documented: 'TypeError for a client that is neither ioredis (call) nor node-redis (sendCommand)',
    throws: [TypeError],
    args: fc.tuple(
      fc.oneof(
        fc.record(
          {
            call: fc.oneof(
              fc.constant(async () => 'OK'),
              hostile,
            ),
            sendCommand: fc.oneof(
              fc.constant(async () => 'OK'),
              hostile,
            ),
          },
          { requiredKeys: [] },
        ),
        hostile,
      ),
      fc.oneof(fc.record({ prefix: hostile }, { requiredKeys: [] }), hostile),
    ),
  },
  PaymentsClient: {
    Class: PaymentsClient,
    documented: 'a PaymentsError naming the option at fault',
    throws: [PaymentsError],
    args: fc.tuple(
      fc.oneof(
        fc.record(
          {
            secretKey: fc.oneof(fc.constant(`sk_live_prod_${'a'.repeat(32)}`), nastyStrings, hostile),
            baseUrl: fc.oneof(fc.constant('https://api.example.com'), nastyStrings, hostile),
            timeout: fc.oneof(numbers, hostile),
            maxRetries: fc.oneof(numbers, hostile),
            responseValidation: fc.oneof(fc.constantFrom('lenient', 'strict'), hostile),
            userToken: hostile,
            fetch: hostile,
            logger: hostile,
            logLevel: hostile,
          },
          { requiredKeys: [] },
        ),
        hostile,
      ),
    ),
  },
};

describe('constructors throw only what they document', () => {
  for (const [name, spec] of Object.entries(CONSTRUCTORS)) {
    it(`new ${name}(): ${spec.documented}`, { timeout: 120_000 }, async () => {
      const Class = spec.Class as unknown as new (...args: unknown[]) => unknown;
      await fc.assert(
        fc.asyncProperty(fc.oneof(spec.args as fc.Arbitrary<unknown[]>, anyArgs), async (values) => {
          const outcome = await call(name, spec, () => new Class(...values));
          if (!outcome.ok) throw new Error(outcome.reason);
        }),
        { numRuns: RUNS, reporter: shortReport },
      );
    });
  }
});

describe('programming errors the fuzz once found are clear errors now', () => {
  const cases: [string, () => unknown, ErrorClass, RegExp][] = [
    [
      'a guard over a value whose prototype has constructor null',
      () => main.isPaymentsError(Object.create({ constructor: null })),
      Error,
      /^$/,
    ],
    ['isWebhookPing(null)', () => webhooks.isWebhookPing(null as never), Error, /^$/],
    [
      'webhookEventKey(null)',
      () => webhooks.webhookEventKey(null as never),
      TypeError,
      /webhookEventKey needs a parsed webhook event .* got null/,
    ],
    [
      'safeParseWith({}, …)',
      () => main.safeParseWith({} as never, {}),
      TypeError,
      /safeParseWith needs one of the SDK's schemas/,
    ],
    [
      'parseWebhookEvent with onIssue: 5',
      () => webhooks.parseWebhookEvent(SIGNED_BODY, { onIssue: 5 } as never),
      TypeError,
      /onIssue must be a function, got 5/,
    ],
    [
      'parseWebhookEvent with options null',
      () => webhooks.parseWebhookEvent(SIGNED_BODY, null as never),
      TypeError,
      /parseWebhookEvent options must be an object, got null/,
    ],
    [
      'constructWebhookEvent without headers',
      () => webhooks.constructWebhookEvent(SIGNED_BODY, undefined as never, SECRET),
      TypeError,
      /headers must be a Headers object or a record of header values, got undefined/,
    ],
    [
      'constructWebhookEvent with now: 5',
      () =>
        webhooks.constructWebhookEvent(SIGNED_BODY, signedHeaders(SIGNED_BODY), SECRET, {
          toleranceSeconds: 10,
          now: 5,
        } as never),
      TypeError,
      /now must be a function, got 5/,
    ],
    [
      'constructWebhookEvent with a Symbol tolerance',
      () =>
        webhooks.constructWebhookEvent(SIGNED_BODY, signedHeaders(SIGNED_BODY), SECRET, {
          toleranceSeconds: Symbol('x'),
        } as never),
      TypeError,
      /toleranceSeconds must be a number of seconds >= 0, got symbol/,
    ],
    [
      'createSignedWebhook(undefined)',
      () => webhooks.createSignedWebhook(undefined as never, SECRET),
      TypeError,
      /createSignedWebhook event must be an object, got undefined/,
    ],
    [
      'createSignedWebhook with a BigInt',
      () =>
        webhooks.createSignedWebhook(
          { event: 'transaction.completed', data: { amount: 1n } } as never,
          SECRET,
        ),
      TypeError,
      /must be plain JSON data/,
    ],
    [
      'new MemoryDedupeStore(null)',
      () => new MemoryDedupeStore(null as never),
      TypeError,
      /MemoryDedupeStore options must be an object, got null/,
    ],
    [
      'new RedisDedupeStore(undefined)',
      () => new RedisDedupeStore(undefined as never),
      TypeError,
      /needs an ioredis client/,
    ],
    [
      'new PaymentsClient({ secretKey: false })',
      () => new PaymentsClient({ secretKey: false } as never),
      PaymentsError,
      /secretKey must be a string, got false/,
    ],
    [
      'new PaymentsClient(null)',
      () => new PaymentsClient(null as never),
      PaymentsError,
      /PaymentsClient options must be an object, got null/,
    ],
    [
      'new PaymentsClient with a Symbol timeout',
      () =>
        new PaymentsClient({
          secretKey: `sk_live_prod_${'a'.repeat(32)}`,
          baseUrl: 'https://api.example.com',
          timeout: Symbol('t'),
        } as never),
      PaymentsError,
      /timeout must be a number >= 1, got symbol/,
    ],
    [
      'new PaymentsClient with a logger without info',
      () =>
        new PaymentsClient({
          secretKey: `sk_live_prod_${'a'.repeat(32)}`,
          baseUrl: 'https://api.example.com',
          logger: { error() {}, warn() {} },
        } as never),
      PaymentsError,
      /logger must have the methods error, warn and info .*missing: info/,
    ],
  ];
  for (const [title, run, Class, message] of cases) {
    it(title, async () => {
      let thrown: unknown;
      try {
        await run();
      } catch (error) {
        thrown = error;
      }
      if (message.source === '^$') {
        // A guard: it answers, never throws.
        expect(thrown).toBeUndefined();
        return;
      }
      expect(thrown).toBeInstanceOf(Class);
      expect(isEngineError(thrown)).toBe(false);
      expect((thrown as Error).message).toMatch(message);
    });
  }

  it('a delivery whose header value is not text reads as a missing header', async () => {
    const headers = { ...signedHeaders(SIGNED_BODY), 'x-webhook-event': [Symbol('x')] as never };
    const event = await webhooks.constructWebhookEvent(SIGNED_BODY, headers, SECRET);
    expect(event.event).toBe('transaction.completed');
  });

  it('with a tolerance, a timestamp that is not a date is refused (its age cannot be checked)', async () => {
    const body = '{"event":"transaction.completed","timestamp":"yesterday","data":{}}';
    await expect(
      webhooks.constructWebhookEvent(body, signedHeaders(body), SECRET, { toleranceSeconds: 300 }),
    ).rejects.toMatchObject({ reason: 'timestamp_out_of_tolerance', message: /not a date/ });
  });
});
