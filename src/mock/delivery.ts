/**
 * Webhook delivery: for each status change, a signed POST to every ACTIVE subscription that
 * listens to the event, retried with backoff, every attempt logged. Deliveries to one
 * subscription go out in order. Signed with the webhook toolkit's own signer.
 */
import { bypass } from 'msw';
import { fromCents } from '../pix/money.js';
import { signWebhookPayload } from '../webhooks/verify.js';
import type { ResolvedOptions } from './options.js';
import type { StoredTransaction } from './records.js';
import type { MockStore, StoredSubscription } from './store.js';

export class WebhookDispatcher {
  readonly #queues = new Map<string, Promise<void>>();
  #inflight = new Set<Promise<void>>();
  #generation = new AbortController();

  constructor(
    private readonly store: MockStore,
    private readonly options: ResolvedOptions,
  ) {}

  /** Queues the event for every subscription of the record's merchant that listens to it. */
  dispatch(record: StoredTransaction, event: string): void {
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
    const body = JSON.stringify({ event, timestamp: this.options.now().toISOString(), data });
    for (const subscription of this.store.subscriptions.values()) {
      if (
        subscription.merchantId === record.merchantId &&
        subscription.status === 'ACTIVE' &&
        subscription.events.includes(event)
      ) {
        this.#enqueue(subscription, event, body);
      }
    }
  }

  /** Sends the revalidation ping once; true when the receiver answered 2xx. */
  async ping(subscription: StoredSubscription): Promise<boolean> {
    const body = JSON.stringify({
      event: 'webhook.revalidate',
      timestamp: this.options.now().toISOString(),
      data: { webhookId: subscription.id },
    });
    return this.#attempt(subscription, 'webhook.revalidate', body, crypto.randomUUID(), 1);
  }

  /** Resolves when every queued delivery has finished (all its retries included). */
  async settle(): Promise<void> {
    while (this.#inflight.size > 0) await Promise.allSettled([...this.#inflight]);
  }

  /** Drops queued deliveries and stops retries. */
  reset(): void {
    this.#generation.abort();
    this.#generation = new AbortController();
    this.#queues.clear();
    this.#inflight = new Set();
  }

  #enqueue(subscription: StoredSubscription, event: string, body: string): void {
    const deliveryId = crypto.randomUUID();
    const previous = this.#queues.get(subscription.id) ?? Promise.resolve();
    const next = previous.then(() => this.#deliver(subscription, event, body, deliveryId));
    this.#queues.set(subscription.id, next);
    const inflight = this.#inflight;
    inflight.add(next);
    void next.finally(() => inflight.delete(next));
  }

  async #deliver(
    subscription: StoredSubscription,
    event: string,
    body: string,
    deliveryId: string,
  ): Promise<void> {
    const signal = this.#generation.signal;
    const delays = this.options.webhookRetryDelaysMs;
    for (let attempt = 1; attempt <= delays.length + 1; attempt++) {
      if (signal.aborted) return;
      if (await this.#attempt(subscription, event, body, deliveryId, attempt)) return;
      const wait = delays[attempt - 1];
      if (wait !== undefined) await sleep(wait, signal);
    }
    if (!signal.aborted) subscription.status = 'FAILING';
  }

  async #attempt(
    subscription: StoredSubscription,
    event: string,
    body: string,
    deliveryId: string,
    attempt: number,
  ): Promise<boolean> {
    const log = {
      deliveryId,
      webhookId: subscription.id,
      merchantId: subscription.merchantId,
      event,
      url: subscription.url,
      attempt,
      at: this.options.now().toISOString(),
      body,
    };
    try {
      const request = new Request(subscription.url, {
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/json',
          'x-webhook-event': event,
          'x-webhook-signature': await signWebhookPayload(body, subscription.secret),
          'x-webhook-id': deliveryId,
        },
        signal: AbortSignal.any([
          this.#generation.signal,
          AbortSignal.timeout(this.options.webhookTimeoutMs),
        ]),
      });
      // bypass: the mock's own outgoing calls must not be caught by the msw server it runs in.
      const response = await globalThis.fetch(bypass(request));
      await response.arrayBuffer().catch(() => undefined);
      const ok = response.status >= 200 && response.status < 300;
      this.store.deliveries.push({ ...log, status: response.status, ok });
      return ok;
    } catch (error) {
      this.store.deliveries.push({ ...log, error: (error as Error).name || 'Error', ok: false });
      return false;
    }
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
