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

function code<S extends CodeScope>(status: number, scope: S, meaning: string): ErrorCode & { scope: S };
function code<S extends CodeScope>(
  status: number,
  scope: S,
  meaning: string,
  local: true,
): ErrorCode & { scope: S; local: true };
function code(status: number, scope: CodeScope, meaning: string, local?: true): ErrorCode {
  return local === undefined ? { status, scope, meaning } : { status, scope, meaning, local };
}

/** The codes, by name. */
export const ERROR_CODES = {
  INVALID_JSON: code(400, 'body', 'the body is not valid JSON (or not UTF-8)'),
  INVALID_BODY: code(400, 'body', 'the body could not be read to its end'),
  BAD_REQUEST: code(400, 'server', 'the request is not valid HTTP'),
  UNKNOWN_PARAMETER: code(
    400,
    'operation',
    'a known query parameter written another way (`perPage` for `per_page`)',
  ),
  UNAUTHENTICATED: code(
    401,
    'any',
    'the credential is missing or unknown, or the user JWT is expired or badly signed',
  ),
  FORBIDDEN: code(
    403,
    'operation',
    'a public key was sent instead of the secret key, or the resource is another merchant’s',
  ),
  NOT_FOUND: code(404, 'operation', 'no such resource'),
  METHOD_NOT_ALLOWED: code(
    405,
    'any',
    'the path exists, but not with this method; `Allow` lists its methods',
  ),
  REQUEST_TIMEOUT: code(408, 'server', 'the request took too long to arrive'),
  IDEMPOTENCY_KEY_REUSED: code(
    409,
    'operation',
    'the idempotency key was already used with a different request',
  ),
  INVALID_TRANSITION: code(409, 'operation', 'the record’s status does not allow this move'),
  PAYLOAD_TOO_LARGE: code(413, 'body', 'the body is larger than 1 MiB'),
  URI_TOO_LONG: code(414, 'server', 'the URL is longer than 8,192 characters'),
  UNSUPPORTED_MEDIA_TYPE: code(415, 'body', 'the body is not declared `application/json`'),
  VALIDATION_ERROR: code(422, 'body', 'a field breaks a rule; `errors` names each field', true),
  FORBIDDEN_FIELD: code(422, 'operation', 'a field that this request must not carry', true),
  AMOUNT_BELOW_FEE: code(422, 'operation', 'a payout amount not greater than the 5.00 fee', true),
  INSUFFICIENT_BALANCE: code(422, 'operation', 'the available balance does not cover the payout'),
  BALANCE_LIMIT_EXCEEDED: code(
    422,
    'operation',
    'the balance would pass the largest sum counted in exact cents',
  ),
  HEADERS_TOO_LARGE: code(431, 'server', 'the request headers are too large'),
  RATE_LIMITED: code(429, 'any', 'too many requests; retry after `Retry-After` seconds'),
  INTERNAL_ERROR: code(500, 'any', 'the service failed; safe to retry with the same idempotency key'),
  STATE_CLOSED: code(503, 'server', 'the sandbox server is closing'),
} satisfies Record<string, ErrorCode>;

/** An error code of the service. */
export type ErrorCodeName = keyof typeof ERROR_CODES;

const CODES = Object.entries(ERROR_CODES) as [ErrorCodeName, ErrorCode][];

/** The codes of a scope, in the table's order. */
export const codesOf = (scope: CodeScope): ErrorCodeName[] =>
  CODES.filter(([, code]) => code.scope === scope).map(([name]) => name);
