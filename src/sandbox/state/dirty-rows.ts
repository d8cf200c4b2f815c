/**
 * The rows a kept state must write at its next commit: the ids the stores said they changed since
 * the last one. A reset empties its tables; what changed before it no longer matters.
 */
import type { StateChange } from '../../mock/domain/state-change.js';

/** What changed since the last commit. */
export class Dirty {
  storeReset = false;
  subscriptionsReset = false;
  readonly records = new Set<number>();
  readonly claims = new Set<string>();
  readonly balances = new Set<string>();
  readonly subscriptions = new Set<string>();
  readonly deliveries: StateChange[] = [];
  /** Ledger entries made, in order. */
  readonly entries: StateChange[] = [];
  /** The clock, counters or answers' position: written with every commit anyway. */
  settings = false;

  add(change: StateChange): void {
    switch (change.part) {
      case 'record':
        return void this.records.add(change.id);
      case 'claim':
        return void this.claims.add(change.scope);
      case 'balance':
        return void this.balances.add(change.merchantId);
      case 'subscription':
        return void this.subscriptions.add(change.id);
      case 'delivery':
        return void this.deliveries.push(change);
      case 'entry':
        return void this.entries.push(change);
      case 'store-reset':
        this.storeReset = true;
        for (const set of [this.records, this.claims, this.balances]) set.clear();
        this.entries.length = 0;
        return;
      case 'subscriptions-reset':
        this.subscriptionsReset = true;
        this.subscriptions.clear();
        this.deliveries.length = 0;
        return;
      case 'answers':
        this.settings = true;
    }
  }

  get empty(): boolean {
    return (
      !this.settings &&
      !this.storeReset &&
      !this.subscriptionsReset &&
      this.deliveries.length === 0 &&
      this.entries.length === 0 &&
      [this.records, this.claims, this.balances, this.subscriptions].every((set) => set.size === 0)
    );
  }
}

/** The changes a failed commit held, to be written by the next one. */
export function replay(dirty: Dirty): StateChange[] {
  return [
    ...(dirty.storeReset ? [{ part: 'store-reset' } as const] : []),
    ...(dirty.subscriptionsReset ? [{ part: 'subscriptions-reset' } as const] : []),
    ...[...dirty.records].map((id) => ({ part: 'record', id }) as const),
    ...[...dirty.claims].map((scope) => ({ part: 'claim', scope }) as const),
    ...[...dirty.balances].map((merchantId) => ({ part: 'balance', merchantId }) as const),
    ...dirty.entries,
    ...[...dirty.subscriptions].map((id) => ({ part: 'subscription', id }) as const),
    ...dirty.deliveries,
  ];
}
