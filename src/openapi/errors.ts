/**
 * The error answers of the reference behaviour ("Errors"): one reusable response per status,
 * each `{ message, code, errors? }` with its codes, and the headers every answer carries.
 */
import { endpoints } from '../endpoints.js';
import { ErrorBody } from '../schemas/error-body.js';
import { refTo } from './components.js';

/** `X-Request-Id`, on every answer. */
export const requestIdHeader = {
  description: 'The id of this request, to quote to support.',
  schema: { type: 'string' },
  example: 'req_8Hq2ZkP4vW1sT9xL',
};

/** status → [component name, description, example code, example message, extra headers]. */
const ERRORS = {
  400: [
    'BadRequest',
    'The body is not valid JSON (INVALID_JSON), or a query parameter is a known one written another way, such as `perPage` for `per_page` (UNKNOWN_PARAMETER).',
    'INVALID_JSON',
    'The request body is not valid JSON',
  ],
  401: [
    'Unauthenticated',
    'The credential is missing or unknown, or the user JWT is expired or badly signed (UNAUTHENTICATED).',
    'UNAUTHENTICATED',
    'Unknown secret key',
  ],
  403: [
    'Forbidden',
    'A public key (`pk_live_prod_…`) was sent instead of the secret key, or the resource belongs to another merchant (FORBIDDEN).',
    'FORBIDDEN',
    'A public key cannot call the API: use the secret key, from a backend',
  ],
  404: ['NotFound', 'No such resource (NOT_FOUND).', 'NOT_FOUND', 'Payout not found'],
  405: [
    'MethodNotAllowed',
    'The path exists, but not with this method (METHOD_NOT_ALLOWED); `Allow` lists its methods.',
    'METHOD_NOT_ALLOWED',
    `PUT is not allowed on ${endpoints.getBalance.path}; allowed: GET, HEAD, OPTIONS`,
  ],
  409: [
    'Conflict',
    'The idempotency key was already used with another body (IDEMPOTENCY_KEY_REUSED), or the record cannot make this move (INVALID_TRANSITION).',
    'IDEMPOTENCY_KEY_REUSED',
    'This idempotencyKey was already used with a different request',
  ],
  413: [
    'PayloadTooLarge',
    'The body is larger than 1 MiB (PAYLOAD_TOO_LARGE); checked before the credentials.',
    'PAYLOAD_TOO_LARGE',
    'The request body is larger than 1048576 bytes (1 MiB)',
  ],
  415: [
    'UnsupportedMediaType',
    'The body is not declared `application/json` (UNSUPPORTED_MEDIA_TYPE).',
    'UNSUPPORTED_MEDIA_TYPE',
    'The request body must be sent as application/json',
  ],
  422: [
    'UnprocessableEntity',
    'A field is invalid (VALIDATION_ERROR, with `errors`), or a business rule refused the request: INSUFFICIENT_BALANCE, AMOUNT_BELOW_FEE, FORBIDDEN_FIELD.',
    'VALIDATION_ERROR',
    'amount: must have at most two decimals',
  ],
  429: [
    'RateLimited',
    'Too many requests (RATE_LIMITED); retry after `Retry-After` seconds.',
    'RATE_LIMITED',
    'Too many requests',
  ],
  500: [
    'InternalError',
    'The service failed (INTERNAL_ERROR); safe to retry with the same idempotency key.',
    'INTERNAL_ERROR',
    'Internal error',
  ],
} as const;

/** A status the document answers with an error body. */
export type ErrorStatus = keyof typeof ERRORS;

const EXTRA_HEADERS: Partial<Record<ErrorStatus, Record<string, unknown>>> = {
  405: {
    Allow: {
      description: 'The methods of this path.',
      schema: { type: 'string' },
      example: 'GET, HEAD, OPTIONS',
    },
  },
  429: {
    'Retry-After': {
      description: 'Seconds to wait before retrying.',
      required: true,
      schema: { type: 'integer', minimum: 0 },
      example: 1,
    },
  },
};

/** The `components.responses` of every error status. */
export function errorResponses(): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  for (const [status, [name, description, code, message]] of Object.entries(ERRORS)) {
    const example: Record<string, unknown> = { message, code };
    if (code === 'VALIDATION_ERROR') example.errors = { amount: ['must have at most two decimals'] };
    responses[name] = {
      description,
      headers: { 'X-Request-Id': requestIdHeader, ...EXTRA_HEADERS[Number(status) as ErrorStatus] },
      content: { 'application/json': { schema: refTo(ErrorBody), example } },
    };
  }
  return responses;
}

/** The `responses` entries of the given error statuses, by reference. */
export function errorsOf(statuses: readonly ErrorStatus[]): Record<string, unknown> {
  return Object.fromEntries(
    statuses.map((status) => [String(status), { $ref: `#/components/responses/${ERRORS[status][0]}` }]),
  );
}
