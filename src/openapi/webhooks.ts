/**
 * The `webhooks` section: one POST per event name (interface document 6 and the reference
 * behaviour's delivery rules), signed with `X-Webhook-Signature`, and the revalidation ping.
 */

import type * as z from 'zod/mini';
import { WEBHOOK_EVENT_NAMES, WEBHOOK_EVENTS } from '../schemas/event-names.js';
import { Guid } from '../schemas/formats.js';
import { WebhookEventBody, WebhookPingBody } from '../schemas/webhook-event.js';
import { refTo } from './components.js';
import * as example from './examples.js';

const DELIVERY =
  'A non-2xx answer, or none within 10 s, is retried up to 5 more times (1, 2, 4, 8, 16 s) with the same bytes, the same `timestamp` and the same `X-Webhook-Id`; then the subscription turns FAILING. Verify the signature over the raw body before parsing it, and de-duplicate: delivery is at least once.';

/** The headers of every delivery. */
function headers(event: string): unknown[] {
  return [
    {
      name: 'X-Webhook-Signature',
      in: 'header',
      required: true,
      description:
        "HMAC SHA-256 of the exact raw body bytes with the subscription's signing secret (`whsec_…`), as lower-case hex. Compare in constant time; a missing or wrong-length signature fails.",
      schema: { type: 'string', pattern: '^[0-9a-f]{64}$' },
      example: example.signature,
    },
    {
      name: 'X-Webhook-Event',
      in: 'header',
      required: true,
      description: 'The event name, as in the body. It is not signed: compare it with the verified body.',
      schema: { type: 'string', const: event },
      example: event,
    },
    {
      name: 'X-Webhook-Id',
      in: 'header',
      required: true,
      description: 'The delivery id, the same on every retry of one delivery.',
      schema: refTo(Guid),
      example: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
    },
  ];
}

const operationId = (event: string) =>
  `on${event.replace(/(^|\.)([a-z])/g, (_, _dot: string, letter: string) => letter.toUpperCase())}`;

function delivery(event: string, summary: string, schema: z.ZodMiniType, body: unknown) {
  return {
    post: {
      operationId: operationId(event),
      summary,
      description: DELIVERY,
      tags: ['Webhook events'],
      parameters: headers(event),
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: { allOf: [refTo(schema), { type: 'object', properties: { event: { const: event } } }] },
            example: body,
          },
        },
      },
      responses: {
        200: { description: 'Received (any 2xx will do; answer quickly, process later).' },
        400: { description: 'Refused, for a signature that does not verify; the delivery is retried.' },
      },
    },
  };
}

/** The `webhooks` of the document, by event name. */
export function webhookDeliveries(): Record<string, unknown> {
  const section: Record<string, unknown> = {};
  for (const event of WEBHOOK_EVENT_NAMES) {
    section[event] = delivery(
      event,
      WEBHOOK_EVENTS[event].description,
      WebhookEventBody,
      example.eventBody(event),
    );
  }
  section['webhook.revalidate'] = delivery(
    'webhook.revalidate',
    'A revalidation ping',
    WebhookPingBody,
    example.pingBody,
  );
  return section;
}
