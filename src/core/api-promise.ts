/**
 * What every call returns: a promise of the data that can also give the raw answer, as
 * `await client.cashouts.create(params).withResponse()`.
 */

/** The data with the HTTP answer it came from. */
export interface APIResult<T> {
  data: T;
  /** The HTTP response (its body already read). */
  response: Response;
  /** The HTTP status. */
  status: number;
  /** The answer's headers. */
  headers: Headers;
  /** The `X-Request-Id` of the answer. */
  requestId: string | undefined;
  /** The idempotency key a create call used (given or generated). */
  idempotencyKey: string | undefined;
}

/** A promise of `T` with `.withResponse()`. The request starts when the call is made. */
export class APIPromise<T> implements Promise<T> {
  /** Makes it a Promise to the type system too (`Promise<T>` parameters accept it). */
  readonly [Symbol.toStringTag] = 'Promise';
  readonly #result: Promise<APIResult<T>>;

  constructor(result: Promise<APIResult<T>>) {
    // A call nobody awaits still reports its failure as an unhandled rejection: with money at
    // stake, a payout that failed silently is worse than a loud process.
    this.#result = result;
  }

  /** The data together with the status, headers, request id and idempotency key. */
  withResponse(): Promise<APIResult<T>> {
    return this.#result;
  }

  // biome-ignore lint/suspicious/noThenProperty: this is a thenable on purpose, like a Promise.
  then<A = T, B = never>(
    onfulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    // biome-ignore lint/suspicious/noExplicitAny: the same signature as Promise#then, so `.catch((e) => e)` reads as usual.
    onrejected?: ((reason: any) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    // One promise, not two: `then` is on the path of every call.
    return this.#result.then(
      onfulfilled ? (result) => onfulfilled(result.data) : (result) => result.data as unknown as A,
      onrejected,
    );
  }

  // biome-ignore lint/suspicious/noExplicitAny: the same signature as Promise#catch.
  catch<B = never>(onrejected?: ((reason: any) => B | PromiseLike<B>) | null): Promise<T | B> {
    return this.then(undefined, onrejected);
  }

  finally(onfinally?: (() => void) | null): Promise<T> {
    return this.then().finally(onfinally);
  }
}
