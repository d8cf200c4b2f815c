/** An error answer of the mock service: status, code, message and field errors. */
export class ServiceError extends Error {
  override name = 'ServiceError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

/** A 404 `NOT_FOUND`: "Charge not found", or with the reason: "Delivery "d1" not found: …". */
export const notFound = (what: string, reason?: string) =>
  new ServiceError(404, 'NOT_FOUND', `${what} not found${reason === undefined ? '' : `: ${reason}`}`);
export const forbidden = (message = 'This resource belongs to another merchant') =>
  new ServiceError(403, 'FORBIDDEN', message);
