/**
 * The records, idempotency claims, ledger entries and balances of the mock, per merchant, with
 * the indexes the list endpoints need. A balance is the initial one plus the sum of the
 * merchant's entries (./entries.ts), kept summed. State is private: the ledger writes it through
 * the methods below, and every other module sees it through {@link StoreReader}.
 */
import type { TransactionStatus, TransactionType } from '../../schemas/enums.js';
import type { MockMerchant } from '../options.js';
import type { LedgerEntry, Movement } from './entries.js';
import { historyEntries, plus } from './money-rules.js';
import type { RecordChanges, StoredTransaction } from './records.js';
import type { ChangeListener } from './state-change.js';
import { TransactionIndex } from './transaction-index.js';

/** A merchant's balance, in integer cents. */
export interface MockBalance {
  availableCents: number;
  pendingCents: number;
}

/** An idempotency key's claim: the request's fingerprint and the record it made. */
export interface IdempotencyClaim {
  fingerprint: string;
  recordId: number;
}

/** The whole store as plain data, to keep in a state file (records with `Date`s). */
export interface SavedStore {
  records: StoredTransaction[];
  /**
   * The ledger, in order. Absent in a state kept before the entries (a JSON state file): then
   * derived from the records' status paths ({@link savedEntries}).
   */
  entries?: LedgerEntry[];
  /** Idempotency claims by scope (`merchant|type|key`). */
  claims: [string, IdempotencyClaim][];
  balances: [string, MockBalance][];
  nextId: number;
  lastCreatedAt: number;
}

/** What every module but the ledger may do with the store: read. */
export interface StoreReader {
  /** A record by legacy integer id. */
  record(id: number): Readonly<StoredTransaction> | undefined;
  /** A record by UUID (any case) or legacy integer id, as a number or a string of digits. */
  find(id: string | number): Readonly<StoredTransaction> | undefined;
  /** The ascending ids of a merchant's records of `type` and `status` (either may be omitted). */
  ids(merchantId: string, type?: TransactionType, status?: TransactionStatus): readonly number[];
  /** A merchant's records, oldest first. */
  records(merchantId: string): Readonly<StoredTransaction>[];
  /** How many records there are, for every merchant together. */
  readonly size: number;
  /** A merchant's balance. */
  balance(merchantId: string): MockBalance;
  /** A merchant's ledger entries, oldest first: its balance is its initial one plus their sum. */
  entries(merchantId: string): readonly Readonly<LedgerEntry>[];
}

/** The entries of a saved store: its own, or those its records' status paths imply. */
export const savedEntries = (saved: Pick<SavedStore, 'records' | 'entries'>): LedgerEntry[] =>
  saved.entries ?? historyEntries(saved.records);

/** The mock's records and money. Written only by the ledger. */
export class MockStore implements StoreReader {
  readonly #merchants: readonly MockMerchant[];
  readonly #records = new Map<number, StoredTransaction>();
  readonly #byTransactionId = new Map<string, number>();
  readonly #index = new TransactionIndex();
  readonly #claims = new Map<string, IdempotencyClaim>();
  readonly #entries: LedgerEntry[] = [];
  readonly #balances = new Map<string, MockBalance>();
  #nextId = 1;
  #lastCreatedAt = 0;
  readonly #changed: ChangeListener;

  /** @param onChange told of every write (a state file saves them). */
  constructor(merchants: readonly MockMerchant[], onChange: ChangeListener = () => undefined) {
    this.#merchants = merchants;
    this.#changed = onChange;
    this.reset();
  }

  /** Back to the start: no records, no claims, initial balances. */
  reset(): void {
    this.#records.clear();
    this.#byTransactionId.clear();
    this.#index.clear();
    this.#claims.clear();
    this.#entries.length = 0;
    this.#nextId = 1;
    this.#lastCreatedAt = 0;
    for (const merchant of this.#merchants) {
      this.#balances.set(merchant.id, { availableCents: merchant.initialBalanceCents, pendingCents: 0 });
    }
    this.#changed({ part: 'store-reset' });
  }

