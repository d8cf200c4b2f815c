/** How each kind of answer is decoded ("Reading answers" in api.md): envelope, identity, money. */
import type { DecodeRules } from '../schemas/decode.js';

const MONEY = ['amount', 'feeAmount', 'finalAmount'] as const;

/** A charge just made: it must carry its `transactionId`. */
export const NEW_CHARGE: DecodeRules = { envelope: 'one', identity: ['transactionId'], money: MONEY };
/** A record: identified by `transactionId`, or by the legacy `id` where the endpoint is keyed by it. */
export const RECORD: DecodeRules = { envelope: 'one', identity: ['transactionId', 'legacyId'], money: MONEY };
/** A page of records. */
export const RECORDS: DecodeRules = {
  envelope: 'many',
  identity: ['transactionId', 'legacyId'],
  money: MONEY,
};
/** The balance: money only. */
export const BALANCE: DecodeRules = { envelope: 'one', money: ['available', 'pending'] };
/** A webhook subscription. */
export const SUBSCRIPTION: DecodeRules = { envelope: 'one', identity: ['id'] };
/** A new subscription: without its signing secret (shown once) it cannot be used. */
export const NEW_SUBSCRIPTION: DecodeRules = { envelope: 'one', identity: ['id'], required: ['secret'] };
/** The subscriptions of the merchant. */
export const SUBSCRIPTIONS: DecodeRules = { envelope: 'many', identity: ['id'] };
/** The event names a subscription can listen to. */
export const EVENT_TYPES: DecodeRules = { envelope: 'many' };
