/** Errors for HTTP answers outside 2xx: one class per status family, picked by `APIError.generate`. */
import { PaymentsError } from './base.js';
import { ERROR_CLASS } from './brand.js';

/** What the client could read from an error answer, whatever its shape. */
export interface ErrorDetails {
  /** The service's error code (`VALIDATION_ERROR`, `INSUFFICIENT_BALANCE`, …), when it gave one. */
  code: string | undefined;
  /** A readable message: the service's, or one made from the status. */
  message: string;
  /** Field errors of a 422, by field. */
  errors: Record<string, string[]> | undefined;
}

/** An answer with a status outside 2xx. */
export class APIError extends PaymentsError {
  /** @internal */
  static override readonly [ERROR_CLASS]: string = 'APIError';
  /** The HTTP status. */
  readonly status: number;
  /** The service's error code, when it gave one. */
  readonly code: string | undefined;
  /** Field errors (422), by field. */
  readonly errors: Record<string, string[]> | undefined;
  /** The `X-Request-Id` of the answer: quote it to support. */
  readonly requestId: string | undefined;
  /** The answer's headers. */
  readonly headers: Headers;
  /** The raw body as received (JSON parsed when it was JSON). */
  readonly body: unknown;

  constructor(status: number, details: ErrorDetails, headers: Headers, body: unknown) {
    const requestId = headers.get('x-request-id') ?? undefined;
    const code = details.code === undefined ? '' : ` ${details.code}`;
    const request = requestId === undefined ? '' : ` (request ${requestId})`;
    super(`${status}${code}: ${details.message}${request}`);
    this.status = status;
    this.code = details.code;
    this.errors = details.errors;
    this.requestId = requestId;
    this.headers = headers;
    this.body = body;
  }

  /** The subclass for a status. */
  static generate(status: number, details: ErrorDetails, headers: Headers, body: unknown): APIError {
    const Class = STATUS_CLASSES[status] ?? (status >= 500 ? InternalServerError : APIError);
    return new Class(status, details, headers, body);
  }
}

/** 400: the request was malformed (e.g. invalid JSON). */
export class BadRequestError extends APIError {
  /** @internal */
  static override readonly [ERROR_CLASS]: string = 'BadRequestError';
}
/** 401: the secret key or user token is missing, unknown or expired. */
export class AuthenticationError extends APIError {
  /** @internal */
  static override readonly [ERROR_CLASS]: string = 'AuthenticationError';
}
/** 403: a public key was used, or the resource belongs to another merchant. */
export class PermissionDeniedError extends APIError {
  /** @internal */
  static override readonly [ERROR_CLASS]: string = 'PermissionDeniedError';
}
/** 404: no such record. */
export class NotFoundError extends APIError {
  /** @internal */
  static override readonly [ERROR_CLASS]: string = 'NotFoundError';
}
/** 409: an idempotency key reused with another body, or a move the state machine refuses. */
export class ConflictError extends APIError {
  /** @internal */
  static override readonly [ERROR_CLASS]: string = 'ConflictError';
}
/** 422: field validation or a business rule (`INSUFFICIENT_BALANCE`, `AMOUNT_BELOW_FEE`, …). */
export class UnprocessableEntityError extends APIError {
  /** @internal */
  static override readonly [ERROR_CLASS]: string = 'UnprocessableEntityError';
}
/** 429: too many requests; retried automatically, honouring `Retry-After`. */
export class RateLimitError extends APIError {
  /** @internal */
  static override readonly [ERROR_CLASS]: string = 'RateLimitError';
}
/** 5xx: the service failed; retried automatically. */
export class InternalServerError extends APIError {
  /** @internal */
  static override readonly [ERROR_CLASS]: string = 'InternalServerError';
}

const STATUS_CLASSES: Record<number, typeof APIError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};
