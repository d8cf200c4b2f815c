/** What a resource needs from the client: one way to call the core. */
import type * as z from 'zod/mini';
import type { APIPromise, APIResult } from '../core/api-promise.js';
import type { RequestOptions } from '../core/config.js';
import type { RequestSpec } from '../core/http.js';

/** What a resource needs from the client: one way to call the HTTP core. */
export interface ClientContext {
  /** Sends a request and returns its promise (validation already done by the resource). */
  call<S extends z.ZodMiniType | undefined>(
    spec: RequestSpec<S> | (() => RequestSpec<S>),
    options?: RequestOptions,
  ): APIPromise<S extends z.ZodMiniType ? z.output<S> : undefined>;
  /** The raw result, for pagination. */
  fetch<S extends z.ZodMiniType>(
    spec: RequestSpec<S>,
    options?: RequestOptions,
  ): Promise<APIResult<z.output<S>>>;
}
