/** The ky instance of a client. Its own module so that the HTTP core can load ky on first use. */
import ky, { type KyInstance } from 'ky';

/** A ky instance that never retries or throws on a status (the core does both). */
export function createKy(fetchOverride: typeof fetch | undefined): KyInstance {
  return ky.create({
    retry: 0,
    throwHttpErrors: false,
    // Looked up per call: a fetch captured at construction would miss instrumentation (and msw) set up later.
    fetch: (input, init) => (fetchOverride ?? globalThis.fetch)(input, init),
  });
}
