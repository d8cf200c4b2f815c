/**
 * The service's rules over the store, and the only code that writes it: creating charges and
 * payouts and changing records (with idempotency), moving records through their state machines,
 * and the money each move makes or takes, recorded as ledger entries in cents (./money-rules.ts
 * says which).
 */
import { endpoints, type Idempotency, type OperationId } from '../../endpoints.js';
import { toCents } from '../../pix/money.js';
import type { CreateCashoutBody } from '../../schemas/cashout.js';
import type { CreateTransactionBody } from '../../schemas/charge-body.js';
import type { TransactionStatus } from '../../schemas/enums.js';
import type { KnownWebhookEventName } from '../../schemas/event-names.js';
import type { MockMerchant, ResolvedOptions } from '../options.js';
import { chargePixCode } from './charge-code.js';
import type { MockClock } from './clock.js';
import type { Movement } from './entries.js';
import { fingerprint } from './fingerprint.js';
import { newEndToEndId } from './ids.js';
import { canMove, eventFor } from './lifecycle.js';
import { moveMoney, payoutAccepted, withinExactCents } from './money-rules.js';
import {
  chargeFields,
  type NewRecordFields,
  newRecordDefaults,
  type RecordChanges,
  type StoredTransaction,
} from './records.js';
import { ServiceError } from './service-error.js';
import type { MockBalance, MockStore } from './store.js';

/**
 * The idempotency rule of an operation, from its entry; with `effect`, the entry must declare that
 * its keyed call does that (`idempotency.effect` in `src/endpoints.ts`).
 */
function keyRule(operationId: OperationId, effect?: Idempotency['effect']): Idempotency {
  const rule: Idempotency | undefined = endpoints[operationId].idempotency;
  if (rule === undefined) throw new Error(`${operationId} has no idempotency key in src/endpoints.ts`);
  if (effect !== undefined && rule.effect !== effect)
    throw new Error(
      `${operationId}'s keyed call does not ${effect} a record (its effect in src/endpoints.ts)`,
    );
  return rule;
}

/**
 * What a rule of {@link Ledger.change} does to a record: the money it moves (./money-rules.ts),
 * the fields it changes (`updatedAt` is set for it), and the webhook event it sends, if any.
 */
export interface RecordChange {
  movements: Movement[];
  changes: RecordChanges;
  event?: KnownWebhookEventName;
}

/** Payout keys with scripted outcomes, like test card numbers. */
export const MAGIC_PIX_KEYS = { fail: 'fail@pix.test', reverse: 'reverse@pix.test' } as const;

/** Told of every status a record reaches (including its first), to deliver webhooks. */
export type StatusListener = (record: Readonly<StoredTransaction>, event: string) => void;

/** The outcome of a create or a change: the record, and whether it is a replay of an earlier request. */
export interface Created {
  record: Readonly<StoredTransaction>;
  replay: boolean;
}

/** The rules of the service: every write to the store goes through here. */
export class Ledger {
  constructor(
    private readonly store: MockStore,
    private readonly options: ResolvedOptions,
    private readonly clock: MockClock,
    private readonly onStatus: StatusListener,
  ) {}

