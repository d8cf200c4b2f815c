/**
 * The words of the document: what each schema means, from the interface document and the
 * reference behaviour. Kept here, not in the zod schemas, so that the SDK's bundles do not carry
 * them. Each field's description is its schema's JSDoc (read into `field-docs.json`).
 */
import type { JsonSchema } from './components.js';
import FIELD_DOCS from './field-docs.json' with { type: 'json' };

const OPEN = (what: string) =>
  `${what}. An open enum: the known values are listed, and a value the service adds later is still a string to accept.`;

/** Each component's description. */
const DOCS: Record<string, { description: string }> = {
  Guid: { description: 'A UUID (any version) as the service returns it.' },
  Uuid: { description: 'A UUID of RFC 9562 (versions 1 to 8, or the nil UUID), as a request sends it.' },
  DateTime: {
    description:
      'An ISO 8601 date-time. The reference service writes `2026-11-21T10:00:00.000Z`; clients should accept any ISO 8601 form.',
  },
  Date: { description: 'A calendar date `YYYY-MM-DD` that exists (`2026-02-31` is a 422).' },
  TransactionStatus: { description: 'A status filter. A charge is paid only when COMPLETED.' },
  TransactionType: { description: 'A record type filter: CASHIN (charge), CASHOUT (payout), INFRACTION.' },
  TransactionOrigin: { description: 'An origin filter.' },
  PixKeyType: { description: 'The type of the destination PIX key of a payout.' },
  OpenTransactionStatus: { description: OPEN('A status; a charge is paid only when COMPLETED') },
  OpenTransactionType: { description: OPEN('A record type') },
  OpenTransactionOrigin: { description: OPEN('Where a transaction was started') },
  OpenPixKeyType: { description: OPEN('A PIX key type (the key directory may add types)') },
  TrackingParametersInput: {
    description:
      'Attribution (UTM) data of a new charge, sent as `tracking_parameters`; records and webhooks return it as `trackingParameters`.',
  },
  TrackingParameters: {
    description: 'Attribution (UTM) data on a record or a webhook (wire name `trackingParameters`).',
  },
  CreateTransactionBody: {
    description:
      'A PIX charge (CASHIN). `acquirer`, `pixKey` and `pixKeyType` must not be sent (422 FORBIDDEN_FIELD).',
  },
  CreateTransactionResponse: {
    description: 'The new charge: at least `transactionId`, `status` (PENDING) and `pixCode`.',
  },
  CreateCashoutBody: {
    description: 'A payout (CASHOUT) to a PIX key; the fixed fee 5.00 is deducted.',
  },
  CreateCashoutResponse: { description: 'A transaction record with the extra `_info` string.' },
  ApproveCashoutBody: {
    description: 'Approves a PENDING payout (legacy), by its integer id and optionally its transactionId.',
  },
  Transaction: {
    description:
      'A transaction record: a charge (CASHIN), a payout (CASHOUT) or an infraction (INFRACTION). Money is in BRL with two decimals; a service may add fields.',
  },
  PageMeta: { description: 'Pagination metadata; `from` and `to` are null on an empty page.' },
  TransactionList: { description: 'A page of records, newest first.' },
  Balance: {
    description:
      'The account balance in BRL. `available` can be paid out; `pending` sums the payouts still PENDING or PROCESSING.',
  },
  ErrorBody: {
    description:
      'Every error answer. `errors` maps each invalid field to its messages (422 VALIDATION_ERROR).',
  },
  WebhookEventName: { description: 'An event a subscription can listen to.' },
  CreateWebhookBody: { description: 'A new subscription: an http(s) URL and the events it receives.' },
  UpdateWebhookBody: {
    description: 'Changes to a subscription: at least one of url, events, description, status.',
  },
  WebhookSubscription: {
    description: 'A webhook subscription. FAILING after a delivery exhausted its retries.',
  },
  CreatedWebhookSubscription: {
    description: 'The create answer: the record and its signing `secret` (`whsec_…`), shown only here.',
  },
  WebhookSubscriptionList: { description: 'Every subscription of the merchant.' },
  WebhookEventTypeList: { description: 'The event names a subscription can listen to.' },
  WebhookEventData: {
    description:
      'The record the event is about. `referenceId` is its `externalId`; `trackingParameters` is there when the charge had them.',
  },
  WebhookEventBody: {
    description:
      'A webhook delivery. De-duplicate on event + data.referenceId + timestamp: delivery is at least once.',
  },
  WebhookPingBody: { description: 'The ping that revalidate sends; answer it 2xx like any verified event.' },
};

/**
 * Adds the descriptions to the generated components (in place) and returns them: each
 * component's from here, each field's from its schema's JSDoc (`field-docs.json`).
 */
export function describeComponents(components: Record<string, JsonSchema>): Record<string, JsonSchema> {
  for (const [name, docs] of Object.entries(DOCS)) {
    const schema = components[name];
    if (schema === undefined) throw new Error(`descriptions: no component ${name}`);
    schema.description = docs.description;
  }
  for (const [name, fields] of Object.entries(FIELD_DOCS)) {
    const properties = (components[name]?.properties ?? {}) as Record<string, JsonSchema>;
    for (const [field, description] of Object.entries(fields)) {
      const property = properties[field];
      if (property !== undefined) property.description = description;
    }
  }
  return components;
}
