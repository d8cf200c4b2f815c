/**
 * The examples of the OpenAPI document: one consistent story (a charge of 250.50 with UTM data,
 * a payout of 100.00 to a phone key, a subscription), in the values the interface document and
 * the reference behaviour give. A test parses each with the SDK's schemas.
 */
import { buildBrCode } from '../pix/brcode-build.js';
import type { KnownWebhookEventName } from '../schemas/event-names.js';
import { WEBHOOK_EVENTS } from '../schemas/event-names.js';
import type { TransactionField } from '../schemas/record-kinds.js';
import { Transaction } from '../schemas/transaction.js';

const CHARGE_ID = '9d3b2c1a-5e4f-4a6b-8c7d-0e1f2a3b4c5d';
const PAYOUT_ID = '3f2e1d0c-9b8a-4c7d-9e6f-5a4b3c2d1e0f';
const REFERENCE_ID = '6f1c1a52-3d0e-4c55-9d7a-2b8a1f0c9e11';
const IDEMPOTENCY_KEY = '0b9f3c2e-7a4d-4f1b-8c6e-5d2a9e8f7c10';
const WEBHOOK_ID = 'c0ffee00-1234-4abc-8def-0123456789ab';
const CREATED_AT = '2026-11-21T10:00:00.000Z';
const PAID_AT = '2026-11-21T10:05:00.000Z';
const TRACKING = { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'bf' };

/** The create-transaction request body. */
export const chargeRequest = {
  amount: 250.5,
  description: 'Pedido 42',
  productName: 'Curso de TypeScript',
  clientName: 'Ana Souza',
  clientEmail: 'ana@example.com',
  clientPhone: '11998765432',
  clientCpf: '52998224725',
  tracking_parameters: TRACKING,
  referenceId: REFERENCE_ID,
};

const noClient = { clientName: null, clientEmail: null, clientPhone: null, clientCpf: null };

/** The fields of the record that take null. */
type NullableField = { [F in TransactionField]: null extends Transaction[F] ? F : never }[TransactionField];

/**
 * A record example: the fields `named` gives (every field that does not take null), and null for
 * each other field, all in the schema's order; so a new nullable field is in the examples by itself.
 */
function recordExample<
  T extends { [F in Exclude<TransactionField, NullableField>]-?: Transaction[F] } & {
    [F in NullableField]?: Transaction[F];
  },
>(named: T): T & { [F in Exclude<NullableField, keyof T>]: null } {
  const values: Partial<Record<string, unknown>> = named;
  return Object.fromEntries(
    Object.keys(Transaction.shape).map((field) => [field, field in values ? values[field] : null]),
  ) as T & { [F in Exclude<NullableField, keyof T>]: null };
}

/** The charge as create-transaction answers it (PENDING, with its BR Code). */
export const charge = recordExample({
  id: 1,
  transactionId: CHARGE_ID,
  status: 'PENDING',
  type: 'CASHIN',
  source: 'api',
  origin: 'API',
  amount: 250.5,
  feeAmount: 0,
  finalAmount: 250.5,
  description: chargeRequest.description,
  productName: chargeRequest.productName,
  trackingParameters: TRACKING,
  pixCode: buildBrCode({
    url: `api.pix-mock.test/qr/v2/${CHARGE_ID}`,
    amountCents: 25_050,
    merchantName: 'PIX MOCK MERCHANT',
    merchantCity: 'SAO PAULO',
    txid: CHARGE_ID.replaceAll('-', '').slice(0, 25),
  }),
  pixKeyType: 'EVP',
  clientName: chargeRequest.clientName,
  clientEmail: chargeRequest.clientEmail,
  clientPhone: chargeRequest.clientPhone,
  clientCpf: chargeRequest.clientCpf,
  externalId: REFERENCE_ID,
  transactionDate: CREATED_AT,
  createdAt: CREATED_AT,
  updatedAt: CREATED_AT,
});

/** The create-cashout request body. */
export const payoutRequest = {
  amount: 100,
  pixKey: '+5511998765432',
  pixKeyType: 'PHONE',
  idempotencyKey: IDEMPOTENCY_KEY,
};

/** A payout just accepted (PENDING). */
export const payout = {
  ...charge,
  ...noClient,
  id: 2,
  transactionId: PAYOUT_ID,
  type: 'CASHOUT',
  amount: 100,
  feeAmount: 5,
  finalAmount: 95,
  description: null,
  productName: null,
  trackingParameters: {},
  pixCode: null,
  pixKeyType: payoutRequest.pixKeyType,
  pixKey: payoutRequest.pixKey,
  externalId: IDEMPOTENCY_KEY,
};

/** The create-cashout answer: the record and `_info`. */
export const createdPayout = {
  ...payout,
  _info: 'Payout accepted and handed to the payment provider for immediate processing',
};

/** The same payout once the money reached the receiver. */
export const completedPayout = {
  ...payout,
  status: 'COMPLETED',
  endToEndId: 'E12345678202611211005a1B2c3D4e5F',
  receiptUrl: `https://api.pix-mock.test/receipts/${PAYOUT_ID}`,
  updatedAt: PAID_AT,
};

/** A list page holding the payout. */
export const payoutPage = {
  data: [completedPayout],
  meta: { current_page: 1, per_page: 15, total: 1, last_page: 1, from: 1, to: 1 },
};

/** The approve-cashout body (legacy). */
export const approveRequest = { id: 2, transactionId: PAYOUT_ID };

/** GET balance. */
export const balance = { available: 10_000, pending: 100, currency: 'BRL', updatedAt: CREATED_AT };

/** The create-webhook body. */
export const subscriptionRequest = {
  url: 'https://merchant.example/webhooks/pix',
  events: ['transaction.completed', 'cashout.completed', 'cashout.failed'],
  description: 'Payments backend',
};

/** A subscription record. */
export const subscription = {
  id: WEBHOOK_ID,
  ...subscriptionRequest,
  status: 'ACTIVE',
  createdAt: CREATED_AT,
  updatedAt: CREATED_AT,
};

/** The create-webhook answer: the record and its signing secret, shown once. */
export const createdSubscription = { ...subscription, secret: 'whsec_5f3K9dQ2xLm8Rt1Vb7Nc4Hy6Pw0Za3Ej' };

/** The PATCH body. */
export const subscriptionChanges = { events: ['transaction.completed'], status: 'INACTIVE' };

/**
 * A webhook body for an event about the charge or the payout of these examples: the record and the
 * status are the event's own (`src/schemas/event-names.ts`).
 */
export function eventBody(event: KnownWebhookEventName) {
  const about = WEBHOOK_EVENTS[event];
  const record = about.record === 'CASHOUT' ? payout : charge;
  const data: Record<string, unknown> = {
    id: record.id,
    referenceId: record.externalId,
    status: about.status ?? record.status,
    type: record.type,
    transactionId: record.transactionId,
    amount: record.amount,
  };
  if (record === charge) data.trackingParameters = TRACKING;
  return { event, timestamp: PAID_AT, data };
}

/** The revalidation ping. */
export const pingBody = { event: 'webhook.revalidate', timestamp: PAID_AT, data: { webhookId: WEBHOOK_ID } };

/** An X-Webhook-Signature value: 64 lower-case hex digits. */
export const signature = '5d41402abc4b2a76b9719d911017c5925d41402abc4b2a76b9719d911017c592';
