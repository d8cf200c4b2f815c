/** What each webhook event means, as GET /v1/user/webhooks/events describes it. */
import type { KnownWebhookEventName } from './event-names.js';

/** One line per event name of the interface document (section 6). */
export const WEBHOOK_EVENT_DESCRIPTIONS: Record<KnownWebhookEventName, string> = {
  'transaction.created': 'A charge was created',
  'transaction.completed': 'A charge was paid (the only status that means paid)',
  'transaction.failed': 'A charge failed',
  'transaction.reversed': 'A paid charge was refunded',
  'transaction.cancelled': 'A charge expired or was cancelled',
  'transaction.chargeback': 'A paid charge was charged back (MED infraction)',
  'cashout.created': 'A payout was accepted',
  'cashout.processing': 'A payout is with the payment provider',
  'cashout.completed': 'A payout reached the receiver',
  'cashout.failed': 'A payout failed; its amount is back in the balance',
  'cashout.reversed': 'A completed payout was returned by the receiving bank',
};
