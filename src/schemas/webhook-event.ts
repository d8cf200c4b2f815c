/** The body of a webhook delivery (interface document section 6). */
import * as z from 'zod/mini';
import { Guid, IsoDateTime, WholeNumber } from './formats.js';
import { takes } from './messages.js';
import { Money } from './money.js';
import { OpenTransactionStatus, OpenTransactionType } from './open-enums.js';
import { TrackingParameters } from './tracking.js';

/** The `data` of a transaction or cashout event; extra fields (`transactionId`, `amount`) kept. */
export const WebhookEventData = z.looseObject({
  id: WholeNumber,
  /**
   * The merchant's `referenceId` (charge) or `idempotencyKey` (payout): the record's `externalId`.
   * `null` for a charge made in the merchant panel.
   */
  referenceId: z.nullable(Guid),
  status: OpenTransactionStatus,
  type: OpenTransactionType,
  trackingParameters: z.optional(TrackingParameters),
  transactionId: z.optional(Guid),
  amount: z.optional(Money),
});
/** The data of a transaction or cashout event. */
// The documented fields only (no index signature), so that a misspelled field does not compile;
// the schema stays loose so that extra fields are kept at run time.
export type WebhookEventData = {
  [K in keyof z.infer<typeof WebhookEventData> as string extends K ? never : K]: z.infer<
    typeof WebhookEventData
  >[K];
};

/** A transaction or cashout event body, for any event name (known or not). */
export const WebhookEventBody = z.looseObject({
  event: z.string().check(z.minLength(1, takes('an event name, such as "transaction.completed"'))),
  timestamp: IsoDateTime,
  data: WebhookEventData,
});
/** A webhook body with a transaction-shaped `data`. */
export type WebhookEventBody = z.infer<typeof WebhookEventBody>;

/** The `data` of a ping. */
const PingData = z.looseObject({ webhookId: Guid });

/** The revalidation ping a subscription receives (reference behaviour). */
// Marked pure so that an entry that does not use it drops it (pix-payments/webhooks checks pings
// with PingFields): a zod call is otherwise kept, for a bundler cannot know it has no side effect.
export const WebhookPingBody = /* @__PURE__ */ z.looseObject({
  event: /* @__PURE__ */ z.enum(['webhook.revalidate']),
  timestamp: IsoDateTime,
  data: PingData,
});
/** The revalidation ping. */
export type WebhookPingBody = z.infer<typeof WebhookPingBody>;

/**
 * What the receivers check of a ping: {@link WebhookPingBody} less its `event`, which they have
 * read already (`parseWebhookEvent` picks this schema for `webhook.revalidate` alone): the same
 * rules and so the same issues, without `z.enum` (about 0.3 KB) in `pix-payments/webhooks`.
 */
export const PingFields = z.looseObject({
  timestamp: IsoDateTime,
  data: PingData,
});
