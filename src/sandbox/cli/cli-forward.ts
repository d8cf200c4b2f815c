/**
 * `--forward-to URL`: subscribes a URL to every event, as `stripe listen --forward-to` does, so a
 * merchant's local app receives real signed webhooks. The subscription is an ordinary one, made
 * through the service's own webhook API: deliveries, retries and the delivery log are the same.
 */
import { endpoints } from '../../endpoints.js';
import { WEBHOOK_EVENT_NAMES } from '../../schemas/event-names.js';
import type { MockServer } from '../server/server.js';

/** The note on the subscription, so that the dashboard and GET webhooks tell it apart. */
export const FORWARD_DESCRIPTION = 'pix-payments-mock --forward-to';

/**
 * Subscribes `url` to every event for the default merchant and answers the signing secret. A
 * forwarding subscription to the same URL that the state already holds (kept with `--state`) is reused,
 * set ACTIVE on every event, so a restart neither doubles deliveries nor changes the secret.
 * @throws Error when the service refuses the subscription.
 */
export async function forwardEvents(server: MockServer, url: string): Promise<string> {
  // Only one this flag made: a subscription of the merchant's own to that URL is left as it is.
  const find = () =>
    server.service.state
      .subscriptions()
      .find((subscription) => subscription.url === url && subscription.description === FORWARD_DESCRIPTION);
  const existing = find();
  const events = [...WEBHOOK_EVENT_NAMES];
  const [method, path, body] =
    existing === undefined
      ? ['POST', endpoints.createWebhook.path, { url, events, description: FORWARD_DESCRIPTION }]
      : ['PATCH', endpoints.updateWebhook.path.replace('{id}', existing.id), { events, status: 'ACTIVE' }];
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await server.service.issueUserToken()}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  // The secret is read from the state, not the answer: with --answers varied its shape varies.
  const subscription = find();
  if (!response.ok || subscription === undefined) {
    throw new Error(
      `--forward-to: the mock refused the subscription (${response.status}): ${await response.text()}`,
    );
  }
  return subscription.secret;
}
