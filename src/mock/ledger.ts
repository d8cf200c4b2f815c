/**
 * The service's rules over the store: creating charges and payouts (with idempotency), moving
 * records through their state machines, and the money each move makes or takes, in cents.
 */
import { buildBrCode } from '../pix/brcode-build.js';
import { toCents } from '../pix/money.js';
import type { CreateCashoutBody } from '../schemas/cashout.js';
import type { CreateTransactionBody } from '../schemas/charge.js';
import type { TransactionStatus } from '../schemas/enums.js';
import { newEndToEndId } from './ids.js';
import { canMove, eventFor } from './lifecycle.js';
import { applyMoneyRules } from './money-rules.js';
import type { MockMerchant, ResolvedOptions } from './options.js';
import { newRecordDefaults, type StoredTransaction } from './records.js';
import { ServiceError } from './service-error.js';
import type { MockStore } from './store.js';

/** Payout keys with scripted outcomes, like test card numbers. */
export const MAGIC_PIX_KEYS = { fail: 'fail@pix.test', reverse: 'reverse@pix.test' } as const;

/** Told of every status a record reaches (including its first), to deliver webhooks. */
export type StatusListener = (record: StoredTransaction, event: string) => void;

/** The outcome of a create: the record, and whether it is a replay of an earlier request. */
export interface Created {
  record: StoredTransaction;
  replay: boolean;
}

