/** Errors where no HTTP answer was had. */
import { PaymentsError } from './base.js';
import { ERROR_CLASS } from './brand.js';

/** The request could not reach the service, or the connection dropped. Retried automatically. */
export class APIConnectionError extends PaymentsError {
  /** @internal */
  static override readonly [ERROR_CLASS]: string = 'APIConnectionError';
  constructor(message = 'Connection error', options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** An attempt took longer than `timeout`. Retried automatically. */
export class APITimeoutError extends APIConnectionError {
  /** @internal */
  static override readonly [ERROR_CLASS]: string = 'APITimeoutError';
  constructor(timeoutMs: number) {
    super(`Request timed out after ${timeoutMs} ms`);
  }
}

/** The caller's `signal` aborted the call. Never retried. */
export class APIUserAbortError extends PaymentsError {
  /** @internal */
  static override readonly [ERROR_CLASS]: string = 'APIUserAbortError';
  constructor() {
    super('Request was aborted');
  }
}
