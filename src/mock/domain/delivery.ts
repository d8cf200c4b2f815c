/**
 * Webhook delivery: for each status change, a signed POST to every ACTIVE subscription that
 * listens to the event, retried with backoff, every attempt logged. Deliveries to one
 * subscription go out in order. Signed with the webhook toolkit's own signer, over bytes no
 * `JSON.stringify` writes (./webhook-body.ts).
 */
import { bypass } from 'msw';
import { fromCents } from '../../pix/money.js';
import { signWebhookPayload } from '../../webhooks/verify.js';
import type { ResolvedOptions } from '../options.js';
import { retryWithBackoff } from './backoff.js';
import type { MockClock } from './clock.js';
import type { StoredTransaction } from './records.js';
import { notFound } from './service-error.js';
import {
  type DeliveryAttempt,
  MAX_KEPT_DELIVERY_ATTEMPTS,
  type StoredSubscription,
  type SubscriptionStore,
} from './subscriptions.js';
import { WebhookBodyWriter } from './webhook-body.js';

type Subscription = Readonly<StoredSubscription>;

const KEPT = MAX_KEPT_DELIVERY_ATTEMPTS.toLocaleString('en');

/** How much of a receiver's answer the log keeps, in characters. */
const MAX_LOGGED_ANSWER = 2000;

/**
 * Why an attempt got no answer, as a log reader can act on it: `timeout after N ms`, or the
 * system's error code under fetch's `TypeError` (`ECONNREFUSED`, `ENOTFOUND`). Never an error's
 * message: one may quote the URL, credentials included.
 */
function failureCause(error: unknown, timeoutMs: number): string {
  const name = error instanceof Error ? error.name : undefined;
  if (name === 'TimeoutError') return `timeout after ${timeoutMs} ms`;
  const cause = (error as { cause?: { code?: unknown; name?: unknown; errors?: { code?: unknown }[] } })
    ?.cause;
  // Happy eyeballs (several addresses) fails with an AggregateError of one error per address.
  const code = cause?.code ?? cause?.errors?.[0]?.code;
  if (typeof code === 'string') return code;
  if (typeof cause?.name === 'string' && cause.name !== 'Error') return cause.name;
  return name || 'Error';
}

