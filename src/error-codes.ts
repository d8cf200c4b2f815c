/**
 * Every error code the service answers, each written once: its status, what it means, and where
 * it may arrive. `src/operations.ts` names the codes each operation answers beyond the common
 * ones; the OpenAPI document, docs/errors.md (`npm run docs:errors`) and the mock's check of its
 * own answers (`src/mock/http/route.ts`) all read this table. The client never imports it.
 */

/**
 * Which requests may meet a code: `any`, every operation; `body`, every operation with a JSON
 * body; `operation`, those that name it in `src/operations.ts`; `server`, the sandbox's HTTP
 * server itself, before any operation runs (not part of the operations' contract).
 */
export type CodeScope = 'any' | 'body' | 'operation' | 'server';

/** One error code. */
export interface ErrorCode {
  status: number;
  /** What it means, as a clause: "the body is not valid JSON". */
  meaning: string;
  scope: CodeScope;
  /** The client refuses it itself, as a `ValidationError` with this issue code, before sending. */
  local?: true;
}

/** The codes, by name. */
export const ERROR_CODES = {
  INVALID_JSON: { status: 400, meaning: 'the body is not valid JSON (or not UTF-8)', scope: 'body' },
  INVALID_BODY: { status: 400, meaning: 'the body could not be read to its end', scope: 'body' },
  BAD_REQUEST: { status: 400, meaning: 'the request is not valid HTTP', scope: 'server' },
  UNAUTHENTICATED: {
    status: 401,
    meaning: 'the credential is missing or unknown, or the user JWT is expired or badly signed',
    scope: 'any',
  },
  FORBIDDEN: {
    status: 403,
    meaning: 'a public key was sent instead of the secret key, or the resource is another merchant’s',
    scope: 'operation',
  },
  NOT_FOUND: { status: 404, meaning: 'no such resource', scope: 'operation' },
  METHOD_NOT_ALLOWED: {
    status: 405,
    meaning: 'the path exists, but not with this method; `Allow` lists its methods',
    scope: 'any',
  },
  REQUEST_TIMEOUT: { status: 408, meaning: 'the request took too long to arrive', scope: 'server' },
  IDEMPOTENCY_KEY_REUSED: {
    status: 409,
    meaning: 'the idempotency key was already used with a different request',
    scope: 'operation',
  },
  INVALID_TRANSITION: {
    status: 409,
    meaning: 'the record’s status does not allow this move',
    scope: 'operation',
  },
  PAYLOAD_TOO_LARGE: { status: 413, meaning: 'the body is larger than 1 MiB', scope: 'body' },
  URI_TOO_LONG: { status: 414, meaning: 'the URL is longer than 8,192 characters', scope: 'server' },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    meaning: 'the body is not declared `application/json`',
    scope: 'body',
  },
  VALIDATION_ERROR: {
    status: 422,
    meaning: 'a field breaks a rule; `errors` names each field',
    scope: 'body',
    local: true,
  },
  FORBIDDEN_FIELD: {
    status: 422,
    meaning: 'a field that this request must not carry',
    scope: 'operation',
    local: true,
  },
  AMOUNT_BELOW_FEE: {
    status: 422,
    meaning: 'a payout amount not greater than the 5.00 fee',
    scope: 'operation',
    local: true,
  },
  INSUFFICIENT_BALANCE: {
    status: 422,
    meaning: 'the available balance does not cover the payout',
    scope: 'operation',
  },
  BALANCE_LIMIT_EXCEEDED: {
    status: 422,
    meaning: 'the balance would pass the largest sum counted in exact cents',
    scope: 'operation',
  },
  HEADERS_TOO_LARGE: { status: 431, meaning: 'the request headers are too large', scope: 'server' },
  RATE_LIMITED: {
    status: 429,
    meaning: 'too many requests; retry after `Retry-After` seconds',
    scope: 'any',
  },
  INTERNAL_ERROR: {
    status: 500,
    meaning: 'the service failed; safe to retry with the same idempotency key',
    scope: 'any',
  },
  STATE_CLOSED: { status: 503, meaning: 'the sandbox server is closing', scope: 'server' },
} as const satisfies Record<string, ErrorCode>;

/** An error code of the service. */
export type ErrorCodeName = keyof typeof ERROR_CODES;

const CODES = Object.entries(ERROR_CODES) as [ErrorCodeName, ErrorCode][];

/** The codes of a scope, in the table's order. */
export const codesOf = (scope: CodeScope): ErrorCodeName[] =>
  CODES.filter(([, code]) => code.scope === scope).map(([name]) => name);