/** A stable text of a request body without its idempotency key, to tell "same request" apart. */
function fingerprint(body: Record<string, unknown>, keyField: string): string {
  const entries = Object.entries(body)
    .filter(([name, value]) => name !== keyField && value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify(entries);
}

export class Ledger {
  constructor(
    private readonly store: MockStore,
    private readonly options: ResolvedOptions,
    private readonly onStatus: StatusListener,
  ) {}

  /**
   * Claims an idempotency key or finds its record. Synchronous on purpose: two concurrent
   * requests with one key cannot both pass between the check and the claim.
   */
  #replay(merchantId: string, type: string, key: string, print: string): StoredTransaction | undefined {
    const entry = this.store.idempotency.get(`${merchantId}|${type}|${key}`);
    if (entry === undefined) return undefined;
    if (entry.fingerprint !== print) {
      throw new ServiceError(
        409,
        'IDEMPOTENCY_KEY_REUSED',
        `This ${type === 'CASHIN' ? 'referenceId' : 'idempotencyKey'} was already used with a different request`,
      );
    }
    return this.store.records.get(entry.recordId);
  }

  #newRecord(
    merchant: MockMerchant,
    fields: Partial<StoredTransaction> &
      Pick<StoredTransaction, 'type' | 'amountCents' | 'feeCents' | 'externalId'>,
  ): StoredTransaction {
    const createdAt = this.store.creationTime(this.options.now());
    return { ...newRecordDefaults(this.store.nextId(), merchant.id, createdAt), ...fields };
  }

  /** create-transaction: a PENDING charge with a dynamic BR Code. */
  createCharge(merchant: MockMerchant, body: CreateTransactionBody): Created {
    const key = body.referenceId ?? crypto.randomUUID();
    const print = fingerprint(body, 'referenceId');
    const existing = this.#replay(merchant.id, 'CASHIN', key.toLowerCase(), print);
    if (existing !== undefined) return { record: existing, replay: true };
    const amountCents = toCents(body.amount);
    const record = this.#newRecord(merchant, {
      type: 'CASHIN',
      amountCents,
      feeCents: Math.min(merchant.cashInFeeCents, amountCents),
      externalId: key,
      description: body.description ?? null,
      productName: body.productName ?? null,
      clientName: body.clientName ?? null,
      clientEmail: body.clientEmail ?? null,
      clientPhone: body.clientPhone ?? null,
      clientCpf: body.clientCpf ?? null,
      trackingParameters: body.tracking_parameters,
    });
    const host = new URL(this.options.baseUrl).host;
    record.pixCode = buildBrCode({
      url: `${host}/qr/v2/${record.transactionId}`,
      amountCents,
      merchantName: merchant.name,
      merchantCity: merchant.city,
      txid: record.transactionId.replaceAll('-', '').slice(0, 25),
    });
    this.store.idempotency.set(`${merchant.id}|CASHIN|${key.toLowerCase()}`, {
      fingerprint: print,
      recordId: record.id,
    });
    this.store.add(record);
    this.#announce(record);
    return { record, replay: false };
  }

  /** create-cashout: takes the whole amount out of the available balance, then processes. */
  createPayout(merchant: MockMerchant, body: CreateCashoutBody): Created {
    const key = body.idempotencyKey ?? crypto.randomUUID();
    const print = fingerprint(body, 'idempotencyKey');
    const existing = this.#replay(merchant.id, 'CASHOUT', key.toLowerCase(), print);
    if (existing !== undefined) return { record: existing, replay: true };
    const amountCents = toCents(body.amount);
    if (amountCents <= this.options.payoutFeeCents) {
      throw new ServiceError(422, 'AMOUNT_BELOW_FEE', 'amount must be greater than the payout fee', {
        amount: ['must be greater than the fixed payout fee'],
      });
    }
    const available = this.store.availableCents.get(merchant.id) ?? 0;
    if (amountCents > available) {
      throw new ServiceError(422, 'INSUFFICIENT_BALANCE', 'The available balance does not cover this payout');
    }
    const record = this.#newRecord(merchant, {
      type: 'CASHOUT',
      amountCents,
      feeCents: this.options.payoutFeeCents,
      externalId: key,
      pixKey: body.pixKey,
      pixKeyType: body.pixKeyType,
    });
    this.store.idempotency.set(`${merchant.id}|CASHOUT|${key.toLowerCase()}`, {
      fingerprint: print,
      recordId: record.id,
    });
    this.store.credit(merchant.id, -amountCents);
    this.store.addPending(merchant.id, amountCents);
    this.store.add(record);
    this.#announce(record);
    return { record, replay: false };
  }

  /**
   * Expires PENDING charges older than the expiry setting (CANCELLED, with its webhook). Charges
   * are indexed in creation order, so this looks only at the ones that expire.
   */
  expireCharges(): void {
    const deadline = this.options.now().getTime() - this.options.chargeExpirySeconds * 1000;
    for (const merchant of this.store.merchants) {
      const pending = this.store.ids(merchant.id, 'CASHIN', 'PENDING');
      while (pending.length > 0) {
        const record = this.store.records.get(pending[0] as number) as StoredTransaction;
        if (record.createdAt.getTime() > deadline) break;
        this.move(record, 'CANCELLED');
      }
    }
  }

  /** Runs a payout as the provider would: PROCESSING, then COMPLETED (or the magic key's outcome). */
  processPayout(record: StoredTransaction): void {
    this.move(record, 'PROCESSING');
    if (record.pixKey === MAGIC_PIX_KEYS.fail) {
      this.move(record, 'FAILED');
      return;
    }
    this.move(record, 'COMPLETED');
    if (record.pixKey === MAGIC_PIX_KEYS.reverse) this.move(record, 'REVERSED');
  }

  /** Moves a record, applying the money rules; any other move is a 409 INVALID_TRANSITION. */
  move(record: StoredTransaction, to: TransactionStatus): void {
    if (!canMove(record.type, record.status, to)) {
      throw new ServiceError(
        409,
        'INVALID_TRANSITION',
        `A ${record.type} in ${record.status} cannot become ${to}`,
      );
    }
    applyMoneyRules(this.store, record, to);
    const now = this.options.now();
    this.store.setStatus(record, to);
    record.updatedAt = now;
    if (to === 'COMPLETED') {
      record.endToEndId = newEndToEndId(now);
      record.receiptUrl = `${this.options.baseUrl}/receipts/${record.transactionId}`;
      if (record.type === 'CASHIN') record.paidAt = now;
    }
    if (to === 'CHARGEBACK') this.#infraction(record);
    this.#announce(record);
  }

  /** A chargeback opens an INFRACTION record for the same amount. */
  #infraction(charge: StoredTransaction): void {
    const merchant = this.store.merchants.find((m) => m.id === charge.merchantId) as MockMerchant;
    const record = this.#newRecord(merchant, {
      type: 'INFRACTION',
      status: 'COMPLETED',
      source: 'med',
      amountCents: charge.amountCents,
      feeCents: 0,
      externalId: charge.externalId,
      relatedId: charge.id,
    });
    this.store.add(record);
  }

  #announce(record: StoredTransaction): void {
    const event = eventFor(record.type, record.status);
    if (event !== undefined) this.onStatus(record, event);
  }
}
