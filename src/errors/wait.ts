/** A wait that ran out of time. */
import { PaymentsError } from './base.js';
import { ERROR_CLASS } from './brand.js';

/**
 * `waitFor` reached its `timeout` before the record reached a status it waits for. Carries the
 * last record seen (undefined when no read succeeded), so the caller can act on what is known.
 */
export class WaitTimeoutError<T = unknown> extends PaymentsError {
  /** @internal */
  static override readonly [ERROR_CLASS]: string = 'WaitTimeoutError';
  /** The last record read before the time ran out. */
  readonly lastRecord: T | undefined;

  constructor(message: string, lastRecord: T | undefined) {
    super(message);
    this.lastRecord = lastRecord;
  }
}
