/**
 * Scenario control over HTTP, under `/__mock/` (apart from the service's own paths), so that
 * curl or a client in any language can drive a charge to COMPLETED. No credentials: it is a test
 * server on loopback.
 */
import { fromCents } from '../../pix/money.js';
import type { MockContext } from '../context.js';
import type { FaultRule } from '../faults.js';
import { readJson } from '../respond.js';
import { route } from '../route.js';
import { ServiceError } from '../service-error.js';
import type { MockSimulate } from '../simulate.js';

const CHARGE_ACTIONS = {
  pay: 'payCharge',
  expire: 'expireCharge',
  fail: 'failCharge',
  reverse: 'reverseCharge',
  chargeback: 'chargebackCharge',
} as const;
const PAYOUT_ACTIONS = {
  process: 'processPayout',
  complete: 'completePayout',
  fail: 'failPayout',
  reverse: 'reversePayout',
  cancel: 'cancelPayout',
} as const;

export function controlHandlers(ctx: MockContext, simulate: MockSimulate, reset: () => void) {
  const action = <T extends Record<string, keyof MockSimulate>>(actions: T, name: string | undefined) => {
    const method = actions[name as keyof T];
    if (method === undefined) {
      throw new ServiceError(
        404,
        'NOT_FOUND',
        `Unknown action "${name}"; one of: ${Object.keys(actions).join(', ')}`,
      );
    }
    return method;
  };
  return [
    route(ctx, 'control', 'post', '/__mock/charges/:id/:action', (_request, params) => ({
      status: 200,
      body: simulate[action(CHARGE_ACTIONS, params.action)](params.id as string),
    })),
    route(ctx, 'control', 'post', '/__mock/payouts/:id/:action', (_request, params) => ({
      status: 200,
      body: simulate[action(PAYOUT_ACTIONS, params.action)](params.id as string),
    })),
    route(ctx, 'control', 'post', '/__mock/faults', async (request) => {
      ctx.faults.inject((await readJson(request)) as FaultRule);
      return { status: 201, body: { pending: ctx.faults.pending } };
    }),
    route(ctx, 'control', 'post', '/__mock/user-tokens', async (request) => {
      const text = await request.text();
      const merchantId = text === '' ? undefined : (JSON.parse(text) as { merchantId?: string }).merchantId;
      const merchant = ctx.options.merchants.find(
        (m) => m.id === (merchantId ?? ctx.options.merchants[0]?.id),
      );
      if (merchant === undefined) throw new ServiceError(404, 'NOT_FOUND', 'Unknown merchant');
      return { status: 201, body: { token: await ctx.credentials.issueUserToken(merchant.id) } };
    }),
    route(ctx, 'control', 'post', '/__mock/reset', () => {
      reset();
      return { status: 204 };
    }),
    route(ctx, 'control', 'get', '/__mock/state', () => ({
      status: 200,
      body: {
        balances: ctx.options.merchants.map((m) => ({
          merchantId: m.id,
          available: fromCents(ctx.store.availableCents.get(m.id) ?? 0),
          pending: fromCents(ctx.store.pendingCents.get(m.id) ?? 0),
        })),
        records: ctx.store.records.size,
        deliveries: ctx.store.deliveries,
      },
    })),
  ];
}
