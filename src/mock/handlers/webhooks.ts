/** Webhook subscriptions (/v1/user/webhooks*), authenticated with a user JWT. */
import { WEBHOOK_EVENT_NAMES, WEBHOOK_EVENTS } from '../../schemas/event-names.js';
import type { MockContext } from '../context.js';
import { newWebhookSecret } from '../domain/ids.js';
import { forbidden, notFound } from '../domain/service-error.js';
import type { StoredSubscription, SubscriptionChanges } from '../domain/subscriptions.js';
import { route } from '../http/route.js';
import type { MockMerchant } from '../options.js';

/** The record as the API shows it: no secret, no owner. */
function publicView(subscription: Readonly<StoredSubscription>) {
  const { secret: _secret, merchantId: _merchant, ...record } = subscription;
  return record;
}

/** The handlers of the seven webhook-management endpoints, each its own fault target. */
export function webhookHandlers(ctx: MockContext) {
  const auth = (request: Request) => ctx.credentials.merchantForUserToken(request);
  const own = (merchant: MockMerchant, id: string) => {
    const subscription = ctx.subscriptions.get(id);
    if (subscription === undefined) throw notFound('Webhook');
    if (subscription.merchantId !== merchant.id) throw forbidden();
    return subscription;
  };
  const change = (id: string, changes: SubscriptionChanges) => {
    const updated = ctx.subscriptions.update(id, { ...changes, updatedAt: ctx.clock.now().toISOString() });
    if (updated === undefined) throw notFound('Webhook');
    return publicView(updated);
  };
  return [
    route(ctx, 'listWebhookEvents', async (request) => {
      await auth(request);
      return {
        status: 200,
        body: {
          data: WEBHOOK_EVENT_NAMES.map((name) => ({ name, description: WEBHOOK_EVENTS[name].description })),
        },
      };
    }),

    route(ctx, 'createWebhook', async (request, _, input) => {
      const merchant = await auth(request);
      const params = await input.body();
      const now = ctx.clock.now().toISOString();
      const subscription: StoredSubscription = {
        id: crypto.randomUUID(),
        url: params.url,
        events: [...params.events],
        status: 'ACTIVE',
        description: params.description ?? null,
        createdAt: now,
        updatedAt: now,
        merchantId: merchant.id,
        secret: newWebhookSecret(),
      };
      ctx.subscriptions.add(subscription);
      return { status: 201, body: { ...publicView(subscription), secret: subscription.secret } };
    }),

    route(ctx, 'listWebhooks', async (request) => {
      const merchant = await auth(request);
      return { status: 200, body: { data: ctx.subscriptions.of(merchant.id).map(publicView) } };
    }),

    route(ctx, 'getWebhook', async (request, params) => ({
      status: 200,
      body: publicView(own(await auth(request), params.id as string)),
    })),

    route(ctx, 'updateWebhook', async (request, params, input) => {
      const { id } = own(await auth(request), params.id as string);
      const changes = await input.body();
      return { status: 200, body: change(id, changes) };
    }),

    route(ctx, 'deleteWebhook', async (request, params) => {
      ctx.subscriptions.remove(own(await auth(request), params.id as string).id);
      return { status: 204 };
    }),

    route(ctx, 'revalidateWebhook', async (request, params) => {
      const subscription = own(await auth(request), params.id as string);
      const ok = await ctx.dispatcher.ping(subscription);
      return { status: 200, body: change(subscription.id, { status: ok ? 'ACTIVE' : 'FAILING' }) };
    }),
  ];
}
