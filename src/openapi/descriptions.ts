/**
 * The words of the document: what each schema and its notable fields mean, from the interface
 * document and the reference behaviour. Kept here, not in the zod schemas, so that the SDK's
 * bundles do not carry them.
 */
import type { JsonSchema } from './components.js';

const TWO_DECIMALS = 'at most two decimals (a third decimal is a 422)';
const OPEN = (what: string) =>
  `${what}. An open enum: the known values are listed, and a value the service adds later is still a string to accept.`;

/** Each component's description, and its fields' (by property name). */
const DOCS: Record<string, { description: string; fields?: Record<string, string> }> = {
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
    fields: {
      amount: `Gross amount in BRL, 0.01 to 1,000,000.00, ${TWO_DECIMALS}.`,
      clientPhone: 'The payer phone, digits only.',
      clientCpf: 'The payer CPF: 11 digits with valid check digits.',
      tracking_parameters: 'Attribution data (snake_case on the request; `trackingParameters` on records).',
      referenceId:
        'Idempotency key, unique per merchant for charges: the same key again returns the same charge (200); with another body it is a 409 IDEMPOTENCY_KEY_REUSED.',
      acquirer: 'Must not be sent on a PIX charge (422 FORBIDDEN_FIELD).',
      pixKey: 'Must not be sent on a PIX charge (422 FORBIDDEN_FIELD).',
      pixKeyType: 'Must not be sent on a PIX charge (422 FORBIDDEN_FIELD).',
    },
  },
  CreateTransactionResponse: {
    description: 'The new charge: at least `transactionId`, `status` (PENDING) and `pixCode`.',
  },
  CreateCashoutBody: {
    description: 'A payout (CASHOUT) to a PIX key; the fixed fee 5.00 is deducted.',
    fields: {
      amount: `Gross amount in BRL, 0.01 to 1,000,000.00, greater than the 5.00 fee, ${TWO_DECIMALS}. The receiver gets amount - 5.00.`,
      pixKey:
        'The destination key, checked against `pixKeyType`: CPF (11 digits, valid), CNPJ (14, alphanumeric allowed, valid), EMAIL (at most 77 characters), PHONE (E.164, `+5511998765432`), EVP (a UUID). Dots, dashes, slashes and spaces are stripped from CPF and CNPJ; EMAIL and EVP are lower-cased.',
      idempotencyKey:
        'Idempotency key, unique per merchant for payouts: the same key again returns the same payout (200); with another body it is a 409 IDEMPOTENCY_KEY_REUSED.',
    },
  },
  CreateCashoutResponse: { description: 'A transaction record with the extra `_info` string.' },
  ApproveCashoutBody: {
    description: 'Approves a PENDING payout (legacy), by its integer id and optionally its transactionId.',
  },
  Transaction: {
    description:
      'A transaction record: a charge (CASHIN), a payout (CASHOUT) or an infraction (INFRACTION). Money is in BRL with two decimals; a service may add fields.',
    fields: {
      id: 'Legacy integer id (still accepted by cashout/{id} and approve-cashout).',
      transactionId: 'The public identifier.',
      source: 'Free text.',
      amount: 'Gross amount (BRL).',
      feeAmount: 'The fee (5.00 for a payout).',
      finalAmount: 'Net amount: amount - feeAmount.',
      pixCode: 'The copy-and-paste PIX code (a dynamic BR Code) of a charge.',
      pixKey: 'The destination key of a payout.',
      externalId: 'The merchant `referenceId` (charge) or `idempotencyKey` (payout), or a generated UUID.',
      endToEndId: 'The PIX end-to-end id (32 characters), set when money moves.',
      paidAt: 'When a charge was paid.',
    },
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
    fields: { status: OPEN('ACTIVE, INACTIVE or FAILING'), events: 'The events delivered (an open list).' },
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

/** Adds the descriptions to the generated components (in place) and returns them. */
export function describeComponents(components: Record<string, JsonSchema>): Record<string, JsonSchema> {
  for (const [name, docs] of Object.entries(DOCS)) {
    const schema = components[name];
    if (schema === undefined) throw new Error(`descriptions: no component ${name}`);
    schema.description = docs.description;
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    for (const [field, description] of Object.entries(docs.fields ?? {})) {
      const property = properties[field];
      if (property === undefined) throw new Error(`descriptions: no field ${name}.${field}`);
      property.description = description;
    }
  }
  return components;
}