  /** create-transaction: a PENDING charge with a dynamic BR Code. */
  createCharge(merchant: MockMerchant, body: CreateTransactionBody): Created {
    return this.#create(merchant, keyRule('createTransaction', 'create'), body, (key) => {
      const record = this.#newRecord(merchant.id, chargeFields(body, merchant, key));
      record.pixCode = chargePixCode(record, merchant, this.options.baseUrl);
      return record;
    });
  }

  /**
   * create-payout: takes the whole amount out of the available balance, PENDING. Processing is
   * a separate step ({@link processPayout}) that the service runs once it has answered.
   */
  createPayout(merchant: MockMerchant, body: CreateCashoutBody): Created {
    return this.#create(merchant, keyRule('createCashout', 'create'), body, (key) => {
      const amountCents = toCents(body.amount);
      if (amountCents <= this.options.payoutFeeCents) {
        throw new ServiceError('AMOUNT_BELOW_FEE', 'amount must be greater than the payout fee', {
          amount: ['must be greater than the fixed payout fee'],
        });
      }
      const balance = this.store.balance(merchant.id);
      if (amountCents > balance.availableCents) {
        throw new ServiceError('INSUFFICIENT_BALANCE', 'The available balance does not cover this payout');
      }
      const reserved = withinExactCents(balance, payoutAccepted(amountCents));
      const payout = this.#newRecord(merchant.id, {
        type: 'CASHOUT',
        amountCents,
        feeCents: this.options.payoutFeeCents,
        externalId: key,
        pixKey: body.pixKey,
        pixKeyType: body.pixKeyType,
      });
      this.store.addEntries(payout, reserved);
      return payout;
    });
  }

  /**
   * An operation that changes a record the merchant has (a refund of a charge, say), keyed as its
   * entry says (`effect: 'change'`, which the mock's declared answers and the client's advice
   * read): the key again answers the record as it is now and changes nothing; else `rule` reads
   * the record as it stands and the merchant's balance, and says what moves and changes (it throws
   * a ServiceError to refuse, before anything changes).
   */
  change(
    merchant: MockMerchant,
    operationId: OperationId,
    body: { [field in Idempotency['field']]?: string | undefined },
    record: Readonly<StoredTransaction>,
    rule: (current: Readonly<StoredTransaction>, balance: MockBalance) => RecordChange,
  ): Created {
    return this.#once(merchant, keyRule(operationId), body, () => {
      const current = this.store.record(record.id) ?? record;
      const balance = this.store.balance(current.merchantId);
      const { movements, changes, event } = rule(current, balance);
      const changed = this.#apply(current, balance, movements, changes);
      if (event !== undefined) this.onStatus(changed, event);
      return changed;
    });
  }

  /**
   * Runs a PENDING payout as the provider would: PROCESSING, then COMPLETED (or the magic key's
   * outcome). A payout that left PENDING meanwhile (cancelled by scenario control) is left alone.
   */
  processPayout(payout: Readonly<StoredTransaction>): void {
    if (this.store.record(payout.id)?.status !== 'PENDING') return;
    this.move(payout, 'PROCESSING');
    if (payout.pixKey === MAGIC_PIX_KEYS.fail) {
      this.move(payout, 'FAILED');
      return;
    }
    this.move(payout, 'COMPLETED');
    if (payout.pixKey === MAGIC_PIX_KEYS.reverse) this.move(payout, 'REVERSED');
  }

  /**
   * approve-cashout: a PENDING payout of an account with manual approval goes to the provider
   * ({@link processPayout}); any other status is a 409 INVALID_TRANSITION.
   */
  approvePayout(payout: Readonly<StoredTransaction>): void {
    const status = this.store.record(payout.id)?.status;
    if (status !== 'PENDING') {
      throw new ServiceError(
        'INVALID_TRANSITION',
        `Only a PENDING payout can be approved; this one is ${status}`,
      );
    }
    this.processPayout(payout);
  }

  /**
   * Expires PENDING charges created `chargeExpirySeconds` or more before `now` (CANCELLED, with
   * its webhook). Charges are indexed in creation order, so this looks only at the ones that expire.
   */
  expireCharges(now: Date): void {
    const deadline = now.getTime() - this.options.chargeExpirySeconds * 1000;
    for (const merchant of this.options.merchants) {
      const pending = this.store.ids(merchant.id, 'CASHIN', 'PENDING');
      while (pending.length > 0) {
        const charge = this.store.record(pending[0] as number) as StoredTransaction;
        if (charge.createdAt.getTime() > deadline) break;
        this.move(charge, 'CANCELLED');
      }
    }
  }

  /** Moves a record, applying the money rules; any other move is a 409 INVALID_TRANSITION. */
  move(record: Readonly<StoredTransaction>, to: TransactionStatus): void {
    const current = this.store.record(record.id) ?? record;
    if (!canMove(current.type, current.status, to)) {
      throw new ServiceError(
        'INVALID_TRANSITION',
        `A ${current.type} in ${current.status} cannot become ${to}`,
      );
    }
    // The money first: a refused refund throws before anything changes.
    const balance = this.store.balance(current.merchantId);
    const movements = moveMoney(current, to, balance);
    const now = this.clock.now();
    const paid =
      to === 'COMPLETED'
        ? {
            endToEndId: newEndToEndId(now),
            receiptUrl: `${this.options.baseUrl}/receipts/${current.transactionId}`,
            ...(current.type === 'CASHIN' ? { paidAt: now } : {}),
          }
        : {};
    const moved = this.#apply(current, balance, movements, { status: to, ...paid });
    if (to === 'CHARGEBACK') this.#infraction(moved);
    this.#announce(moved);
  }

  /**
   * Records what a move or a change does to `current`: its `movements` (refused before anything
   * changes if they would take `balance` out of exact cents), then its `changes`, with `updatedAt`.
   */
  #apply(
    current: Readonly<StoredTransaction>,
    balance: MockBalance,
    movements: Movement[],
    changes: RecordChanges,
  ): StoredTransaction {
    this.store.addEntries(current, withinExactCents(balance, movements));
    return this.store.update(current.id, { ...changes, updatedAt: this.clock.now() });
  }

  /** {@link #once} for a new record: `make` makes it, and it is added and announced. */
  #create(
    merchant: MockMerchant,
    rule: Idempotency,
    body: { [field in Idempotency['field']]?: string | undefined },
    make: (key: string) => StoredTransaction,
  ): Created {
    return this.#once(merchant, rule, body, (key) => {
      const record = make(key);
      this.store.add(record);
      this.#announce(record);
      return record;
    });
  }

  /**
   * Replays an idempotency key's record, or runs `act` and claims the key for the record it
   * answers, as the operation's entry says (`idempotency` in `src/endpoints.ts`: the key's field,
   * and its scope among the merchant's records). Synchronous on purpose: two concurrent requests
   * with one key cannot both pass between the check and the claim.
   */
  #once(
    merchant: MockMerchant,
    { field, scope }: Idempotency,
    body: { [field in Idempotency['field']]?: string | undefined },
    act: (key: string) => Readonly<StoredTransaction>,
  ): Created {
    const key = body[field] ?? crypto.randomUUID();
    const print = fingerprint(body, field);
    const claimed = `${merchant.id}|${scope}|${key.toLowerCase()}`;
    const claim = this.store.claim(claimed);
    if (claim !== undefined) {
      if (claim.fingerprint !== print) {
        throw new ServiceError(
          'IDEMPOTENCY_KEY_REUSED',
          `This ${field} was already used with a different request`,
        );
      }
      return { record: this.store.record(claim.recordId) as StoredTransaction, replay: true };
    }
    const record = act(key);
    this.store.addClaim(claimed, { fingerprint: print, recordId: record.id });
    return { record, replay: false };
  }

  #newRecord(merchantId: string, fields: NewRecordFields): StoredTransaction {
    const createdAt = this.store.creationTime(this.clock.now());
    return { ...newRecordDefaults(this.store.nextId(), merchantId, createdAt), ...fields };
  }

  /** A chargeback opens an INFRACTION record for the same amount. */
  #infraction(charge: Readonly<StoredTransaction>): void {
    this.store.add(
      this.#newRecord(charge.merchantId, {
        type: 'INFRACTION',
        status: 'COMPLETED',
        source: 'med',
        amountCents: charge.amountCents,
        feeCents: 0,
        externalId: charge.externalId,
        relatedId: charge.id,
      }),
    );
  }

  #announce(record: Readonly<StoredTransaction>): void {
    const event = eventFor(record.type, record.status);
    if (event !== undefined) this.onStatus(record, event);
  }
}
