/** Webhook subscriptions (/v1/user/webhooks*, reference behaviour "Webhook subscriptions"). */
import * as z from 'zod/mini';
import { WEBHOOK_EVENT_NAMES } from './event-names.js';
import { Guid, IsoDateTime, openEnum } from './formats.js';
import { HttpUrl, text } from './primitives.js';

/** An event a subscription can listen to (closed, for requests). */
export const WebhookEventName = z.enum(WEBHOOK_EVENT_NAMES);
/** An event name the SDK knows. */
export type WebhookEventName = z.infer<typeof WebhookEventName>;

/** States of a subscription. */
export const WEBHOOK_SUBSCRIPTION_STATUSES = ['ACTIVE', 'INACTIVE', 'FAILING'] as const;

/**
 * The fields of a subscription record. The interface document leaves them "not shown": all but
 * the identity are optional in the type.
 */
const subscriptionShape = {
  /** The subscription's id (UUID). */
  id: Guid,
  /** Where events are delivered. */
  url: z.optional(z.string()),
  /** The events delivered (an open list). */
  events: z.optional(z.array(openEnum<typeof WEBHOOK_EVENT_NAMES>())),
  /**
   * ACTIVE, INACTIVE or FAILING. An open enum: the known values are listed, and a value the service
   * adds later is still a string to accept.
   */
  status: z.optional(openEnum<typeof WEBHOOK_SUBSCRIPTION_STATUSES>()),
  /** The merchant's note. */
  description: z.optional(z.nullable(z.string())),
  /** When it was made (ISO 8601). */
  createdAt: z.optional(IsoDateTime),
  /** When it last changed (ISO 8601). */
  updatedAt: z.optional(IsoDateTime),
};

/** A subscription record. The signing secret is only in the create answer. */
export const WebhookSubscription = z.object(subscriptionShape);
/** A webhook subscription. */
export type WebhookSubscription = z.infer<typeof WebhookSubscription>;

/** The create answer: the record plus its signing `secret` (`whsec_…`), shown once. */
export const CreatedWebhookSubscription = z.object({ ...subscriptionShape, secret: z.string() });
/** A new subscription with its signing secret. */
export type CreatedWebhookSubscription = z.infer<typeof CreatedWebhookSubscription>;

/** GET webhooks: `{ data: [records] }`. */
export const WebhookSubscriptionList = z.object({ data: z.array(WebhookSubscription) });
/** The list of subscriptions. */
export type WebhookSubscriptionList = z.infer<typeof WebhookSubscriptionList>;

/** GET webhooks/events: `{ data: [{ name, description }] }`. */
export const WebhookEventTypeList = z.object({
  data: z.array(z.object({ name: z.string(), description: z.optional(z.string()) })),
});
/** The event names a subscription can listen to. */
export type WebhookEventTypeList = z.infer<typeof WebhookEventTypeList>;

const noDuplicates = z.refine<string[]>((events) => new Set(events).size === events.length, {
  error: 'must not list an event twice',
});
const events = z.array(WebhookEventName).check(z.minLength(1), noDuplicates);

/** What `webhooks.create` takes. */
export const CreateWebhookParams = z.strictObject({
  url: HttpUrl,
  events,
  description: z.optional(text(255)),
});
/** Parameters of a new subscription. */
export type CreateWebhookParams = z.input<typeof CreateWebhookParams>;

/** The fields `webhooks.update` may change. */
export const updateWebhookShape = {
  url: z.optional(HttpUrl),
  events: z.optional(events),
  description: z.optional(z.nullable(text(255))),
  status: z.optional(z.enum(['ACTIVE', 'INACTIVE'])),
};

/** An update must change something (an `id` beside the changes is not one). */
export const changesSomething = z.refine<Record<string, unknown>>(
  (params) => Object.entries(params).some(([key, value]) => key !== 'id' && value !== undefined),
  { error: 'give at least one of url, events, description or status' },
);

/** What `webhooks.update` takes: at least one of url, events, description, status. */
export const UpdateWebhookParams = z.strictObject(updateWebhookShape).check(changesSomething);
/** Changes to a subscription. */
export type UpdateWebhookParams = z.input<typeof UpdateWebhookParams>;
