/**
 * The state machines of the reference behaviour, and the webhook event of each move (read off the
 * table of events, `src/schemas/event-names.ts`).
 */
import type { TransactionStatus, TransactionType } from '../../schemas/enums.js';
import type { KnownWebhookEventName } from '../../schemas/event-names.js';
import { WEBHOOK_EVENTS, type WebhookEventContract } from '../../schemas/event-names.js';

type Moves = Partial<Record<TransactionStatus, readonly TransactionStatus[]>>;

const CHARGE_MOVES: Moves = {
  PENDING: ['COMPLETED', 'CANCELLED', 'FAILED'],
  COMPLETED: ['REVERSED', 'CHARGEBACK'],
};
const PAYOUT_MOVES: Moves = {
  PENDING: ['PROCESSING', 'CANCELLED'],
  PROCESSING: ['COMPLETED', 'FAILED'],
  COMPLETED: ['REVERSED'],
};

/** True when a record of `type` may move from `from` to `to`. */
export function canMove(type: TransactionType, from: TransactionStatus, to: TransactionStatus): boolean {
  const moves = type === 'CASHIN' ? CHARGE_MOVES : type === 'CASHOUT' ? PAYOUT_MOVES : {};
  return moves[from]?.includes(to) ?? false;
}

/**
 * The statuses a record of `type` went through to reach `status`, from PENDING; undefined when
 * its state machine never reaches it. Each status is reached from one other only, so the path is
 * the record's history.
 */
export function statusPath(
  type: TransactionType,
  status: TransactionStatus,
): TransactionStatus[] | undefined {
  const moves = type === 'CASHIN' ? CHARGE_MOVES : type === 'CASHOUT' ? PAYOUT_MOVES : {};
  const path = [status];
  while (path[0] !== 'PENDING') {
    const to = path[0] as TransactionStatus;
    const from = (Object.keys(moves) as TransactionStatus[]).find((s) => moves[s]?.includes(to));
    if (from === undefined || path.includes(from)) return undefined;
    path.unshift(from);
  }
  return path;
}

const EVENTS = Object.entries(WEBHOOK_EVENTS) as [KnownWebhookEventName, WebhookEventContract][];

/**
 * The event announcing that a record of `type` reached `status`: the event of the table
 * (`src/schemas/event-names.ts`) about that type that reports that status; none for a cancelled payout.
 */
export function eventFor(
  type: TransactionType,
  status: TransactionStatus,
): KnownWebhookEventName | undefined {
  return EVENTS.find(([, event]) => event.record === type && event.status === status)?.[0];
}
