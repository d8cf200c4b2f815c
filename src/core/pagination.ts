/**
 * Pages of a list: `data`, `meta`, `hasNextPage()`, `getNextPage()`, and async iteration over
 * every item of every page. Tolerant of the envelope: without `meta`, a full page means there
 * may be another.
 */
import type { PageMeta } from '../schemas/list.js';
import { APIPromise, type APIResult } from './api-promise.js';

/** Fetches page `page` (1-based). */
export type PageFetcher<T> = (page: number) => Promise<APIResult<{ data: T[]; meta?: PageMeta | undefined }>>;

/** One page of a list. */
export class Page<T> implements AsyncIterable<T> {
  /** The items of this page. */
  readonly data: T[];
  /** Pagination metadata, when the service sent it. */
  readonly meta: PageMeta | undefined;
  readonly #fetch: PageFetcher<T>;
  readonly #number: number;
  readonly #perPage: number | undefined;

  constructor(
    result: { data: T[]; meta?: PageMeta | undefined },
    fetchPage: PageFetcher<T>,
    number: number,
    perPage?: number,
  ) {
    this.data = result.data;
    this.meta = result.meta;
    this.#fetch = fetchPage;
    this.#number = result.meta?.current_page ?? number;
    this.#perPage = perPage;
  }

  /** True when another page follows. */
  hasNextPage(): boolean {
    if (this.data.length === 0) return false;
    if (this.meta !== undefined) return this.meta.current_page < this.meta.last_page;
    return this.#perPage !== undefined && this.data.length >= this.#perPage;
  }

  /** The next page. Throws when there is none (check `hasNextPage()`). */
  async getNextPage(): Promise<Page<T>> {
    if (!this.hasNextPage()) throw new RangeError('There is no next page: check hasNextPage() first');
    const result = await this.#fetch(this.#number + 1);
    return new Page(result.data, this.#fetch, this.#number + 1, this.#perPage);
  }

  /** Every item of this page and the pages after it, fetched as the loop goes. */
  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    let page: Page<T> = this;
    for (;;) {
      yield* page.data;
      if (!page.hasNextPage()) return;
      page = await page.getNextPage();
    }
  }
}

/** What `list()` returns: a promise of the first page that is also iterable over every item. */
export class PagePromise<T> extends APIPromise<Page<T>> implements AsyncIterable<T> {
  /** Every item of every page, without awaiting the first page yourself. */
  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    yield* await this;
  }
}

/** Starts a list at `page` and wraps it for awaiting or iterating. */
export function paginate<T>(fetchPage: PageFetcher<T>, page = 1, perPage?: number): PagePromise<T> {
  // A throw inside `fetchPage` becomes a rejection, like every other call's failure.
  const first = new Promise<Awaited<ReturnType<PageFetcher<T>>>>((resolve) => resolve(fetchPage(page))).then(
    (result) => ({
      ...result,
      data: new Page(result.data, fetchPage, page, perPage),
    }),
  );
  return new PagePromise(first);
}
