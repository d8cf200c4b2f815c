/** The webhook-management endpoints /v1/user/webhooks* (interface document 4.8), with a user JWT. */

import type { OperationId } from '../endpoints.js';
import { WEBHOOK_EVENT_NAMES } from '../schemas/event-names.js';
import { ref } from './components.js';
import * as example from './examples.js';
import { type OperationExtra, type OperationSpec, pathsOf, WITH_BODY } from './operation.js';

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

/** What the document says of each operation beyond the table (`src/endpoints.ts`). */
const OPERATIONS = {
  listWebhookEvents: {
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
  },
  createWebhook: {
    body: { schema: 'CreateWebhookBody', example: example.subscriptionRequest },
    responses: {
      201: subscription('Subscribed.', 'CreatedWebhookSubscription', example.createdSubscription),
    },
    errors: WITH_BODY,
  },
  listWebhooks: {
    responses: {
      200: subscription('The subscriptions.', 'WebhookSubscriptionList', { data: [example.subscription] }),
    },
    errors: [],
  },
  getWebhook: {
    parameters: byId,
    responses: { 200: subscription('The subscription.') },
    errors: [403, 404],
  },
  updateWebhook: {
    parameters: byId,
    body: { schema: 'UpdateWebhookBody', example: example.subscriptionChanges },
    responses: {
      200: subscription('The changed subscription.', 'WebhookSubscription', {
        ...example.subscription,
        ...example.subscriptionChanges,
      }),
    },
    errors: [403, 404, ...WITH_BODY],
  },
  deleteWebhook: {
    parameters: byId,
    responses: { 204: { description: 'Deleted.' } },
    errors: [403, 404],
  },
  revalidateWebhook: {
    parameters: byId,
    responses: { 200: subscription('The subscription with its new status.') },
    errors: [403, 404],
  },
} satisfies Partial<Record<OperationId, OperationExtra>>;

/** The Path Items of /v1/user/webhooks*. */
export const webhookManagementPaths = () => pathsOf(OPERATIONS);
