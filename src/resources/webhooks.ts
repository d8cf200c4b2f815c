import * as z from 'zod/mini';
import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/config.js';
import { validateParams } from '../core/validate.js';
import { Guid } from '../schemas/formats.js';
import {
  CreatedWebhookSubscription,
  CreateWebhookParams,
  UpdateWebhookParams,
  WebhookEventTypeList,
  WebhookSubscription,
  WebhookSubscriptionList,
} from '../schemas/webhook-subscription.js';
import type { ClientContext } from './context.js';

const WebhookId = z.strictObject({ id: Guid });
const BASE = '/v1/user/webhooks';

/** Webhook subscriptions. These calls use the user token (`userToken`), not the secret key. */
export class WebhooksResource {
  constructor(private readonly client: ClientContext) {}

  #path(id: string): string {
    validateParams(WebhookId, { id });
    return `${BASE}/${encodeURIComponent(id)}`;
  }

  /** The event names a subscription can listen to. */
  listEvents(options?: RequestOptions): APIPromise<WebhookEventTypeList> {
    return this.client.call(
      { method: 'GET', path: `${BASE}/events`, auth: 'user', schema: WebhookEventTypeList },
      options,
    );
  }

  /**
   * Subscribes a URL to events. The answer carries the signing `secret`, shown only this once.
   * @example
   * const { id, secret } = await client.webhooks.create({ url: 'https://shop.example/pix', events: ['transaction.completed'] });
   */
  create(params: CreateWebhookParams, options?: RequestOptions): APIPromise<CreatedWebhookSubscription> {
    return this.client.call(() => {
      const body = validateParams(CreateWebhookParams, params);
      return { method: 'POST', path: BASE, auth: 'user', body, schema: CreatedWebhookSubscription };
    }, options);
  }

  /** Every subscription of the merchant. */
  list(options?: RequestOptions): APIPromise<WebhookSubscriptionList> {
    return this.client.call(
      { method: 'GET', path: BASE, auth: 'user', schema: WebhookSubscriptionList },
      options,
    );
  }

  /** One subscription. */
  retrieve(id: string, options?: RequestOptions): APIPromise<WebhookSubscription> {
    return this.client.call(
      () => ({ method: 'GET', path: this.#path(id), auth: 'user', schema: WebhookSubscription }),
      options,
    );
  }

  /** Changes url, events, description or status (ACTIVE / INACTIVE). */
  update(id: string, params: UpdateWebhookParams, options?: RequestOptions): APIPromise<WebhookSubscription> {
    return this.client.call(() => {
      const path = this.#path(id);
      const body = validateParams(UpdateWebhookParams, params);
      return { method: 'PATCH', path, auth: 'user', body, schema: WebhookSubscription };
    }, options);
  }

  /** Deletes a subscription. */
  delete(id: string, options?: RequestOptions): APIPromise<undefined> {
    return this.client.call(
      () => ({ method: 'DELETE', path: this.#path(id), auth: 'user', schema: undefined }),
      options,
    );
  }

  /** Pings the URL with a signed `webhook.revalidate`; ACTIVE on a 2xx answer, FAILING otherwise. */
  revalidate(id: string, options?: RequestOptions): APIPromise<WebhookSubscription> {
    return this.client.call(
      () => ({
        method: 'POST',
        path: `${this.#path(id)}/revalidate`,
        auth: 'user',
        schema: WebhookSubscription,
      }),
      options,
    );
  }
}
