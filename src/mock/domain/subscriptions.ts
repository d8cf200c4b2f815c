/**
 * Webhook subscriptions and the delivery log. Apart from the ledger's store because no money
 * moves here: the webhook endpoints write subscriptions, the dispatcher writes the log.
 */
import type { WebhookSubscription } from '../../schemas/webhook-subscription.js';
import type { ChangeListener } from './state-change.js';

/** A stored webhook subscription with its secret and owner. */
/** Every field of a subscription record, present (the mock always writes them all). */
type FullSubscription = { [K in keyof WebhookSubscription]-?: Exclude<WebhookSubscription[K], undefined> };

export interface StoredSubscription extends FullSubscription {
  merchantId: string;
  secret: string;
}

/** The fields of a subscription that change after its creation; an undefined one stays as it is. */
export type SubscriptionChanges = {
  [Field in 'url' | 'events' | 'description' | 'status' | 'updatedAt']?:
    | StoredSubscription[Field]
    | undefined;
};

/** One attempt to deliver one event to one subscription. */
export interface DeliveryAttempt {
  deliveryId: string;
  webhookId: string;
  merchantId: string;
  event: string;
  url: string;
  attempt: number;
  /** When the attempt was made, by the mock's clock (ISO 8601). */
  at: string;
  /** The receiver's status code, when it answered. */
  status?: number;
  /**
   * Why the attempt failed: `HTTP 500` for a non-2xx answer; without one, the connection's error
   * code (`ECONNREFUSED`) or `timeout after 10000 ms`.
   */
  error?: string;
  ok: boolean;
  /** How long the receiver took to answer (or to fail), in real milliseconds. */
  durationMs: number;
  /** The request headers sent, signature included. */
  headers: Record<string, string>;
  /** The receiver's answer body, cut to its first 2,000 characters. */
  response?: string;
  /** True for an attempt made on demand (`POST /__mock/deliveries/{deliveryId}/resend`). */
  resent?: boolean;
  body: string;
}

/** The subscriptions and the delivery log as plain data, to keep in a state file. */
export interface SavedSubscriptions {
  subscriptions: StoredSubscription[];
  deliveries: DeliveryAttempt[];
}

/**
 * The newest delivery attempts kept, in memory and in a state file: older ones are dropped, so
 * that the log (headers, body and answer of each attempt) and each write of the state stay small.
 */
export const MAX_KEPT_DELIVERY_ATTEMPTS = 1_000;

/** Subscriptions by id, and the newest delivery attempts in order. */
export class SubscriptionStore {
  readonly #subscriptions = new Map<string, Readonly<StoredSubscription>>();
  #deliveries: Readonly<DeliveryAttempt>[] = [];

  /** @param changed told of every write (a state file saves them). */
  constructor(private readonly changed: ChangeListener = () => undefined) {}

  /** Back to the start: no subscriptions, an empty log. */
  reset(): void {
    this.#subscriptions.clear();
    this.#deliveries = [];
    this.changed({ part: 'subscriptions-reset' });
  }

  /** Everything, as plain data. */
  save(): SavedSubscriptions {
    return { subscriptions: [...this.#subscriptions.values()], deliveries: this.#deliveries };
  }

  /** Back to saved subscriptions and log. */
  restore(saved: SavedSubscriptions): void {
    this.reset();
    for (const subscription of saved.subscriptions) this.#subscriptions.set(subscription.id, subscription);
    this.#deliveries = saved.deliveries.slice(-MAX_KEPT_DELIVERY_ATTEMPTS);
  }

  /** Stores a new subscription. */
  add(subscription: StoredSubscription): void {
    this.#subscriptions.set(subscription.id, { ...subscription });
    this.changed({ part: 'subscription', id: subscription.id });
  }

  /** A subscription by id (any case). */
  get(id: string): Readonly<StoredSubscription> | undefined {
    return this.#subscriptions.get(id.toLowerCase());
  }

  /** A merchant's subscriptions, oldest first. */
  of(merchantId: string): Readonly<StoredSubscription>[] {
    return [...this.#subscriptions.values()].filter((s) => s.merchantId === merchantId);
  }

  /** A merchant's ACTIVE subscriptions that listen to `event`. */
  listening(merchantId: string, event: string): Readonly<StoredSubscription>[] {
    return this.of(merchantId).filter((s) => s.status === 'ACTIVE' && s.events.includes(event));
  }

  /** Changes a subscription; answers it, or undefined when it was deleted meanwhile. */
  update(id: string, changes: SubscriptionChanges): Readonly<StoredSubscription> | undefined {
    const current = this.#subscriptions.get(id);
    if (current === undefined) return undefined;
    const defined = Object.entries(changes).filter(([, value]) => value !== undefined);
    const next: Readonly<StoredSubscription> = { ...current, ...Object.fromEntries(defined) };
    this.#subscriptions.set(id, next);
    this.changed({ part: 'subscription', id });
    return next;
  }

  /** Deletes a subscription. */
  remove(id: string): void {
    this.#subscriptions.delete(id);
    this.changed({ part: 'subscription', id });
  }

  /** Adds an attempt to the delivery log, dropping the oldest past {@link MAX_KEPT_DELIVERY_ATTEMPTS}. */
  log(attempt: DeliveryAttempt): void {
    const kept = { ...attempt };
    this.#deliveries.push(kept);
    if (this.#deliveries.length > MAX_KEPT_DELIVERY_ATTEMPTS) this.#deliveries.shift();
    this.changed({ part: 'delivery', attempt: kept });
  }

  /** The attempts of one delivery, in order (any case of its id). */
  attemptsOf(deliveryId: string): readonly Readonly<DeliveryAttempt>[] {
    const id = deliveryId.toLowerCase();
    return this.#deliveries.filter((attempt) => attempt.deliveryId === id);
  }

  /** The newest delivery attempts (at most {@link MAX_KEPT_DELIVERY_ATTEMPTS}), in order. */
  get deliveries(): readonly Readonly<DeliveryAttempt>[] {
    return [...this.#deliveries];
  }
}
