/** createMockService: the whole PIX service as msw handlers, with state, scenario control and faults. */

import type { HttpHandler } from 'msw';
import type { Transaction } from '../schemas/transaction.js';
import type { WebhookSubscription } from '../schemas/webhook-subscription.js';
import type { MockContext } from './context.js';
import { Credentials } from './domain/auth.js';
import { type MockClock, ServiceClock } from './domain/clock.js';
import { WebhookDispatcher } from './domain/delivery.js';
import { FaultInjector, type FaultRule } from './domain/faults.js';
import { Ledger } from './domain/ledger.js';
import { toWireTransaction } from './domain/records.js';
import type { ChangeListener } from './domain/state-change.js';
import { type MockBalance, MockStore } from './domain/store.js';
import { type DeliveryAttempt, SubscriptionStore } from './domain/subscriptions.js';
import { cashoutHandlers } from './handlers/cashouts.js';
import { controlHandlers } from './handlers/control.js';
import { integrationHandlers } from './handlers/integrations.js';
import { webhookHandlers } from './handlers/webhooks.js';
import { fallbackRoute } from './http/route.js';
import { RouteTable } from './http/route-table.js';
import { requireSupportedNode } from './node-version.js';
import {
  type MockMerchant,
  type MockServiceOptions,
  type ResolvedOptions,
  refuseUnknownMockOptions,
  resolveOptions,
} from './options.js';
import { createSimulate, type MockSimulate } from './simulate.js';
import { type AnswerWriter, createAnswerWriter, type VariedAnswer } from './varied/varied-answers.js';

/** The parts of a mock service whose state a kept state file (the sandbox's) holds. */
export interface StatefulParts {
  options: ResolvedOptions;
  clock: MockClock;
  store: MockStore;
  subscriptions: SubscriptionStore;
  answers: AnswerWriter;
}

/** Read-only views of the mock's state, for assertions. */
export interface MockState {
  /** A merchant's records, oldest first (default merchant when omitted). */
  records(merchantId?: string): Transaction[];
  /** A merchant's balance in cents. */
  balance(merchantId?: string): MockBalance;
  /** A merchant's webhook subscriptions (secrets included, for tests). */
  subscriptions(merchantId?: string): (WebhookSubscription & { secret: string })[];
  /**
   * The webhook delivery attempts so far, in order (a copy, taken when read): the newest 1,000
   * (`MAX_KEPT_DELIVERY_ATTEMPTS`), older ones are dropped.
   */
  readonly deliveries: readonly Readonly<DeliveryAttempt>[];
}

/** The webhook deliveries, to act on; the log to read is `mock.state.deliveries`. */
export interface MockDeliveries {
  /**
   * Sends a logged delivery again, now, once, as `POST /__mock/deliveries/{deliveryId}/resend`
   * does (the same code): the same bytes, signature and `X-Webhook-Id`, to where its subscription
   * points now, logged as its next attempt with `resent: true`. Resolves to that attempt, whether
   * the receiver took it or not (read `ok`, `status` and `error`: `HTTP 500`, `ECONNREFUSED`).
   *
   * @param deliveryId the `deliveryId` of an attempt in `mock.state.deliveries` (its `X-Webhook-Id`).
   * @throws Error (a 404 `NOT_FOUND`, as over HTTP) whose message names the id, for a delivery
   *   the log does not hold (never made, or older than its newest 1,000 attempts) or whose
   *   subscription was deleted.
   * @example
   * await mock.settle();
   * const [first] = mock.state.deliveries;
   * const again = await mock.deliveries.resend(first.deliveryId);
   * expect(again).toMatchObject({ attempt: 2, resent: true, ok: true });
   */
  resend(deliveryId: string): Promise<Readonly<DeliveryAttempt>>;
}

/** The reference mock of the PIX service. */
export interface MockService {
  /**
   * The msw request handlers, for `setupServer` (Node) or `setupWorker` (browser). They answer
   * every request under `baseUrl`, as the service would: a known path with another method is a
   * 405 with `Allow`, OPTIONS a 204 with `Allow`, HEAD is GET without the body, an unknown path a
   * 404, a URL over 8,192 characters a 414.
   */
  handlers: HttpHandler[];
  /** Where the handlers answer. */
  baseUrl: string;
  /** The default merchant's secret key. */
  secretKey: string;
  /** The default merchant's public key (refused with 403, as the service does). */
  publicKey: string;
  /** Every merchant, with its keys. */
  merchants: readonly MockMerchant[];
  /** Mints a user JWT for the webhook-management endpoints (default merchant when omitted). */
  issueUserToken(merchantId?: string, ttlSeconds?: number): Promise<string>;
  /** Scenario control: pay, expire, fail, reverse, charge back; process, complete, fail, reverse payouts. */
  simulate: MockSimulate;
  /**
   * The mock's time: it stands still until moved, and moving it expires the PENDING charges
   * that are due. `startMockServer` moves it with real time.
   * @example mock.clock.advance(60 * 60 * 1000); // charges created an hour ago are now CANCELLED
   */
  clock: MockClock;
  /** Fault injection for the next N calls of an endpoint. */
  faults: {
    /**
     * Adds a fault for the next `times` calls of an endpoint (see `ROUTES`), or of every one (`*`).
     * @throws TypeError for an unknown endpoint or kind.
     */
    inject(rule: FaultRule): void;
    /** Removes every pending fault. */
    clear(): void;
    readonly pending: number;
  };
  /** The state, to inspect. */
  state: MockState;
  /** The webhook deliveries: resend one in-process. */
  deliveries: MockDeliveries;
  /** Resolves when every webhook delivery under way has finished, retries included. */
  settle(): Promise<void>;
  /**
   * Back to a fresh service (same keys): no records, no subscriptions, initial balances, no
   * faults, varied answers from the start of their seed's sequence. The clock stays where it is
   * (set it with `mock.clock.set`).
   */
  reset(): void;
  /**
   * With `answers: 'varied'`: what the varied mode changed in each answer it wrote (the latest
   * 200, oldest first), each field by its path in the answer sent; empty with `'reference'`.
   */
  readonly varied: readonly VariedAnswer[];
}

