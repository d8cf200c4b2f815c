/**
 * Payout batches that never pay a line twice: each line's idempotency key is its own, or one
 * derived from the batch id and the line's index (a UUID v5), so running the same batch again
 * after a crash returns the payouts already made instead of making new ones.
 */
import { PaymentsError } from '../errors/base.js';

/** Options of `cashouts.createMany`. */
export interface BatchOptions {
  /** Names the batch: the same id and the same lines give the same keys, so a rerun never pays twice. */
  batchId: string;
  /** How many payouts are in flight at once. @default 4 */
  concurrency?: number;
}

/** The outcome of one line of a batch. */
export interface BatchLineResult<T> {
  /** The line's position in the items (from 0). */
  index: number;
  /** The idempotency key the line was sent with (its own, or derived). */
  idempotencyKey: string;
  /** The payout, when the line succeeded. */
  payout?: T;
  /** Why the line failed (a `PaymentsError`); the other lines go on. */
  error?: PaymentsError;
}

// A fixed namespace for the v5 keys of batch lines (RFC 9562 name-based UUIDs).
const NAMESPACE = [
  0x6f, 0x1c, 0x2b, 0x8e, 0x4a, 0x3d, 0x4f, 0x5e, 0x9a, 0x0b, 0x1c, 0x2d, 0x3e, 0x4f, 0x50, 0x61,
];

/** The key of line `index` of batch `batchId`: a UUID v5, the same on every run. */
export async function batchLineKey(batchId: string, index: number): Promise<string> {
  const name = new TextEncoder().encode(`${batchId}:${index}`);
  const input = new Uint8Array([...NAMESPACE, ...name]);
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-1', input)).slice(0, 16);
  hash[6] = ((hash[6] as number) & 0x0f) | 0x50;
  hash[8] = ((hash[8] as number) & 0x3f) | 0x80;
  const hex = [...hash].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return hex.replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-');
}

/**
 * Runs `create` over the items with at most `concurrency` in flight, yielding each line's result
 * as it completes. A line's failure never stops the others.
 */
export async function* runBatch<I extends { idempotencyKey?: string | undefined }, T>(
  items: Iterable<I> | AsyncIterable<I>,
  options: BatchOptions,
  create: (item: I & { idempotencyKey: string }) => Promise<T>,
): AsyncGenerator<BatchLineResult<T>> {
  if (typeof options?.batchId !== 'string' || options.batchId.trim() === '')
    throw new TypeError(
      'createMany needs { batchId }: a non-empty string that names the batch, so a rerun never pays twice',
    );
  const concurrency = options.concurrency ?? 4;
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new TypeError(`concurrency must be a whole number >= 1, got ${concurrency}`);
  const source = Symbol.asyncIterator in items ? items[Symbol.asyncIterator]() : items[Symbol.iterator]();
  const line = async (item: I, index: number): Promise<BatchLineResult<T>> => {
    const key =
      typeof item?.idempotencyKey === 'string'
        ? item.idempotencyKey
        : await batchLineKey(options.batchId, index);
    try {
      return { index, idempotencyKey: key, payout: await create({ ...item, idempotencyKey: key }) };
    } catch (error) {
      const failure =
        error instanceof PaymentsError ? error : new PaymentsError(String(error), { cause: error });
      return { index, idempotencyKey: key, error: failure };
    }
  };
  const running = new Map<number, Promise<BatchLineResult<T>>>();
  let exhausted = false;
  for (let index = 0; ; ) {
    while (!exhausted && running.size < concurrency) {
      const step = await source.next();
      if (step.done) exhausted = true;
      else {
        running.set(index, line(step.value, index));
        index++;
      }
    }
    if (running.size === 0) return;
    const result = await Promise.race(running.values());
    running.delete(result.index);
    yield result;
  }
}
