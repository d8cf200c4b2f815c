import * as z from 'zod/mini';
import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/config.js';
import type { HttpCore } from '../core/http.js';
import { Guid } from '../schemas/formats.js';
import {
  CreatedWebhookSubscription,
  CreateWebhookParams,
  changesSomething,
  type UpdateWebhookParams,
  updateWebhookShape,
  WebhookEventTypeList,
  WebhookSubscription,
  WebhookSubscriptionList,
} from '../schemas/webhook-subscription.js';
import { EVENT_TYPES, NEW_SUBSCRIPTION, SUBSCRIPTION, SUBSCRIPTIONS } from './answers.js';

const BASE = '/v1/user/webhooks';
const WebhookId = z.strictObject({ id: Guid });
/** The id and the changes of `update`, checked together so that every field at fault is named. */
const WebhookChanges = z.strictObject({ id: Guid, ...updateWebhookShape }).check(changesSomething);

/** Webhook subscriptions. These calls use the user token (`userToken`), not the secret key. */
export class WebhooksResource {
  readonly #core: HttpCore;

  /** @internal Made by `PaymentsClient`. */
  constructor(core: HttpCore) {
    this.#core = core;
  }

  /** The event names a subscription can listen to. */
  listEvents(options?: RequestOptions): APIPromise<WebhookEventTypeList> {
    return this.#core.call(
      {
        method: 'GET',
        path: `${BASE}/events`,
        auth: 'user',
        answer: WebhookEventTypeList,
        decode: EVENT_TYPES,
      },
      undefined,
      options,
    );
  }

  /**
   * Subscribes a URL to events. The answer carries the signing `secret`, shown only this once.
   * @example
   * const { id, secret } = await client.webhooks.create({ url: 'https://shop.example/pix', events: ['transaction.completed'] });
   */
  create(params: CreateWebhookParams, options?: RequestOptions): APIPromise<CreatedWebhookSubscription> {
    return this.#core.call(
      {
        method: 'POST',
        path: BASE,
        auth: 'user',
        params: CreateWebhookParams,
        body: (valid) => valid,
        answer: CreatedWebhookSubscription,
        decode: NEW_SUBSCRIPTION,
      },
      params,
      options,
    );
  }

  /** Every subscription of the merchant. */
  list(options?: RequestOptions): APIPromise<WebhookSubscriptionList> {
    return this.#core.call(
      { method: 'GET', path: BASE, auth: 'user', answer: WebhookSubscriptionList, decode: SUBSCRIPTIONS },
      undefined,
      options,
    );
  }

  /** One subscription. */
  retrieve(id: string, options?: RequestOptions): APIPromise<WebhookSubscription> {
    return this.#core.call(
      {
        method: 'GET',
        path: `${BASE}/{id}`,
        auth: 'user',
        params: WebhookId,
        answer: WebhookSubscription,
        decode: SUBSCRIPTION,
      },
      { id },
      options,
    );
  }

  /** Changes url, events, description or status (ACTIVE / INACTIVE). */
  update(id: string, params: UpdateWebhookParams, options?: RequestOptions): APIPromise<WebhookSubscription> {
    return this.#core.call(
      {
        method: 'PATCH',
        path: `${BASE}/{id}`,
        auth: 'user',
        params: WebhookChanges,
        body: ({ id: _, ...changes }) => changes,
        answer: WebhookSubscription,
        decode: SUBSCRIPTION,
      },
      // The path's id wins over any `id` key smuggled into the changes.
      { ...params, id },
      options,
    );
  }

  /** Deletes a subscription. */
  delete(id: string, options?: RequestOptions): APIPromise<undefined> {
    return this.#core.call(
      { method: 'DELETE', path: `${BASE}/{id}`, auth: 'user', params: WebhookId, answer: undefined },
      { id },
      options,
    );
  }

  /** Pings the URL with a signed `webhook.revalidate`; ACTIVE on a 2xx answer, FAILING otherwise. */
  revalidate(id: string, options?: RequestOptions): APIPromise<WebhookSubscription> {
    return this.#core.call(
      {
        method: 'POST',
        path: `${BASE}/{id}/revalidate`,
        auth: 'user',
        params: WebhookId,
        answer: WebhookSubscription,
        decode: SUBSCRIPTION,
      },
      { id },
      options,
    );
  }
}
