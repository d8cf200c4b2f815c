import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/config.js';
import type { HttpCore } from '../core/http.js';
import { endpoints } from '../endpoints.js';
import type { Balance } from '../schemas/balance.js';

/** The account balance. */
export class BalanceResource {
  readonly #core: HttpCore;

  /** @internal Made by `PaymentsClient`. */
  constructor(core: HttpCore) {
    this.#core = core;
  }

  /**
   * The available and pending balance (GET /v1/integrations/balance).
   * @example const { available, pending } = await client.balance.retrieve();
   */
  retrieve(options?: RequestOptions): APIPromise<Balance> {
    return this.#core.call(endpoints.getBalance, undefined, options);
  }
}
