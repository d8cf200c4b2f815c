/** The OpenAPI document as the SDK builds it from its zod schemas (source; no build needed). */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { endpoints } from '../../src/endpoints.js';
import { openApiDocument, openApiJson } from '../../src/openapi/document.js';
import * as example from '../../src/openapi/examples.js';
import { parseBrCode } from '../../src/pix/index.js';
import { PIX_KEY_TYPES } from '../../src/pix/keys.js';
import { CreateTransactionBody } from '../../src/schemas/charge-body.js';
import {
  ApproveCashoutParams,
  Balance,
  CreateCashoutParams,
  CreateCashoutResponse,
  CreatedWebhookSubscription,
  CreateTransactionResponse,
  CreateWebhookParams,
  TRANSACTION_ORIGINS,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  Transaction,
  TransactionList,
  UpdateWebhookParams,
  WEBHOOK_EVENT_NAMES,
  WEBHOOK_SUBSCRIPTION_STATUSES,
  WebhookEventBody,
  WebhookPingBody,
  WebhookSubscription,
} from '../../src/schemas/index.js';

// biome-ignore lint/suspicious/noExplicitAny: the test walks the JSON document.
const doc = openApiDocument() as any;
const schemas = doc.components.schemas;

/** Every operation of the table, as `METHOD path`. */
const ENDPOINTS = Object.values(endpoints).map(({ method, path }) => `${method} ${path}`);

