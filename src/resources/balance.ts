import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/config.js';
import { Balance } from '../schemas/balance.js';
import type { ClientContext } from './context.js';

/** The account balance. */
export class BalanceResource {
  constructor(private readonly client: ClientContext) {}

  /**
   * The available and pending balance (GET /v1/integrations/balance).
   * @example const { available, pending } = await client.balance.retrieve();
   */
  retrieve(options?: RequestOptions): APIPromise<Balance> {
    return this.client.call(
      { method: 'GET', path: '/v1/integrations/balance', auth: 'secret', schema: Balance },
      options,
    );
  }
}
