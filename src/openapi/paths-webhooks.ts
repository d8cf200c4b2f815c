/** The webhook-management endpoints /v1/user/webhooks* (interface document 4.8), with a user JWT. */
import { WEBHOOK_EVENT_NAMES } from '../schemas/event-names.js';
import { ref } from './components.js';
import * as example from './examples.js';
import { type OperationSpec, pathItems, WITH_BODY } from './operation.js';

const TAG = 'Webhook subscriptions';
const subscription = (
  description: string,
  schema = 'WebhookSubscription',
  value: unknown = example.subscription,
) => ({
  description,
  schema,
  example: value,
});
const byId: OperationSpec['parameters'] = [
  {
    name: 'id',
    in: 'path',
    required: true,
    description: 'The subscription id.',
    schema: ref('Guid'),
    example: example.subscription.id,
  },
];
const user = (spec: Omit<OperationSpec, 'tag' | 'security'>): OperationSpec => ({
  ...spec,
  tag: TAG,
  security: 'userJwt',
});

const OPERATIONS: Record<string, Record<string, OperationSpec>> = {
  '/v1/user/webhooks/events': {
    get: user({
      operationId: 'listWebhookEvents',
      summary: 'List the event names',
      description: 'The events a subscription can listen to.',
      responses: {
        200: {
          description: 'The event names.',
          schema: 'WebhookEventTypeList',
          example: {
            data: WEBHOOK_EVENT_NAMES.slice(0, 2).map((name) => ({ name, description: `${name} events` })),
          },
        },
      },
      errors: [],
    }),
  },
  '/v1/user/webhooks': {
    post: user({
      operationId: 'createWebhook',
      summary: 'Subscribe a URL to events',
      description: 'The answer alone carries the signing `secret`: keep it to verify `X-Webhook-Signature`.',
      body: { schema: 'CreateWebhookBody', example: example.subscriptionRequest },
      responses: {
        201: subscription('Subscribed.', 'CreatedWebhookSubscription', example.createdSubscription),
      },
      errors: WITH_BODY,
    }),
    get: user({
      operationId: 'listWebhooks',
      summary: 'List subscriptions',
      description: 'Every subscription of the merchant (no secrets).',
      responses: {
        200: subscription('The subscriptions.', 'WebhookSubscriptionList', { data: [example.subscription] }),
      },
      errors: [],
    }),
  },
  '/v1/user/webhooks/{id}': {
    get: user({
      operationId: 'getWebhook',
      summary: 'Read a subscription',
      description: 'One subscription of the merchant (no secret).',
      parameters: byId,
      responses: { 200: subscription('The subscription.') },
      errors: [403, 404],
    }),
    patch: user({
      operationId: 'updateWebhook',
      summary: 'Change a subscription',
      description: 'Changes its url, events, description or status (ACTIVE or INACTIVE).',
      parameters: byId,
      body: { schema: 'UpdateWebhookBody', example: example.subscriptionChanges },
      responses: {
        200: subscription('The changed subscription.', 'WebhookSubscription', {
          ...example.subscription,
          ...example.subscriptionChanges,
        }),
      },
      errors: [403, 404, ...WITH_BODY],
    }),
    delete: user({
      operationId: 'deleteWebhook',
      summary: 'Delete a subscription',
      description: 'No more deliveries to it.',
      parameters: byId,
      responses: { 204: { description: 'Deleted.' } },
      errors: [403, 404],
    }),
  },
  '/v1/user/webhooks/{id}/revalidate': {
    post: user({
      operationId: 'revalidateWebhook',
      summary: 'Ping the URL again',
      description:
        'Sends the signed `webhook.revalidate` ping: the subscription becomes ACTIVE on a 2xx answer, FAILING otherwise.',
      parameters: byId,
      responses: { 200: subscription('The subscription with its new status.') },
      errors: [403, 404],
    }),
  },
};

/** The Path Items of /v1/user/webhooks*. */
export const webhookManagementPaths = () => pathItems(OPERATIONS);
