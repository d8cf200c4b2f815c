/** The state machines of the reference behaviour, and the webhook event of each move. */
import type { TransactionStatus, TransactionType } from '../../schemas/enums.js';
import type { WebhookEventName } from '../../schemas/webhook-subscription.js';

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

const CHARGE_EVENTS: Partial<Record<TransactionStatus, WebhookEventName>> = {
  PENDING: 'transaction.created',
  COMPLETED: 'transaction.completed',
  FAILED: 'transaction.failed',
  REVERSED: 'transaction.reversed',
  CANCELLED: 'transaction.cancelled',
  CHARGEBACK: 'transaction.chargeback',
};
const PAYOUT_EVENTS: Partial<Record<TransactionStatus, WebhookEventName>> = {
  PENDING: 'cashout.created',
  PROCESSING: 'cashout.processing',
  COMPLETED: 'cashout.completed',
  FAILED: 'cashout.failed',
  REVERSED: 'cashout.reversed',
};

/** The event announcing that a record of `type` reached `status` (none for a cancelled payout). */
export function eventFor(type: TransactionType, status: TransactionStatus): WebhookEventName | undefined {
  if (type === 'CASHIN') return CHARGE_EVENTS[status];
  if (type === 'CASHOUT') return PAYOUT_EVENTS[status];
  return undefined;
}
