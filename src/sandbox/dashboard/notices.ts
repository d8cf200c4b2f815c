/**
 * What the last action did, shown on the page it returns to. Kept here under a random id that
 * the redirect names (`?notice=…`), so no link can make the page say something else.
 */

/** The outcome of one action, in words. */
export interface Notice {
  ok: boolean;
  text: string;
}

/** How many notices are kept (the oldest goes first). */
const KEPT = 100;

/** The notices of one dashboard. */
export class Notices {
  readonly #notices = new Map<string, Notice>();

  /** Keeps a notice; answers its id. */
  add(notice: Notice): string {
    const id = crypto.randomUUID();
    this.#notices.set(id, notice);
    if (this.#notices.size > KEPT) this.#notices.delete(this.#notices.keys().next().value as string);
    return id;
  }

  /** The notice of an id, if it is still kept. */
  get(id: string | null): Notice | undefined {
    return id === null ? undefined : this.#notices.get(id);
  }
}
