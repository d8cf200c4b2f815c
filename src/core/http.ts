/**
 * The one HTTP core. A resource names an endpoint and its schemas; the core does the rest, in
 * one place: validation of the params, the idempotency key (made once per call, reused on every
 * retry, carried by every error), the snapshot of the body, auth headers, sending through the
 * transport (retries, timeouts, error mapping), logging and reading the answer.
 */
import type * as z from 'zod/mini';
import { type Endpoint, endpoints, type InputOf, type OutputOf } from '../endpoints.js';
import { PaymentsError, withIdempotencyKey } from '../errors/base.js';
import { ValidationError } from '../errors/validation.js';
import { DEFAULT_PER_PAGE } from '../schemas/list.js';
import { safeParseWith } from '../schemas/parse.js';
import { redactSecrets } from '../schemas/redact.js';
import { type CallTraceContext, traceEnd, traceError, traceStart, tracing } from '../tracing/channels.js';
import { APIPromise, type APIResult } from './api-promise.js';
import { checkUserToken, type RequestOptions, type ResolvedConfig } from './config.js';
import { log, logs } from './logger.js';
import { type PageFetcher, type PagePromise, paginate } from './pagination.js';
import { type ResponseIssue, readAnswer } from './read-answer.js';
import { createTransport, type Outgoing, type Transport } from './transport.js';
import { adviseOnUncertainOutcome, uncertainOutcomeAdvice } from './uncertain-outcome.js';

type Schema = z.ZodMiniType;

/** A call ready to go: validated, keyed and serialised, so that nothing the caller does later changes it. */
interface Prepared<A extends Schema | undefined> {
  /** The table's entry, as it is (never copied: a call reads it). */
  endpoint: Endpoint<Schema | undefined, A>;
  /** The path with its params filled in (the entry's `path` keeps the template, for reports). */
  url: string;
  body: string | undefined;
  idempotencyKey: string | undefined;
  /** What to do if the call fails without a definite answer, for a call that may move money. */
  advice: string | undefined;
}

export class HttpCore {
  readonly #config: ResolvedConfig;
  readonly #transport: Transport;
  /** Redacted from outside text: the secret key, the user token, the token function's latest value. */
  readonly #secrets: (string | undefined)[];

  constructor(config: ResolvedConfig) {
    this.#config = config;
    this.#transport = createTransport(config);
    this.#secrets = [config.secretKey, typeof config.userToken === 'string' ? config.userToken : undefined];
  }

  /** Calls an endpoint: a promise of the validated answer, with `.withResponse()`. */
  call<S extends Schema | undefined, A extends Schema | undefined>(
    endpoint: Endpoint<S, A>,
    params: NoInfer<InputOf<S>>,
    options: RequestOptions = {},
  ): APIPromise<OutputOf<A>> {
    // Prepared now, before the first `await`; a bad param rejects the promise rather than throwing.
    let call: Prepared<A>;
    try {
      call = this.#prepare(endpoint, params);
    } catch (error) {
      return new APIPromise(Promise.reject(error));
    }
    return new APIPromise(this.#send(call, options));
  }

  /** Calls a list endpoint: the first page, also iterable over every item of every page. */
  list<S extends z.ZodMiniType<{ page?: number | undefined; perPage?: number | undefined }>, T>(
    endpoint: Endpoint<S, z.ZodMiniType<{ data: T[] }>>,
    params: NoInfer<z.input<S>>,
    options: RequestOptions = {},
  ): PagePromise<T> {
    // A copy (list params are flat): the later pages are a snapshot of the call too.
    const snapshot: { page?: number | undefined; perPage?: number | undefined } = { ...(params as object) };
    const fetchPage = (page: number) => this.#send(this.#prepare(endpoint, { ...snapshot, page }), options);
    return paginate(fetchPage as PageFetcher<T>, snapshot.page ?? 1, snapshot.perPage ?? DEFAULT_PER_PAGE);
  }

  /**
   * Everything that must happen at the call, before the first `await`: the params validated, the
   * idempotency key made, and the body serialised, so the request is a snapshot of the call.
   */
  #prepare<S extends Schema | undefined, A extends Schema | undefined>(
    endpoint: Endpoint<S, A>,
    params: unknown,
  ): Prepared<A> {
    const field = endpoint.idempotency?.field;
    let idempotencyKey: string | undefined;
    let input = params;
    if (field !== undefined) {
      const key = (params as Record<string, unknown> | undefined)?.[field] ?? crypto.randomUUID();
      // A key of the wrong type is named by the validation error; it was never sent. Nor was a
      // secret passed by mistake (it is no UUID): the error does not carry it.
      idempotencyKey =
        typeof key === 'string' && !redactSecrets(key, this.#secrets).includes('[redacted]')
          ? key
          : undefined;
      input = { ...(params as object | undefined), [field]: key };
    }
    const valid = this.#validate(endpoint.params, input, idempotencyKey);
    const query = endpoint.query === undefined ? '' : new URLSearchParams(endpoint.query(valid)).toString();
    const body = endpoint.body === undefined ? undefined : JSON.stringify(endpoint.body(valid));
    const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(String((valid as Record<string, unknown>)[name])),
    );
    const url = `${this.#config.baseUrl}${path}${query === '' ? '' : `?${query}`}`;
    const advice =
      endpoint.moves && uncertainOutcomeAdvice(endpoint.moves, endpoint.idempotency, idempotencyKey, valid);
    return { endpoint: endpoint as Endpoint<Schema | undefined, A>, url, body, idempotencyKey, advice };
  }