// biome-ignore lint/suspicious/noExplicitAny: Path Items and Operation Objects.
type Json = any;
const operations = (): { key: string; path: string; op: Json }[] =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item as Json).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${path}`,
      path,
      op,
    })),
  );
const op = (key: string): Json => operations().find((o) => o.key === key)?.op;
const openEnumValues = (schema: { anyOf?: { enum?: string[] }[] }) => schema.anyOf?.[0]?.enum;

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and its JSON is stable from one build to the next', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(JSON.parse(openApiJson())).toEqual(openApiDocument());
  });

  it('has every operation of the table, and no other', () => {
    expect(
      operations()
        .map((o) => o.key)
        .sort(),
    ).toEqual([...ENDPOINTS].sort());
  });

  it('asks the secret key on /v1/integrations/* and a user JWT on /v1/user/webhooks*', () => {
    for (const { path, op: operation } of operations()) {
      const scheme = path.startsWith('/v1/integrations/') ? 'secretKey' : 'userJwt';
      expect(operation.security, path).toEqual([{ [scheme]: [] }]);
    }
    expect(doc.components.securitySchemes.secretKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.secretKey.description).toMatch(/pk_live_prod_.*403/);
    expect(doc.components.securitySchemes.userJwt).toMatchObject({ scheme: 'bearer', bearerFormat: 'JWT' });
  });

  it('answers every error as { message, code } with the statuses of the reference behaviour', () => {
    const responses = doc.components.responses;
    const byStatus = (status: number) => op('POST /v1/integrations/create-cashout').responses[String(status)];
    for (const status of [400, 401, 403, 405, 409, 413, 415, 422, 429, 500]) {
      const reference = byStatus(status)?.$ref as string;
      const response = responses[reference.split('/').at(-1) as string];
      expect(response.content['application/json'].schema, String(status)).toEqual({
        $ref: '#/components/schemas/ErrorBody',
      });
    }
    expect(schemas.ErrorBody.required).toEqual(['message', 'code']);
    expect(responses.RateLimited.headers['Retry-After'].required).toBe(true);
    expect(responses.MethodNotAllowed.headers.Allow).toBeDefined();
    expect(op('GET /v1/integrations/cashout/{id}').responses['404']).toBeDefined();
  });

  it('writes the fields a charge must not carry as `not`', () => {
    for (const field of ['acquirer', 'pixKey', 'pixKeyType']) {
      expect(schemas.CreateTransactionBody.properties[field]).toMatchObject({ not: {} });
    }
    expect(schemas.CreateTransactionBody.additionalProperties).toBe(false);
  });

  it('lists the known values of every open enum and still accepts any string', () => {
    const cases: [string, readonly string[]][] = [
      ['OpenTransactionStatus', TRANSACTION_STATUSES],
      ['OpenTransactionType', TRANSACTION_TYPES],
      ['OpenTransactionOrigin', TRANSACTION_ORIGINS],
      ['OpenPixKeyType', PIX_KEY_TYPES],
    ];
    for (const [name, values] of cases) {
      expect(openEnumValues(schemas[name]), name).toEqual(values);
      expect(schemas[name].anyOf[1], name).toEqual({ type: 'string' });
    }
    expect(openEnumValues(schemas.WebhookSubscription.properties.status)).toEqual(
      WEBHOOK_SUBSCRIPTION_STATUSES,
    );
    expect(openEnumValues(schemas.WebhookSubscription.properties.events.items)).toEqual(WEBHOOK_EVENT_NAMES);
    // The field's JSDoc rides beside the reference.
    expect(schemas.Transaction.properties.status).toMatchObject({
      $ref: '#/components/schemas/OpenTransactionStatus',
    });
  });

  it('gives both wire names: tracking_parameters on a new charge, trackingParameters on records', () => {
    expect(schemas.CreateTransactionBody.properties.tracking_parameters.$ref).toMatch(
      /TrackingParametersInput$/,
    );
    expect(schemas.Transaction.properties.trackingParameters.$ref).toMatch(/TrackingParameters$/);
    expect(schemas.WebhookEventData.properties.trackingParameters.$ref).toMatch(/TrackingParameters$/);
    const names = op('GET /v1/integrations/list-transactions').parameters.map(
      (p: { name: string }) => p.name,
    );
    expect(names).toEqual(expect.arrayContaining(['date_from', 'date_to', 'per_page', 'transactionId']));
  });

  it('keeps the rules zod checks in refinements: payout above the fee, unique events, a change', () => {
    expect(schemas.CreateCashoutBody.properties.amount).toMatchObject({
      exclusiveMinimum: 5,
      maximum: 1_000_000,
    });
    expect(schemas.CreateWebhookBody.properties.events.uniqueItems).toBe(true);
    expect(schemas.UpdateWebhookBody.minProperties).toBe(1);
  });

  it('describes a signed POST for every event name, and the revalidation ping', () => {
    expect(Object.keys(doc.webhooks)).toEqual([...WEBHOOK_EVENT_NAMES, 'webhook.revalidate']);
    for (const [event, item] of Object.entries(doc.webhooks)) {
      const post = (item as Json).post;
      const signature = post.parameters.find((p: { name: string }) => p.name === 'X-Webhook-Signature');
      expect(signature, event).toMatchObject({ in: 'header', required: true });
      expect(post.requestBody.content['application/json'].example.event).toBe(event);
    }
  });
});

describe('the examples of the document', () => {
  // Each example is what the SDK's own schemas accept (requests strictly).
  const cases: [string, z.ZodMiniType, unknown][] = [
    ['create-transaction body', CreateTransactionBody, example.chargeRequest],
    ['charge', CreateTransactionResponse, example.charge],
    ['create-cashout body', CreateCashoutParams, example.payoutRequest],
    ['created payout', CreateCashoutResponse, example.createdPayout],
    ['completed payout', Transaction, example.completedPayout],
    ['page', TransactionList, example.payoutPage],
    ['approve body', ApproveCashoutParams, example.approveRequest],
    ['balance', Balance, example.balance],
    ['create-webhook body', CreateWebhookParams, example.subscriptionRequest],
    ['subscription', WebhookSubscription, example.subscription],
    ['created subscription', CreatedWebhookSubscription, example.createdSubscription],
    ['subscription changes', UpdateWebhookParams, example.subscriptionChanges],
    ['ping', WebhookPingBody, example.pingBody],
    ...WEBHOOK_EVENT_NAMES.map((name): [string, z.ZodMiniType, unknown] => [
      name,
      WebhookEventBody,
      example.eventBody(name),
    ]),
  ];
  it.each(cases)('%s parses with the SDK schema', (_name, schema, value) => {
    expect(z.safeParse(schema, value).error?.issues ?? []).toEqual([]);
  });

  it('a charge example carries a pixCode of the amount it names', () => {
    expect(parseBrCode(example.charge.pixCode).amountCents).toBe(25_050);
  });
});
