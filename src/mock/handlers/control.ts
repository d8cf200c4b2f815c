/**
 * Scenario control over HTTP, under `/__mock/` (apart from the service's own paths), so that
 * curl or a client in any language can drive a charge to COMPLETED, and the OpenAPI document at
 * `/openapi.json`. No credentials: it is a test server on loopback.
 */
import * as z from 'zod/mini';
import { openApiJson } from '../../openapi/document.js';
import { fromCents } from '../../pix/money.js';
import { takes } from '../../schemas/messages.js';
import type { MockContext } from '../context.js';
import { CLOCK_RANGE, isClockTime, LAST_CLOCK_MS } from '../domain/clock.js';
import { FaultRuleSchema } from '../domain/faults.js';
import { ServiceError } from '../domain/service-error.js';
import { readJson, readOptionalJson } from '../http/request-body.js';
import { validate } from '../http/respond.js';
import { controlRoute } from '../http/route.js';
import { type MockSimulate, SCENARIOS, type Scenario } from '../simulate.js';

/** `POST /__mock/clock`: `{ "advanceMs": 3600000 }` or `{ "set": "2026-11-21T11:00:00Z" }`, as `mock.clock` takes them. */
export const ClockMove = z
  .strictObject({
    advanceMs: z.optional(z.number().check(z.gte(0))),
    set: z.optional(
      z.iso
        .datetime({ offset: true, ...takes('an ISO 8601 date-time, such as "2026-11-21T11:00:00Z"') })
        .check(
          // An invalid date-time is the format check's to name; an offset can carry a valid one past 9999.
          z.refine((text) => Number.isNaN(Date.parse(text)) || isClockTime(Date.parse(text)), {
            error: `must be a time ${CLOCK_RANGE}`,
          }),
        ),
    ),
  })
  .check(
    z.refine((move) => (move.advanceMs === undefined) !== (move.set === undefined), {
      error: 'give one of advanceMs or set',
    }),
  );
/** `POST /__mock/user-tokens`: the merchant, the default one when omitted. */
export const TokenRequest = z.optional(z.strictObject({ merchantId: z.optional(z.string()) }));

/** The scenario-control handlers under `/__mock/`. */
export function controlHandlers(ctx: MockContext, simulate: MockSimulate, reset: () => void) {
  const action = (type: keyof typeof SCENARIOS, name: string | undefined) => {
    const scenarios: Record<string, Scenario> = SCENARIOS[type];
    // Own names only: `constructor` or `toString` is an unknown action, not Object.prototype's.
    const scenario = name !== undefined && Object.hasOwn(scenarios, name) ? scenarios[name] : undefined;
    if (scenario === undefined) {
      throw new ServiceError(
        'NOT_FOUND',
        `Unknown action "${name}"; one of: ${Object.keys(scenarios).join(', ')}`,
      );
    }
    return scenario.method;
  };
  return [
    controlRoute(ctx, 'post', '/__mock/charges/:id/:action', (_request, params) => ({
      status: 200,
      body: simulate[action('CASHIN', params.action)](params.id as string),
    })),
    controlRoute(ctx, 'post', '/__mock/payouts/:id/:action', (_request, params) => ({
      status: 200,
      body: simulate[action('CASHOUT', params.action)](params.id as string),
    })),
    controlRoute(ctx, 'post', '/__mock/faults', async (request) => {
      ctx.faults.inject(validate(FaultRuleSchema, await readJson(request)));
      return { status: 201, body: { pending: ctx.faults.pending } };
    }),
    controlRoute(ctx, 'delete', '/__mock/faults', () => {
      ctx.faults.clear();
      return { status: 204 };
    }),
    controlRoute(ctx, 'post', '/__mock/deliveries/:id/resend', async (_request, params) => ({
      status: 200,
      body: await ctx.dispatcher.resend(params.id as string),
    })),
    controlRoute(ctx, 'post', '/__mock/clock', async (request) => {
      const move = validate(ClockMove, await readJson(request));
      const advanceMs = move.advanceMs ?? 0;
      if (move.set === undefined && ctx.clock.now().getTime() + advanceMs > LAST_CLOCK_MS) {
        const message = `must keep the clock ${CLOCK_RANGE}`;
        throw new ServiceError('VALIDATION_ERROR', `advanceMs: ${message}`, { advanceMs: [message] });
      }
      if (move.set !== undefined) ctx.clock.set(move.set);
      else ctx.clock.advance(advanceMs);
      return { status: 200, body: { now: ctx.clock.now().toISOString() } };
    }),
    controlRoute(ctx, 'post', '/__mock/user-tokens', async (request) => {
      const body = validate(TokenRequest, await readOptionalJson(request));
      const merchantId = body?.merchantId ?? ctx.options.merchants[0]?.id;
      const merchant = ctx.options.merchants.find((m) => m.id === merchantId);
      if (merchant === undefined) throw new ServiceError('NOT_FOUND', 'Unknown merchant');
      return { status: 201, body: { token: await ctx.credentials.issueUserToken(merchant.id) } };
    }),
    controlRoute(ctx, 'post', '/__mock/reset', () => {
      reset();
      return { status: 204 };
    }),
    // The service's OpenAPI document, the same as the shipped `pix-payments/openapi.json`.
    controlRoute(ctx, 'get', '/openapi.json', () => ({ status: 200, body: JSON.parse(openApiJson()) })),
    controlRoute(ctx, 'get', '/__mock/state', () => ({
      status: 200,
      body: {
        now: ctx.clock.now().toISOString(),
        balances: ctx.options.merchants.map((m) => {
          const balance = ctx.store.balance(m.id);
          return {
            merchantId: m.id,
            available: fromCents(balance.availableCents),
            pending: fromCents(balance.pendingCents),
          };
        }),
        records: ctx.store.size,
        deliveries: ctx.subscriptions.deliveries,
      },
    })),
  ];
}