  /** The whole store as plain data (the records themselves: serialize before they change). */
  save(): SavedStore {
    return {
      records: [...this.#records.values()],
      entries: [...this.#entries],
      claims: [...this.#claims],
      balances: [...this.#balances],
      nextId: this.#nextId,
      lastCreatedAt: this.#lastCreatedAt,
    };
  }

  /** The counters of the store (kept beside its records). */
  counters(): Pick<SavedStore, 'nextId' | 'lastCreatedAt'> {
    return { nextId: this.#nextId, lastCreatedAt: this.#lastCreatedAt };
  }

  /**
   * Back to a saved store; a merchant it does not know keeps its initial balance. Its balances are
   * taken as they are: the state's loader checked them against its entries.
   */
  restore(saved: SavedStore): void {
    this.reset();
    for (const record of saved.records) this.add(record);
    this.#entries.push(...savedEntries(saved));
    for (const [scope, claim] of saved.claims) this.#claims.set(scope, claim);
    for (const [merchantId, balance] of saved.balances) this.#balances.set(merchantId, balance);
    this.#nextId = saved.nextId;
    this.#lastCreatedAt = saved.lastCreatedAt;
  }

  record(id: number): StoredTransaction | undefined {
    return this.#records.get(id);
  }

  find(id: string | number): StoredTransaction | undefined {
    const legacy =
      typeof id === 'number'
        ? id
        : /^\d+$/.test(id)
          ? Number(id)
          : this.#byTransactionId.get(id.toLowerCase());
    return legacy === undefined ? undefined : this.#records.get(legacy);
  }

  ids(merchantId: string, type?: TransactionType, status?: TransactionStatus): readonly number[] {
    return this.#index.ids(merchantId, type, status);
  }

  records(merchantId: string): StoredTransaction[] {
    return this.ids(merchantId).map((id) => this.#records.get(id) as StoredTransaction);
  }

  get size(): number {
    return this.#records.size;
  }

  balance(merchantId: string): MockBalance {
    return { ...(this.#balances.get(merchantId) ?? { availableCents: 0, pendingCents: 0 }) };
  }

  entries(merchantId: string): LedgerEntry[] {
    return this.#entries.filter((entry) => entry.merchantId === merchantId);
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

  /** Stores a new record. */
  add(record: StoredTransaction): void {
    this.#records.set(record.id, record);
    this.#byTransactionId.set(record.transactionId, record.id);
    this.#index.add(record.merchantId, record.type, record.status, record.id);
    this.#changed({ part: 'record', id: record.id });
  }

  /** Changes a record (and moves it between the status indexes); answers the stored record. */
  update(id: number, changes: RecordChanges): StoredTransaction {
    const record = this.#records.get(id);
    if (record === undefined) throw new Error(`No record ${id}`);
    if (changes.status !== undefined && changes.status !== record.status) {
      this.#index.move(record.merchantId, record.type, record.status, changes.status, id);
    }
    Object.assign(record, changes);
    this.#changed({ part: 'record', id });
    return record;
  }

  /** The claim on an idempotency key (`merchant|type|key`), if any. */
  claim(scope: string): IdempotencyClaim | undefined {
    return this.#claims.get(scope);
  }

  /** Claims an idempotency key for a record. */
  addClaim(scope: string, claim: IdempotencyClaim): void {
    this.#claims.set(scope, claim);
    this.#changed({ part: 'claim', scope });
  }

  /** Records the movements of a move of `record` as entries, and adds them to its merchant's balance. */
  addEntries(record: Pick<StoredTransaction, 'id' | 'merchantId'>, movements: readonly Movement[]): void {
    if (movements.length === 0) return;
    const { merchantId } = record;
    for (const movement of movements) {
      const entry: LedgerEntry = {
        id: this.#entries.length + 1,
        recordId: record.id,
        merchantId,
        ...movement,
      };
      this.#entries.push(entry);
      this.#changed({ part: 'entry', entry });
    }
    this.#balances.set(merchantId, plus(this.balance(merchantId), movements));
    this.#changed({ part: 'balance', merchantId });
  }
}