/**
 * Creates the reference mock.
 *
 * @throws TypeError for an option name it does not take (naming the one meant), an unknown
 *   `answers` mode, a `seed` that is not a safe integer, or a balance or fee in cents that is not
 *   a safe integer (see {@link MockServiceOptions}); a PaymentsError on Node.js before 22.12.
 * @example
 * const mock = createMockService();
 * const server = setupServer(...mock.handlers);
 * server.listen({ onUnhandledFrame: 'error' });
 * const client = new PaymentsClient({ secretKey: mock.secretKey, baseUrl: mock.baseUrl });
 */
export function createMockService(options: MockServiceOptions = {}): MockService {
  requireSupportedNode();
  refuseUnknownMockOptions(options, 'createMockService');
  return buildMockService(options).service;
}

/**
 * The mock and its route table, which `startMockServer` needs for what msw cannot be asked
 * (a TRACE request cannot even be made a `Request`), its context, which the dashboard reads,
 * and the parts a state file keeps, whose every change `onChange` hears of.
 */
export function buildMockService(
  options: MockServiceOptions = {},
  onChange?: ChangeListener,
): {
  service: MockService;
  routes: RouteTable;
  ctx: MockContext;
  parts: StatefulParts;
} {
  const resolved = resolveOptions(options);
  const store = new MockStore(resolved.merchants, onChange);
  const subscriptions = new SubscriptionStore(onChange);
  // Whatever falls due happens when time moves: the expiry of PENDING charges.
  const clock = new ServiceClock(resolved.startAt, (now) => ledger.expireCharges(now));
  const dispatcher = new WebhookDispatcher(subscriptions, resolved, clock);
  const ledger = new Ledger(store, resolved, clock, (record, event) => dispatcher.dispatch(record, event));
  const faults = new FaultInjector();
  const answers = createAnswerWriter(resolved.answers, resolved.seed, onChange);
  const ctx: MockContext = {
    options: resolved,
    clock,
    store,
    ledger,
    subscriptions,
    credentials: new Credentials(resolved, clock),
    faults,
    dispatcher,
    answers,
    routes: new RouteTable(),
  };
  const simulate = createSimulate(ctx);
  const defaultMerchant = resolved.merchants[0] as MockMerchant;
  const merchantId = (id?: string) => id ?? defaultMerchant.id;
  const reset = () => {
    dispatcher.reset();
    faults.clear();
    store.reset();
    subscriptions.reset();
    answers.reset();
  };
  const service: MockService = {
    handlers: [
      ...integrationHandlers(ctx),
      ...cashoutHandlers(ctx),
      ...webhookHandlers(ctx),
      ...controlHandlers(ctx, simulate, reset),
      // Last: what no endpoint took (405, OPTIONS, unknown paths, URLs too long to match).
      fallbackRoute(ctx),
    ],
    baseUrl: resolved.baseUrl,
    secretKey: defaultMerchant.secretKey,
    publicKey: defaultMerchant.publicKey,
    merchants: resolved.merchants,
    issueUserToken: (id, ttl) => ctx.credentials.issueUserToken(merchantId(id), ttl),
    simulate,
    clock,
    faults: {
      inject: (rule) => faults.inject(rule),
      clear: () => faults.clear(),
      get pending() {
        return faults.pending;
      },
    },
    state: {
      records: (id) => store.records(merchantId(id)).map(toWireTransaction),
      balance: (id) => store.balance(merchantId(id)),
      subscriptions: (id) =>
        subscriptions.of(merchantId(id)).map(({ merchantId: _, ...subscription }) => subscription),
      get deliveries() {
        return subscriptions.deliveries;
      },
    },
    deliveries: { resend: (deliveryId) => dispatcher.resend(deliveryId) },
    settle: () => dispatcher.settle(),
    reset,
    varied: answers.varied,
  };
  return {
    service,
    routes: ctx.routes,
    ctx,
    parts: { options: resolved, clock, store, subscriptions, answers },
  };
}
