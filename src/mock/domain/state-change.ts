/**
 * What one write of the mock's state changed, told to whoever keeps the state (the sandbox's
 * database writes only those rows). A reset says everything of its part changed.
 */
import type { LedgerEntry } from './entries.js';
import type { DeliveryAttempt } from './subscriptions.js';

/** One change of the mock's state. */
export type StateChange =
  | { part: 'record'; id: number }
  | { part: 'claim'; scope: string }
  | { part: 'balance'; merchantId: string }
  | { part: 'entry'; entry: Readonly<LedgerEntry> }
  | { part: 'store-reset' }
  | { part: 'subscription'; id: string }
  | { part: 'delivery'; attempt: Readonly<DeliveryAttempt> }
  | { part: 'subscriptions-reset' }
  | { part: 'answers' };

/** Told of every change (the sandbox's kept state listens). */
export type ChangeListener = (change: StateChange) => void;
