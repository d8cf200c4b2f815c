/**
 * The webhook events: their names (the webhook entry imports them: no zod here), and each event
 * written once, in {@link WEBHOOK_EVENTS}: what it means, the record it is about, and the status
 * it reports. The table is read by the OpenAPI document (each delivery's summary and example),
 * the mock (the event a move sends, GET /v1/user/webhooks/events) and docs/webhooks.md's table of
 * events (`npm run docs:events`); it is internal (not in ./index.ts), and the webhook entry, which
 * reads only the names, leaves it out of its bundle. An event's status is never read off its name.
 */
import type { TransactionStatus } from './enums.js';

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

/** One webhook event of a charge or a payout. */
export interface WebhookEventContract {
  /**
   * One line: its description in GET /v1/user/webhooks/events and its summary in the OpenAPI
   * document.
   */
  description: string;
  /** When the service sends it, as a clause of docs/webhooks.md's table of events. */
  sentWhen: string;
  /** The type of record it is about: its `data.type`. */
  record: 'CASHIN' | 'CASHOUT';
  /**
   * The status it reports in `data.status`, the one the record has just reached: the mock sends
   * it when a record of that type moves to this status, so no two events of one type report the
   * same status. None for an event that reports no move (its `data.status` is the record's status
   * as it stands), which only the change that names it sends (`RecordChange.event`).
   */
  status?: TransactionStatus;
}

/** The events, by name, in the order of `WEBHOOK_EVENT_NAMES`: the compiler asks for each name. */
export const WEBHOOK_EVENTS: Readonly<Record<KnownWebhookEventName, WebhookEventContract>> = {
  'transaction.created': {
    description: 'A charge was created',
    sentWhen: 'a charge was created (not again when a create is repeated with the same key)',
    record: 'CASHIN',
    status: 'PENDING',
  },
  'transaction.completed': {
    description: 'A charge was paid (the only status that means paid)',
    sentWhen: 'the payer paid: **the only event that means paid**',
    record: 'CASHIN',
    status: 'COMPLETED',
  },
  'transaction.failed': {
    description: 'A charge failed',
    sentWhen: 'the charge failed before being paid',
    record: 'CASHIN',
    status: 'FAILED',
  },
  'transaction.reversed': {
    description: 'A paid charge was refunded',
    sentWhen: 'a paid charge was refunded to the payer',
    record: 'CASHIN',
    status: 'REVERSED',
  },
  'transaction.cancelled': {
    description: 'A charge expired or was cancelled',
    sentWhen: 'the charge expired unpaid (after an hour in the mock) or was cancelled',
    record: 'CASHIN',
    status: 'CANCELLED',
  },
  'transaction.chargeback': {
    description: 'A paid charge was charged back (MED infraction)',
    sentWhen: 'a paid charge was charged back (MED infraction; an `INFRACTION` record is opened)',
    record: 'CASHIN',
    status: 'CHARGEBACK',
  },
  'cashout.created': {
    description: 'A payout was accepted',
    sentWhen: 'a payout was accepted (the create-cashout answer says `PENDING` too)',
    record: 'CASHOUT',
    status: 'PENDING',
  },
  'cashout.processing': {
    description: 'A payout is with the payment provider',
    sentWhen: 'the payment provider took the payout',
    record: 'CASHOUT',
    status: 'PROCESSING',
  },
  'cashout.completed': {
    description: 'A payout reached the receiver',
    sentWhen: 'the money reached the receiver',
    record: 'CASHOUT',
    status: 'COMPLETED',
  },
  'cashout.failed': {
    description: 'A payout failed; its amount is back in the balance',
    sentWhen: 'the payout failed; its amount is back in the available balance',
    record: 'CASHOUT',
    status: 'FAILED',
  },
  'cashout.reversed': {
    description: 'A completed payout was returned by the receiving bank',
    sentWhen: 'the receiving bank returned a completed payout',
    record: 'CASHOUT',
    status: 'REVERSED',
  },
};
