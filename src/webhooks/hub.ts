/**
 * A small in-process hub between a webhook receiver and the waits of a client: the receiver
 * publishes each verified event, and `waitFor` listens for the record it waits on, so that a wait
 * ends as soon as the webhook arrives instead of at its next poll.
 */
import type { UnknownWebhookEvent, WebhookEvent } from './events.js';

/** Told that something happened to a record; the wait then reads the record again. */
export type WebhookHubListener = (event: WebhookEvent | UnknownWebhookEvent) => void;

/**
 * Connects a webhook receiver to `waitFor`: pass the same hub to both.
 *
 * @example
 * const hub = new WebhookHub();
 * createWebhookHandler({ secret, onEvent, hub });
 * await client.transactions.waitFor(charge.transactionId, { hub });
 */
export class WebhookHub {
  readonly #listeners = new Map<string, Set<WebhookHubListener>>();

  /** Tells the listeners of the event's record (by `transactionId`, `referenceId` or legacy `id`). */
  publish(event: WebhookEvent | UnknownWebhookEvent): void {
    const data = event.data as { transactionId?: unknown; referenceId?: unknown; id?: unknown };
    for (const key of new Set([data.transactionId, data.referenceId, data.id])) {
      if (key === undefined || key === null) continue;
      for (const listener of this.#listeners.get(String(key)) ?? []) listener(event);
    }
  }

  /** Listens for events of a record known by any of `keys`; returns the function that stops it. */
  subscribe(keys: readonly (string | number)[], listener: WebhookHubListener): () => void {
    const names = [...new Set(keys.map(String))];
    for (const name of names) {
      const set = this.#listeners.get(name) ?? new Set();
      set.add(listener);
      this.#listeners.set(name, set);
    }
    return () => {
      for (const name of names) {
        const set = this.#listeners.get(name);
        set?.delete(listener);
        if (set?.size === 0) this.#listeners.delete(name);
      }
    };
  }
}
