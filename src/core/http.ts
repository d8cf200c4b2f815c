/**
 * The one HTTP core: ky for each attempt, auth headers, idempotency keys, retries with backoff,
 * timeouts, logging, error mapping and response validation. Resources only name the endpoint
 * and the schemas.
 */
import type { KyInstance } from 'ky';
import type * as z from 'zod/mini';
import { APIError } from '../errors/api-error.js';
import { PaymentsError } from '../errors/base.js';
import { APIConnectionError, APITimeoutError, APIUserAbortError } from '../errors/connection.js';
import { ResponseValidationError } from '../errors/validation.js';
import { safeParseWith } from '../schemas/parse.js';
import { isPlainlyValid } from '../schemas/plain-validator.js';
import type { APIResult } from './api-promise.js';
import type { RequestOptions, ResolvedConfig } from './config.js';
import { readErrorBody } from './error-body.js';
import { log } from './logger.js';
import { isRetryableStatus, retryDelayMs, sleep } from './retry.js';

/** What a resource asks of the core. */
export interface RequestSpec<S extends z.ZodMiniType | undefined> {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  /** `secret`: the secret key; `user`: the user token (webhook management). */
  auth: 'secret' | 'user';
  /** The schema of a 2xx body; `undefined` for an answer without one (204). */
  schema: S;
  /** Sent in the body by the resource; carried by errors and reused on every retry. */
  idempotencyKey?: string;
  /** Reshapes the JSON of a 2xx answer before validation (e.g. a bare array into `{ data }`). */
  prepare?: (json: unknown) => unknown;
}

type Output<S> = S extends z.ZodMiniType ? z.output<S> : undefined;

/** The outcome of one attempt: an answer, or a failure and whether to try again. */
type Attempt<T> = { result: APIResult<T> } | { error: PaymentsError; retryable: boolean; headers?: Headers };

export class HttpCore {
  readonly #config: ResolvedConfig;
  #ky: Promise<KyInstance> | undefined;

  constructor(config: ResolvedConfig) {
    this.#config = config;
  }

