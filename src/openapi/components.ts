/**
 * The document's schemas, converted from the SDK's zod schemas with zod's `toJSONSchema`. What
 * zod cannot say in JSON Schema (a refinement, an open enum that is a plain string at run time)
 * is added here by schema identity, so the SDK's bundles carry no metadata for the document.
 */
import * as z from 'zod/mini';
import { type OperationContract, operations } from '../operations.js';
import { PIX_KEY_TYPES } from '../pix/keys.js';
import { Balance } from '../schemas/balance.js';
import { CreateCashoutResponse, PayoutAmount } from '../schemas/cashout.js';
import { CreateTransactionResponse } from '../schemas/charge.js';
import { CreateTransactionBody } from '../schemas/charge-body.js';
import {
  OpenPixKeyType,
  OpenTransactionOrigin,
  OpenTransactionStatus,
  OpenTransactionType,
  PixKeyType,
  TRANSACTION_ORIGINS,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  TransactionOrigin,
  TransactionStatus,
  TransactionType,
} from '../schemas/enums.js';
import { ErrorBody } from '../schemas/error-body.js';
import { WEBHOOK_EVENT_NAMES } from '../schemas/event-names.js';
import { Guid, IsoDateTime } from '../schemas/formats.js';
import { PageMeta, TransactionList } from '../schemas/list.js';
import { HttpUrl, IsoDate, Uuid } from '../schemas/primitives.js';
import { TrackingParameters } from '../schemas/tracking.js';
import { TrackingParametersInput, Transaction } from '../schemas/transaction.js';
import { WebhookEventBody, WebhookEventData, WebhookPingBody } from '../schemas/webhook-event.js';
import {
  CreatedWebhookSubscription,
  CreateWebhookParams,
  UpdateWebhookParams,
  WEBHOOK_SUBSCRIPTION_STATUSES,
  WebhookEventName,
  WebhookEventTypeList,
  WebhookSubscription,
  WebhookSubscriptionList,
} from '../schemas/webhook-subscription.js';
import { describeComponents } from './descriptions.js';

/** A JSON Schema object, as the document holds it. */
export type JsonSchema = Record<string, unknown>;

/** The component name of an operation's request body: `createCashout` → `CreateCashoutBody`. */
export const bodyComponentName = (operationId: string) =>
  `${operationId.charAt(0).toUpperCase()}${operationId.slice(1)}Body`;

/**
 * Every schema of the document by its component name (wire shapes). A request body is named after
 * its operation (`createCashout` → `CreateCashoutBody`), from `src/operations.ts`.
 */
