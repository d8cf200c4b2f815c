/**
 * Group commit: every change is counted, and one write at a time saves everything changed until
 * it starts. While a write is under way, later changes wait for the next one, which then covers
 * them all; each waiter is released when the write that covers its change completes. So under
 * load many answers share one fsync, and when nothing changed, waiting costs nothing.
 */

interface Waiter {
  /** The change count the waiter needs on disk. */
  upTo: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

const DONE = Promise.resolve();

/** Writes of one state, grouped. */
export class GroupCommit {
  /** Changes so far. */
  #changes = 0;
  /** Changes known to be on disk. */
  #saved = 0;
  #waiters: Waiter[] = [];
  #running = false;
  #stopped = false;
  #writes = 0;

  /**
   * @param write saves the state as it is when called: it must read it synchronously (before its
   *   first `await`), so that the count taken just before matches what it writes.
   */
  constructor(private readonly write: () => Promise<void>) {}

  /** Something changed: a write will save it, soon (not in the middle of the change under way). */
  changed(): void {
    if (this.#stopped) return;
    this.#changes += 1;
    this.#start();
  }

  /** Resolves once every change made so far is on disk; rejects if the write covering it failed. */
  flush(): Promise<void> {
    if (this.#saved === this.#changes) return DONE;
    return new Promise((resolve, reject) => {
      this.#waiters.push({ upTo: this.#changes, resolve, reject });
      this.#start();
    });
  }

  /** How many writes have completed. */
  get writes(): number {
    return this.#writes;
  }

  /** No more writes: later changes are not saved (the server is closing and resets its state). */
  stop(): void {
    this.#stopped = true;
  }

  #start(): void {
    if (this.#running) return;
    this.#running = true;
    // After the current turn: a change is made of several steps (a balance, then a record), and
    // requests arriving meanwhile join the same write.
    setImmediate(() => void this.#run());
  }

  async #run(): Promise<void> {
    while (this.#saved < this.#changes) {
      const upTo = this.#changes;
      try {
        await this.write();
      } catch (error) {
        // Nothing newer was written either: every waiter hears of it, the next change tries again.
        this.#release(Number.POSITIVE_INFINITY, (waiter) => waiter.reject(error));
        break;
      }
      this.#saved = upTo;
      this.#writes += 1;
      this.#release(upTo, (waiter) => waiter.resolve());
    }
    this.#running = false;
  }

  #release(upTo: number, settle: (waiter: Waiter) => void): void {
    const done = this.#waiters.filter((waiter) => waiter.upTo <= upTo);
    this.#waiters = this.#waiters.filter((waiter) => waiter.upTo > upTo);
    for (const waiter of done) settle(waiter);
  }
}