/** Sends the webhooks of one mock service. */
export class WebhookDispatcher {
  readonly #queues = new Map<string, Promise<void>>();
  #inflight = new Set<Promise<void>>();
  #generation = new AbortController();
  readonly #bodies: WebhookBodyWriter;
  /**
   * The last timestamp (ms) of each event name of each record, by `event|referenceId`, kept only
   * while one is not before the clock (`#latest`, the newest): older ones cannot clash.
   */
  readonly #stamped = new Map<string, number>();
  #latest = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly subscriptions: SubscriptionStore,
    private readonly options: ResolvedOptions,
    private readonly clock: MockClock,
  ) {
    this.#bodies = new WebhookBodyWriter(options);
  }

  /** Queues the event for every subscription of the record's merchant that listens to it. */
  dispatch(record: Readonly<StoredTransaction>, event: string): void {
    if (!this.options.deliverWebhooks) return;
    const data: Record<string, unknown> = {
      id: record.id,
      referenceId: record.externalId,
      status: record.status,
      type: record.type,
      transactionId: record.transactionId,
      amount: fromCents(record.amountCents),
    };
    if (record.trackingParameters !== undefined) data.trackingParameters = { ...record.trackingParameters };
    const body = this.#bodies.write({ event, timestamp: this.#stamp(event, record), data });
    for (const subscription of this.subscriptions.listening(record.merchantId, event)) {
      this.#enqueue(subscription, event, body);
    }
  }

  /**
   * The event's timestamp: now, or 1 ms after the record's previous event of that name when the
   * clock stood still since (an operation may send one event twice, a refund's): event name,
   * `referenceId` and timestamp are the interface document's duplicate key, so two events never share it.
   */
  #stamp(event: string, record: Readonly<StoredTransaction>): string {
    const now = this.clock.now().getTime();
    if (now > this.#latest) this.#stamped.clear();
    const key = `${event}|${record.externalId}`;
    const last = this.#stamped.get(key);
    const ms = last === undefined || now > last ? now : last + 1;
    this.#stamped.set(key, ms);
    this.#latest = Math.max(this.#latest, ms);
    return new Date(ms).toISOString();
  }

  /** Sends the revalidation ping once; true when the receiver answered 2xx. */
  async ping(subscription: Subscription): Promise<boolean> {
    const body = this.#bodies.write({
      event: 'webhook.revalidate',
      timestamp: this.clock.now().toISOString(),
      data: { webhookId: subscription.id },
    });
    return this.#attempt(subscription, 'webhook.revalidate', body, crypto.randomUUID(), 1);
  }

  /**
   * Sends a logged delivery again, now, once: the same bytes and `X-Webhook-Id`, to where its
   * subscription points now, logged as its next attempt. Answers that attempt.
   * @throws ServiceError 404 naming the id, for a delivery the log does not hold (never made,
   *   or older than the newest 1,000 attempts) or whose subscription was deleted.
   */
  async resend(deliveryId: string): Promise<Readonly<DeliveryAttempt>> {
    const attempts = this.subscriptions.attemptsOf(deliveryId);
    const last = attempts.at(-1);
    const named = `Delivery ${JSON.stringify(deliveryId.slice(0, 100))}`;
    if (last === undefined) throw notFound(named, `the log holds the newest ${KEPT} attempts`);
    const subscription = this.subscriptions.get(last.webhookId);
    if (subscription === undefined) throw notFound(named, `its subscription ${last.webhookId} was deleted`);
    const n = Math.max(...attempts.map((a) => a.attempt)) + 1;
    await this.#attempt(subscription, last.event, last.body, last.deliveryId, n, true);
    return this.subscriptions.attemptsOf(deliveryId).at(-1) as Readonly<DeliveryAttempt>;
  }

  /** Resolves when every queued delivery has finished (all its retries included). */
  async settle(): Promise<void> {
    while (this.#inflight.size > 0) await Promise.allSettled([...this.#inflight]);
  }

  /** Drops queued deliveries and stops retries; varied bodies start their seed's sequence again. */
  reset(): void {
    this.#bodies.reset();
    this.#generation.abort();
    this.#generation = new AbortController();
    this.#queues.clear();
    this.#inflight = new Set();
  }

  #enqueue(subscription: Subscription, event: string, body: string): void {
    const deliveryId = crypto.randomUUID();
    const previous = this.#queues.get(subscription.id) ?? Promise.resolve();
    const next = previous.then(() => this.#deliver(subscription, event, body, deliveryId));
    this.#queues.set(subscription.id, next);
    const inflight = this.#inflight;
    inflight.add(next);
    void next.finally(() => inflight.delete(next));
  }

  async #deliver(subscription: Subscription, event: string, body: string, deliveryId: string): Promise<void> {
    const signal = this.#generation.signal;
    // Each attempt reads the subscription again: a retry goes where the merchant points it now.
    const current = () => this.subscriptions.get(subscription.id) ?? subscription;
    const attempt = (n: number) => this.#attempt(current(), event, body, deliveryId, n);
    const delivered = await retryWithBackoff(attempt, this.options.webhookRetryDelaysMs, signal);
    if (!delivered && !signal.aborted) {
      this.subscriptions.update(subscription.id, {
        status: 'FAILING',
        updatedAt: this.clock.now().toISOString(),
      });
    }
  }

  async #attempt(
    subscription: Subscription,
    event: string,
    body: string,
    deliveryId: string,
    attempt: number,
    resent?: true,
  ): Promise<boolean> {
    const headers = {
      'content-type': 'application/json',
      'x-webhook-event': event,
      'x-webhook-signature': await signWebhookPayload(body, subscription.secret),
      'x-webhook-id': deliveryId,
    };
    const log = {
      deliveryId,
      webhookId: subscription.id,
      merchantId: subscription.merchantId,
      event,
      url: subscription.url,
      attempt,
      at: this.clock.now().toISOString(),
      headers,
      body,
      ...(resent ? { resent } : {}),
    };
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    try {
      const request = new Request(subscription.url, {
        method: 'POST',
        body,
        headers,
        signal: AbortSignal.any([
          this.#generation.signal,
          AbortSignal.timeout(this.options.webhookTimeoutMs),
        ]),
      });
      // bypass: the mock's own outgoing calls must not be caught by the msw server it runs in.
      const response = await globalThis.fetch(bypass(request));
      const answer = await response.text().catch(() => '');
      const ok = response.status >= 200 && response.status < 300;
      this.subscriptions.log({
        ...log,
        status: response.status,
        ...(ok ? {} : { error: `HTTP ${response.status}` }),
        ok,
        durationMs: took(),
        response: answer.slice(0, MAX_LOGGED_ANSWER),
      });
      return ok;
    } catch (error) {
      this.subscriptions.log({
        ...log,
        error: failureCause(error, this.options.webhookTimeoutMs),
        ok: false,
        durationMs: took(),
      });
      return false;
    }
  }
}
