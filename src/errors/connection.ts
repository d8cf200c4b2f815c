/** Errors where no HTTP answer was had. */
import { PaymentsError } from './base.js';

/** The request could not reach the service, or the connection dropped. Retried automatically. */
export class APIConnectionError extends PaymentsError {
  override name = 'APIConnectionError';
  constructor(message = 'Connection error', options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** An attempt took longer than `timeout`. Retried automatically. */
export class APITimeoutError extends APIConnectionError {
  override name = 'APITimeoutError';
  constructor(timeoutMs: number) {
    super(`Request timed out after ${timeoutMs} ms`);
  }
}

/** The caller's `signal` aborted the call. Never retried. */
export class APIUserAbortError extends PaymentsError {
  override name = 'APIUserAbortError';
  constructor() {
    super('Request was aborted');
  }
}
