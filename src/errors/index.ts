export {
  APIError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  type ErrorDetails,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
} from './api-error.js';
export { isPaymentsError, PaymentsError } from './base.js';
export { APIConnectionError, APITimeoutError, APIUserAbortError } from './connection.js';
export { ResponseValidationError, ValidationError } from './validation.js';