const COMPONENTS: Record<string, z.ZodMiniType> = {
  Guid,
  Uuid,
  DateTime: IsoDateTime,
  Date: IsoDate,
  TransactionStatus,
  TransactionType,
  TransactionOrigin,
  PixKeyType,
  OpenTransactionStatus,
  OpenTransactionType,
  OpenTransactionOrigin,
  OpenPixKeyType,
  TrackingParametersInput,
  TrackingParameters,
  CreateTransactionResponse,
  CreateCashoutResponse,
  Transaction,
  PageMeta,
  TransactionList,
  Balance,
  ErrorBody,
  WebhookEventName,
  WebhookSubscription,
  CreatedWebhookSubscription,
  WebhookSubscriptionList,
  WebhookEventTypeList,
  WebhookEventData,
  WebhookEventBody,
  WebhookPingBody,
  ...Object.fromEntries(
    Object.entries(operations as Record<string, OperationContract>).flatMap(([operationId, { body }]) =>
      body === undefined
        ? []
        : [[`${operationId[0]?.toUpperCase()}${operationId.slice(1)}Body`, body.schema]],
    ),
  ),
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const NAMES = new Map<unknown, string>(Object.entries(COMPONENTS).map(([name, schema]) => [schema, name]));

/** Where a registered schema is found from elsewhere in the document (by the schema, never its name). */
export function refTo(schema: z.ZodMiniType): { $ref: string } {
  const name = NAMES.get(schema);
  if (name === undefined) throw new Error('This schema is not a component: register it in COMPONENTS first');
  return ref(name);
}

/**
 * A `toJSONSchema` override for schemas converted apart from the components (the query
 * parameters): a schema that is a component becomes a reference to it.
 */
export function referToComponents({ zodSchema, jsonSchema }: { zodSchema: unknown; jsonSchema: JsonSchema }) {
  const name = NAMES.get(zodSchema);
  if (name === undefined) return;
  for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
  Object.assign(jsonSchema, ref(name));
}

/** An open enum: the known values listed, any other string accepted (the service may add values). */
function openEnum(values: readonly string[]): JsonSchema {
  return { anyOf: [{ type: 'string', enum: [...values] }, { type: 'string' }] };
}

const subscriptionShape = WebhookSubscription.shape;
/** The open enums of responses: plain strings to zod, their known values here. */
const OPEN_ENUMS = new Map<unknown, readonly string[]>([
  [OpenTransactionStatus, TRANSACTION_STATUSES],
  [OpenTransactionType, TRANSACTION_TYPES],
  [OpenTransactionOrigin, TRANSACTION_ORIGINS],
  [OpenPixKeyType, PIX_KEY_TYPES],
  [subscriptionShape.events.def.innerType.def.element, WEBHOOK_EVENT_NAMES],
  [subscriptionShape.status.def.innerType, WEBHOOK_SUBSCRIPTION_STATUSES],
]);

/**
 * Refinements zod cannot write as JSON Schema, written by hand for the schemas that carry them
 * (`undefined` removes a keyword).
 */
const REFINEMENTS = new Map<unknown, JsonSchema>([
  // amount > 5.00, the fixed payout fee (AMOUNT_BELOW_FEE), which says more than minimum 0.01.
  [PayoutAmount, { minimum: undefined, exclusiveMinimum: 5 }],
  [HttpUrl, { format: 'uri', pattern: '^[Hh][Tt][Tt][Pp][Ss]?://' }],
  [CreateTransactionBody.shape.clientCpf.def.innerType, { pattern: '^\\d{11}$' }],
  // An event is listed once.
  [CreateWebhookParams.shape.events, { uniqueItems: true }],
  [UpdateWebhookParams.shape.events.def.innerType, { uniqueItems: true }],
  // An update changes something.
  [UpdateWebhookParams, { minProperties: 1 }],
  // An unknown balance shape is neither.
  [Balance, { anyOf: [{ required: ['available'] }, { required: ['pending'] }] }],
]);

/** What the two `z.custom` schemas are: a forbidden field, and the field-error map of 422s. */
function custom(schema: unknown): JsonSchema | undefined {
  if (schema === ErrorBody.shape.errors.def.innerType) {
    return { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } };
  }
  // forbiddenField() tags its custom schema with the error code; nothing is valid, so `not: {}`.
  const { params } = (schema as { def: { params?: { code?: string } } }).def;
  if (params?.code === 'FORBIDDEN_FIELD') return { not: {} };
  return undefined;
}

/**
 * The `components.schemas` of the document. Responses are read as their input side, so that
 * their objects stay open to the fields a service adds; request bodies are strict objects and
 * refuse unknown fields either way.
 */
export function componentSchemas(): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(COMPONENTS)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    io: 'input',
    uri: (id) => ref(id).$ref,
    unrepresentable: (ctx) => custom(ctx.zodSchema) ?? 'throw',
    override: ({ zodSchema, jsonSchema }) => {
      const known = OPEN_ENUMS.get(zodSchema);
      if (known !== undefined) {
        for (const key of Object.keys(jsonSchema)) delete (jsonSchema as JsonSchema)[key];
        Object.assign(jsonSchema, openEnum(known));
      }
      for (const [key, value] of Object.entries(REFINEMENTS.get(zodSchema) ?? {})) {
        if (value === undefined) delete (jsonSchema as JsonSchema)[key];
        else (jsonSchema as JsonSchema)[key] = value;
      }
    },
  });
  const components: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(schemas)) {
    const { $schema: _schema, $id: _id, ...rest } = schema as JsonSchema;
    components[id] = rest;
  }
  return describeComponents(components);
}