  #validate<S extends Schema | undefined>(
    schema: S | undefined,
    params: unknown,
    idempotencyKey: string | undefined,
  ): OutputOf<S> {
    if (schema === undefined) return params as OutputOf<S>;
    const outcome = safeParseWith(schema, params);
    if (outcome.success) return outcome.data as OutputOf<S>;
    throw withIdempotencyKey(
      new ValidationError(outcome.message, outcome.issues, this.#secrets),
      idempotencyKey,
    );
  }

  async #send<A extends Schema | undefined>(
    call: Prepared<A>,
    options: RequestOptions,
  ): Promise<APIResult<OutputOf<A>>> {
    const { method, auth } = call.endpoint;
    // Traced only while someone subscribes to a channel (../tracing/channels.ts).
    const channel = tracing('call');
    const trace = channel || tracing('attempt') ? this.#traceContext(call) : undefined;
    if (channel) traceStart(channel, trace as CallTraceContext);
    try {
      const outgoing: Outgoing = {
        method,
        url: call.url,
        expectsJson: call.endpoint.answer !== undefined,
        headers: this.#headers(call, options),
        body: call.body,
        timeout: options.timeout ?? this.#config.timeout,
        maxRetries: options.maxRetries ?? this.#config.maxRetries,
        signal: options.signal,
        secrets: this.#secrets,
        mayRetry: method !== 'POST' || call.idempotencyKey !== undefined,
        trace,
        log: (level, outcome, retry, ms) => {
          // Most lines (each success at the default level) are not written: not built either.
          if (!logs(this.#config.logLevel, level)) return;
          const where = call.url.slice(this.#config.baseUrl.length).split('?')[0];
          this.#log(level, `${method} ${where} ${outcome} in ${ms} ms (retry ${retry})`);
        },
      };
      // Webhook management authenticates with the user token, fetched once per call.
      if (auth === 'user') outgoing.headers.authorization = `Bearer ${await this.#userToken()}`;
      const { response, text, json } = await this.#transport(outgoing);
      if (trace) trace.statusCode = response.status;
      const result = this.#read(call, response, text, json, options);
      if (trace) trace.requestId = result.requestId;
      return result;
    } catch (error) {
      adviseOnUncertainOutcome(error, call.advice);
      if (trace) {
        trace.error = traceError(error, this.#secrets);
        trace.statusCode ??= (error as { status?: number }).status;
        trace.requestId = (error as { requestId?: string }).requestId;
      }
      throw withIdempotencyKey(error, call.idempotencyKey);
    } finally {
      if (trace) {
        trace.requestId &&= redactSecrets(trace.requestId, this.#secrets);
        if (channel) traceEnd(channel, trace);
      }
    }
  }

  /** A call's trace context; its URL is the config's, checked, and carries no credentials. */
  #traceContext({ endpoint, url, idempotencyKey }: Prepared<Schema | undefined>): CallTraceContext {
    const { method, path } = endpoint;
    const { hostname, port, protocol } = new URL(url);
    return {
      // `transactions.retrieve` is the list operation: the table's entry with its method and path.
      operationId:
        Object.keys(endpoints).find((id) => {
          const entry = endpoints[id as keyof typeof endpoints];
          return entry.path === path && entry.method === method;
        }) ?? path,
      method,
      urlTemplate: path,
      serverAddress: hostname,
      serverPort: Number(port) || (protocol === 'http:' ? 80 : 443),
      idempotencyKey,
      attempts: 0,
    };
  }

  #headers(call: Prepared<Schema | undefined>, options: RequestOptions): Record<string, string> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    // The user token (webhook management) may come from an async function: set in `#send`.
    if (call.endpoint.auth === undefined) headers.authorization = `Bearer ${this.#config.secretKey}`;
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
    // A key returned by the function is refused before the request is sent (a string was at construction).
    if (typeof source === 'function') checkUserToken(token, 'The token userToken returned');
    // Redacted from outside text from now on: a server may echo the token.
    this.#secrets[2] = token;
    return token;
  }

  /** The answer of a 2xx, decoded and checked (see ./read-answer.ts). */
  #read<A extends Schema | undefined>(
    call: Prepared<A>,
    response: Response,
    text: string,
    json: unknown,
    options: RequestOptions,
  ): APIResult<OutputOf<A>> {
    const requestId = response.headers.get('x-request-id') ?? undefined;
    const config = this.#config;
    const { method, path, answer, decode } = call.endpoint;
    const data =
      answer === undefined
        ? undefined
        : readAnswer({
            method,
            path,
            schema: answer,
            rules: decode ?? { envelope: 'one' },
            mode: options.responseValidation ?? config.responseValidation,
            text,
            json,
            status: response.status,
            requestId,
            secrets: this.#secrets,
            report: this.#report,
          });
    return {
      data: data as OutputOf<A>,
      response,
      status: response.status,
      headers: response.headers,
      requestId,
      idempotencyKey: call.idempotencyKey,
    };
  }

  /** Told of each answer field that did not match its schema (lenient mode); made once, not per call. */
  readonly #report = (answerIssue: ResponseIssue, firstTime: boolean): void => {
    // Its field and rule may quote the answer, the service's text.
    const redact = (text: string) => redactSecrets(text, this.#secrets);
    const { field, rule, requestId } = answerIssue;
    const issue = {
      ...answerIssue,
      field: redact(field),
      rule: redact(rule),
      requestId: requestId && redact(requestId),
    };
    this.#config.onResponseIssue?.(issue);
    if (firstTime)
      this.#log(
        'warn',
        `${issue.method} ${issue.path}: the answer's ${issue.field} does not match the documented shape (${issue.rule}); returned as received`,
      );
  };

  #log(level: 'info' | 'warn' | 'error', message: string): void {
    const config = this.#config;
    // Redacted only when written: most lines (each success at the default level) are not.
    if (logs(config.logLevel, level))
      log(config.logger, config.logLevel, level, redactSecrets(message, this.#secrets));
  }
}
