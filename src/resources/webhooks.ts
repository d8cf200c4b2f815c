import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/config.js';
import type { HttpCore } from '../core/http.js';
import { endpoints } from '../endpoints.js';
import type {
  CreatedWebhookSubscription,
  CreateWebhookParams,
  UpdateWebhookParams,
  WebhookEventTypeList,
  WebhookSubscription,
  WebhookSubscriptionList,
} from '../schemas/webhook-subscription.js';

/** Webhook subscriptions. These calls use the user token (`userToken`), not the secret key. */
export class WebhooksResource {
  readonly #core: HttpCore;

  /** @internal Made by `PaymentsClient`. */
  constructor(core: HttpCore) {
    this.#core = core;
  }

  /** The event names a subscription can listen to. */
  listEvents(options?: RequestOptions): APIPromise<WebhookEventTypeList> {
    return this.#core.call(endpoints.listWebhookEvents, undefined, options);
  }

  /**
   * Subscribes a URL to events. The answer carries the signing `secret`, shown only this once.
   * @example
   * const { id, secret } = await client.webhooks.create({ url: 'https://shop.example/pix', events: ['transaction.completed'] });
   */
  create(params: CreateWebhookParams, options?: RequestOptions): APIPromise<CreatedWebhookSubscription> {
    return this.#core.call(endpoints.createWebhook, params, options);
  }

  /** Every subscription of the merchant. */
  list(options?: RequestOptions): APIPromise<WebhookSubscriptionList> {
    return this.#core.call(endpoints.listWebhooks, undefined, options);
  }

  /** One subscription. */
  retrieve(id: string, options?: RequestOptions): APIPromise<WebhookSubscription> {
    return this.#core.call(endpoints.getWebhook, { id }, options);
  }

  /** Changes url, events, description or status (ACTIVE / INACTIVE). */
  update(id: string, params: UpdateWebhookParams, options?: RequestOptions): APIPromise<WebhookSubscription> {
    // The path's id wins over any `id` key smuggled into the changes.
    return this.#core.call(endpoints.updateWebhook, { ...params, id }, options);
  }

  /** Deletes a subscription. */
  delete(id: string, options?: RequestOptions): APIPromise<undefined> {
    return this.#core.call(endpoints.deleteWebhook, { id }, options);
  }

  /** Pings the URL with a signed `webhook.revalidate`; ACTIVE on a 2xx answer, FAILING otherwise. */
  revalidate(id: string, options?: RequestOptions): APIPromise<WebhookSubscription> {
    return this.#core.call(endpoints.revalidateWebhook, { id }, options);
  }
}
