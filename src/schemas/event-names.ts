/** The webhook event names (no zod here: the webhook entry imports them). */

/** The six transaction.* and five cashout.* event names of the interface document (section 6). */
export const WEBHOOK_EVENT_NAMES = [
  'transaction.created',
  'transaction.completed',
  'transaction.failed',
  'transaction.reversed',
  'transaction.cancelled',
  'transaction.chargeback',
  'cashout.created',
  'cashout.processing',
  'cashout.completed',
  'cashout.failed',
  'cashout.reversed',
] as const;

/** An event name the SDK knows. */
export type KnownWebhookEventName = (typeof WEBHOOK_EVENT_NAMES)[number];
