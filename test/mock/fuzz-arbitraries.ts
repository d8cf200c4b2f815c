/**
 * Random requests for the fuzz test of the mock's HTTP surface: mostly aimed at an endpoint (its
 * method, its credential, a body near a valid one), sometimes anything at all. `RECORD_ID` and
 * `LEGACY_ID` in a path or body stand for a record that exists when the request is sent.
 */
import fc from 'fast-check';
import { bodyNear, type Fields, PROTO_KEYS, quote } from './fuzz-json.js';

export const CREDENTIALS = [
  'secret',
  'other-secret',
  'public',
  'user',
  'expired-user',
  'none',
  'garbage',
  'basic',
  'bare-bearer',
] as const;

export interface FuzzRequest {
  method: string;
  path: string;
  /** Which credential to send (resolved when sending). */
  credential: (typeof CREDENTIALS)[number];
  contentType: string | undefined;
  /** JSON text, or anything else; `undefined` for no body. */
  body: string | undefined;
}

const ODD_SEGMENTS = '%2F %00 %E0%A4%A .. %2e%2e caf%C3%A9 % 0 -1 99999999999999999999 events pay'.split(' ');
/** A path segment: a real record's id, a UUID, encoded or odd text, prototype names, thousands of characters. */
const segment = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('RECORD_ID', 'LEGACY_ID') },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.constantFrom(...PROTO_KEYS, ...ODD_SEGMENTS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }).map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.nat({ max: 6000 }).map((n) => 'a'.repeat(n)) },
);
const ACTIONS = 'pay expire fail reverse chargeback process complete cancel'.split(' ');
const action = fc.oneof(fc.constantFrom(...ACTIONS), fc.constantFrom(...PROTO_KEYS), segment);
const QUERY_NAMES = 'page per_page type status origin date_from date_to transactionId id'.split(' ');
const QUERY_VALUES = '1 0 -1 1e400 100 101 2026-02-31 2026-02-28 CASHIN PENDING RECORD_ID'.split(' ');
const query = fc
  .array(
    fc.tuple(
      fc.constantFrom(...QUERY_NAMES, ...PROTO_KEYS),
      fc.oneof(fc.constantFrom(...QUERY_VALUES), fc.string({ maxLength: 10 })),
    ),
    { maxLength: 4 },
  )
  .map((pairs) => {
    const text = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
    return text === '' ? '' : `?${text}`;
  });

const CPF_PAYOUT: Fields = [
  ['amount', '100'],
  ['pixKey', quote('52998224725')],
  ['pixKeyType', quote('CPF')],
];
const IDEMPOTENT_PAYOUT: Fields = [
  ...CPF_PAYOUT,
  ['idempotencyKey', quote('0b6f5c38-5fa3-4f5e-9d0c-7f4f3f0c2a11')],
];
const CHARGE: Fields = [
  ['amount', '12.34'],
  ['referenceId', quote('ref-1')],
  ['tracking_parameters', '{"utm_source":"x"}'],
];
const APPROVE: Fields = [
  ['id', 'LEGACY_ID'],
  ['transactionId', quote('RECORD_ID')],
];
const WEBHOOK: Fields = [
  ['url', quote('http://127.0.0.1:9/hook')],
  ['events', '["transaction.completed"]'],
];
const WEBHOOK_CHANGE: Fields = [
  ['description', quote('x')],
  ['status', quote('INACTIVE')],
];
const FAULT: Fields = [
  ['route', quote('balance')],
  ['kind', quote('latency')],
  ['ms', '0'],
  ['times', '1'],
];
const mockAction = fc
  .tuple(fc.constantFrom('charges', 'payouts'), segment, action)
  .map(([kind, id, name]) => `/__mock/${kind}/${id}/${name}`);

