/** Everything the mock remembers, per merchant, with the indexes the list endpoints need. */
import type { TransactionStatus, TransactionType } from '../schemas/enums.js';
import type { WebhookSubscription } from '../schemas/webhook-subscription.js';
import type { MockMerchant } from './options.js';
import type { StoredTransaction } from './records.js';
import { TransactionIndex } from './transaction-index.js';

/** A stored webhook subscription with its secret and owner. */
export interface StoredSubscription extends WebhookSubscription {
  merchantId: string;
  secret: string;
}

/** One attempt to deliver one event to one subscription. */
export interface DeliveryAttempt {
  deliveryId: string;
  webhookId: string;
  merchantId: string;
  event: string;
  url: string;
  attempt: number;
  at: string;
  /** The receiver's status code, when it answered. */
  status?: number;
  /** Why the attempt failed without an answer (timeout, refused). */
  error?: string;
  ok: boolean;
  body: string;
}

/** An idempotency key's claim: the request's fingerprint and, once made, the record. */
interface IdempotencyEntry {
  fingerprint: string;
  recordId: number;
}

/** The mock's whole state. */
export class MockStore {
  readonly records = new Map<number, StoredTransaction>();
  readonly byTransactionId = new Map<string, number>();
  readonly index = new TransactionIndex();
  readonly idempotency = new Map<string, IdempotencyEntry>();
  readonly availableCents = new Map<string, number>();
  readonly pendingCents = new Map<string, number>();
  readonly subscriptions = new Map<string, StoredSubscription>();
  readonly deliveries: DeliveryAttempt[] = [];
  #nextId = 1;
  #lastCreatedAt = 0;

  constructor(readonly merchants: readonly MockMerchant[]) {
    this.reset();
  }

  /** Back to the start: no records, no subscriptions, initial balances. */
  reset(): void {
    this.records.clear();
    this.byTransactionId.clear();
    this.index.clear();
    this.idempotency.clear();
    this.subscriptions.clear();
    this.deliveries.length = 0;
    this.#nextId = 1;
    this.#lastCreatedAt = 0;
    for (const merchant of this.merchants) {
      this.availableCents.set(merchant.id, merchant.initialBalanceCents);
      this.pendingCents.set(merchant.id, 0);
    }
  }

  /** The next legacy integer id. */
  nextId(): number {
    return this.#nextId++;
  }

  /** A creation time never earlier than the last one, so id order is time order (dates are binary-searched). */
  creationTime(now: Date): Date {
    this.#lastCreatedAt = Math.max(this.#lastCreatedAt, now.getTime());
    return new Date(this.#lastCreatedAt);
  }

  add(record: StoredTransaction): void {
    this.records.set(record.id, record);
    this.byTransactionId.set(record.transactionId, record.id);
    this.index.add(record.merchantId, record.type, record.status, record.id);
  }

  setStatus(record: StoredTransaction, to: TransactionStatus): void {
    this.index.move(record.merchantId, record.type, record.status, to, record.id);
    record.status = to;
  }

  /** A record by UUID or legacy integer id. */
  find(id: string | number): StoredTransaction | undefined {
    const legacy =
      typeof id === 'number'
        ? id
        : /^\d+$/.test(id)
          ? Number(id)
          : this.byTransactionId.get(id.toLowerCase());
    return legacy === undefined ? undefined : this.records.get(legacy);
  }

  ids(merchantId: string, type?: TransactionType, status?: TransactionStatus): readonly number[] {
    return this.index.ids(merchantId, type, status);
  }

  credit(merchantId: string, cents: number): void {
    this.availableCents.set(merchantId, (this.availableCents.get(merchantId) ?? 0) + cents);
  }

  addPending(merchantId: string, cents: number): void {
    this.pendingCents.set(merchantId, (this.pendingCents.get(merchantId) ?? 0) + cents);
  }
}
