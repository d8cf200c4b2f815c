import { ERROR_CODES, type ErrorCodeName } from '../../operations.js';

/** An error answer of the mock service: a code of `ERROR_CODES` in `src/operations.ts` (its status comes from there), a message and field errors. */
export class ServiceError extends Error {
  override name = 'ServiceError';
  readonly status: number;
  constructor(
    readonly code: ErrorCodeName,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.status = ERROR_CODES[code].status;
  }
}

/** A 404 `NOT_FOUND`: "Charge not found", or with the reason: "Delivery "d1" not found: …". */
export const notFound = (what: string, reason?: string) =>
  new ServiceError('NOT_FOUND', `${what} not found${reason === undefined ? '' : `: ${reason}`}`);
export const forbidden = (message = 'This resource belongs to another merchant') =>
  new ServiceError('FORBIDDEN', message);