type Endpoint = [method: string, path: fc.Arbitrary<string>, FuzzRequest['credential'], bodies: Fields[]];
const fixed = (path: string) => fc.constant(path);
/** Every endpoint and scenario-control path, with its own credential and valid bodies. */
const ENDPOINTS: Endpoint[] = [
  ['GET', fixed('/v1/integrations/balance'), 'secret', []],
  ['POST', fixed('/v1/integrations/create-transaction'), 'secret', [[['amount', '10']], CHARGE]],
  ['GET', query.map((q) => `/v1/integrations/list-transactions${q}`), 'secret', []],
  ['POST', fixed('/v1/integrations/create-cashout'), 'secret', [CPF_PAYOUT, IDEMPOTENT_PAYOUT]],
  ['GET', segment.map((id) => `/v1/integrations/cashout/${id}`), 'secret', []],
  ['GET', query.map((q) => `/v1/integrations/cashout${q}`), 'secret', []],
  ['POST', fixed('/v1/integrations/approve-cashout'), 'other-secret', [APPROVE]],
  ['GET', fixed('/v1/user/webhooks/events'), 'user', []],
  ['POST', fixed('/v1/user/webhooks'), 'user', [WEBHOOK]],
  ['GET', fixed('/v1/user/webhooks'), 'user', []],
  ['GET', segment.map((id) => `/v1/user/webhooks/${id}`), 'user', []],
  ['PATCH', segment.map((id) => `/v1/user/webhooks/${id}`), 'user', [WEBHOOK_CHANGE]],
  ['DELETE', segment.map((id) => `/v1/user/webhooks/${id}`), 'user', []],
  ['POST', segment.map((id) => `/v1/user/webhooks/${id}/revalidate`), 'user', []],
  ['POST', mockAction, 'none', []],
  ['POST', fixed('/__mock/faults'), 'none', [FAULT]],
  [
    'POST',
    fixed('/__mock/clock'),
    'none',
    [[['advanceMs', '1000']], [['set', quote('2026-11-21T12:00:00Z')]]],
  ],
  ['POST', fixed('/__mock/user-tokens'), 'none', [[['merchantId', quote('merchant_2')]]]],
  ['GET', fixed('/__mock/state'), 'none', []],
  ['POST', fixed('/__mock/reset'), 'none', []],
];
const UNKNOWN_PATHS =
  '/ // /v1 /v1/integrations/ /v1/integrations/balance/ /V1/INTEGRATIONS/BALANCE /__mock'.split(' ');
const unknownPath = fc.oneof(
  fc.webPath(),
  segment.map((s) => `/${s}`),
  fc.constantFrom(...UNKNOWN_PATHS),
);

const OTHER_TYPES = [
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'text/plain',
  'application/jsonx',
  '',
];
const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  { weight: 2, arbitrary: fc.constantFrom(...OTHER_TYPES, 'application/x-www-form-urlencoded') },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

/** A random request with one of `methods` (what the transport can send). */
export function fuzzRequest(methods: readonly string[]): fc.Arbitrary<FuzzRequest> {
  const anyMethod = fc.constantFrom(...methods);
  const anyCredential = fc.constantFrom(...CREDENTIALS);
  const aimed = fc.constantFrom(...ENDPOINTS).chain(([method, path, credential, bodies]) =>
    fc.record({
      method: fc.oneof({ weight: 4, arbitrary: fc.constant(method) }, { weight: 1, arbitrary: anyMethod }),
      path,
      credential: fc.oneof(
        { weight: 3, arbitrary: fc.constant(credential) },
        { weight: 1, arbitrary: anyCredential },
      ),
      contentType,
      body: fc.option(bodyNear(...bodies), { nil: undefined, freq: bodies.length > 0 ? 8 : 2 }),
    }),
  );
  const anything = fc.record({
    method: anyMethod,
    path: fc.oneof(unknownPath, ...ENDPOINTS.map(([, path]) => path)),
    credential: anyCredential,
    contentType,
    body: fc.option(bodyNear(), { nil: undefined, freq: 2 }),
  });
  return fc.oneof({ weight: 3, arbitrary: aimed }, { weight: 1, arbitrary: anything });
}