  /**
   * ky, loaded on the first request rather than at import: its module initialisation touches the
   * Fetch globals, which makes Node load its fetch implementation (about 30 ms of start-up).
   */
  #client(): Promise<KyInstance> {
    const config = this.#config;
    this.#ky ??= import('./ky-client.js').then((module) => {
      // In the CommonJS build this import() loads a CommonJS chunk: its exports may arrive wrapped
      // in `default`.
      const create = module.createKy ?? (module as unknown as { default: typeof module }).default.createKy;
      return create(config.fetch);
    });
    return this.#ky;
  }

  /** Sends a request with retries; resolves to the validated data with its response. */
  async request<S extends z.ZodMiniType | undefined>(
    spec: RequestSpec<S>,
    options: RequestOptions = {},
  ): Promise<APIResult<Output<S>>> {
    try {
      return await this.#send(spec, options);
    } catch (error) {
      if (error instanceof PaymentsError && spec.idempotencyKey !== undefined)
        error.idempotencyKey = spec.idempotencyKey;
      throw error;
    }
  }

  async #send<S extends z.ZodMiniType | undefined>(
    spec: RequestSpec<S>,
    options: RequestOptions,
  ): Promise<APIResult<Output<S>>> {
    const maxRetries = options.maxRetries ?? this.#config.maxRetries;
    // A POST is retried only because it carries an idempotency key; PATCH and DELETE are idempotent.
    const mayRetry = spec.method !== 'POST' || spec.idempotencyKey !== undefined;
    const headers = await this.#headers(spec, options);
    const url = this.#url(spec);
    const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    for (let attempt = 0; ; attempt++) {
      const outcome = await this.#attempt<S>(spec, url, headers, body, options, attempt);
      if ('result' in outcome) return outcome.result;
      if (!outcome.retryable || !mayRetry || attempt >= maxRetries) throw outcome.error;
      await sleep(retryDelayMs(attempt + 1, outcome.headers), options.signal, () => new APIUserAbortError());
    }
  }

  async #headers(
    spec: RequestSpec<z.ZodMiniType | undefined>,
    options: RequestOptions,
  ): Promise<Record<string, string>> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (spec.body !== undefined) headers['content-type'] = 'application/json';
    headers.authorization = `Bearer ${spec.auth === 'secret' ? this.#config.secretKey : await this.#userToken()}`;
    return headers;
  }

  async #userToken(): Promise<string> {
    const source = this.#config.userToken;
    const token = typeof source === 'function' ? await source() : source;
    if (typeof token !== 'string' || token === '') {
      throw new PaymentsError(
        'Webhook management needs a user token (the panel JWT): pass { userToken } to PaymentsClient, as a string or a function that returns one',
      );
    }
    return token;
  }

  #url(spec: RequestSpec<z.ZodMiniType | undefined>): string {
    const query = spec.query === undefined ? '' : new URLSearchParams(spec.query).toString();
    return `${this.#config.baseUrl}${spec.path}${query === '' ? '' : `?${query}`}`;
  }

  async #attempt<S extends z.ZodMiniType | undefined>(
    spec: RequestSpec<S>,
    url: string,
    headers: Record<string, string>,
    body: string | undefined,
    options: RequestOptions,
    attempt: number,
  ): Promise<Attempt<Output<S>>> {
    if (options.signal?.aborted) return { error: new APIUserAbortError(), retryable: false };
    const timeout = options.timeout ?? this.#config.timeout;
    const started = Date.now();
    const where = `${spec.method} ${spec.path}`;
    let response: Response;
    let text: string;
    try {
      const init = {
        method: spec.method,
        headers,
        timeout,
        ...(body === undefined ? {} : { body }),
        ...(options.signal ? { signal: options.signal } : {}),
      };
      response = await (await this.#client())(url, init);
      text = await response.text();
    } catch (error) {
      const failure = this.#connectionFailure(error, options.signal, timeout);
      this.#log(
        failure.retryable ? 'warn' : 'error',
        `${where} failed: ${failure.error.message}`,
        started,
        attempt,
      );
      return failure;
    }
    if (response.ok) {
      this.#log('info', `${where} ${response.status}`, started, attempt);
      return this.#parse(spec, response, text);
    }
    const { details, body: errorBody } = readErrorBody(response.status, response.statusText, text);
    const error = APIError.generate(response.status, details, response.headers, errorBody);
    const retryable = isRetryableStatus(response.status, details.code);
    this.#log(
      retryable ? 'warn' : 'error',
      `${where} ${response.status}${details.code ? ` ${details.code}` : ''}`,
      started,
      attempt,
    );
    return { error, retryable, headers: response.headers };
  }

  #connectionFailure(
    error: unknown,
    signal: AbortSignal | undefined,
    timeout: number,
  ): { error: PaymentsError; retryable: boolean } {
    if (signal?.aborted) return { error: new APIUserAbortError(), retryable: false };
    // ky's TimeoutError, recognised by name: ky itself is loaded lazily.
    if (error instanceof Error && error.name === 'TimeoutError') {
      return { error: new APITimeoutError(timeout), retryable: true };
    }
    // ky wraps fetch's TypeError, which wraps the socket error: the deepest message says most.
    let reason = String(error);
    for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) reason = cause.message;
    return { error: new APIConnectionError(`Connection error: ${reason}`), retryable: true };
  }

  #parse<S extends z.ZodMiniType | undefined>(
    spec: RequestSpec<S>,
    response: Response,
    text: string,
  ): Attempt<Output<S>> {
    const requestId = response.headers.get('x-request-id') ?? undefined;
    const meta = {
      response,
      status: response.status,
      headers: response.headers,
      requestId,
      idempotencyKey: spec.idempotencyKey,
    };
    if (spec.schema === undefined) return { result: { data: undefined as Output<S>, ...meta } };
    const invalid = (message: string, issues: ResponseValidationError['issues'] = []) => ({
      error: new ResponseValidationError(message, { issues, body: text, status: response.status, requestId }),
      retryable: false,
    });
    let json: unknown;
    try {
      json = JSON.parse(text);
      if (spec.prepare !== undefined) json = spec.prepare(json);
    } catch {
      return invalid('the body is not JSON');
    }
    // A fresh JSON value that is plainly valid is its own parsed value; anything else goes to zod.
    if (isPlainlyValid(spec.schema, json)) return { result: { data: json as Output<S>, ...meta } };
    const outcome = safeParseWith(spec.schema, json);
    if (!outcome.success) return invalid(outcome.message, outcome.issues);
    return { result: { data: outcome.data as Output<S>, ...meta } };
  }

  #log(level: 'info' | 'warn' | 'error', message: string, started: number, attempt: number): void {
    const config = this.#config;
    if (config.logLevel === 'off') return;
    log(config.logger, config.logLevel, level, `${message} in ${Date.now() - started} ms (retry ${attempt})`);
  }
}
