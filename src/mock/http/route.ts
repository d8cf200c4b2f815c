/**
 * One msw handler per endpoint, with what every endpoint shares: the request id, fault
 * injection, the declared body size (checked first of all), HEAD answered as GET without a body,
 * the request's body and query read with the operation's schemas (`src/operations.ts`; a known
 * query parameter misspelled is a 400 UNKNOWN_PARAMETER), turning
 * thrown errors into the reference error body, and the work that follows an answer.
 *
 * The mock answers only what an operation's contract declares: an error code that the operation
 * does not declare (`src/operations.ts`), or a success status other than the table's (or 200 for
 * a keyed create answered again: `successStatuses`), is a bug in the mock, answered as a 500 that
 * says so, and fails the tests that meet it.
 */
import { delay, HttpHandler, HttpResponse, http } from 'msw';
import type * as z from 'zod/mini';
import { endpoints, type OperationId, successStatuses } from '../../endpoints.js';
import {
  codesOfOperation,
  ERROR_CODES,
  type ErrorCode,
  type OperationContract,
  operations,
} from '../../operations.js';
import { misspelledParameters } from '../../schemas/list-query.js';
import type { MockContext } from '../context.js';
import type { EndpointName, FaultRule } from '../domain/faults.js';
import { newRequestId } from '../domain/ids.js';
import { ServiceError } from '../domain/service-error.js';
import { assertDeclaredSize, readJson } from './request-body.js';
import {
  type Answer,
  errorAnswer,
  queryOf,
  toResponse,
  toWire,
  validate,
  type WireAnswer,
  wireResponse,
} from './respond.js';
import { MAX_URL_LENGTH, matchPath, tooLongToMatch } from './route-table.js';

type Method = 'get' | 'post' | 'patch' | 'delete';
type Params = Record<string, string>;
export type RouteHandler = (request: Request, params: Params) => Answer | Promise<Answer>;

type Contract<K extends OperationId> = (typeof operations)[K];
/** What an operation's request reads, validated with the schemas of its contract. */
export interface RequestInput<K extends OperationId> {
  /** The JSON body, read and validated (a 400 or 422 otherwise). */
  body(): Promise<
    Contract<K> extends { body: { schema: infer S extends z.ZodMiniType } } ? z.output<S> : never
  >;
  /** The query string, validated (a 422 otherwise). */
  query(): Contract<K> extends { query: infer S extends z.ZodMiniType } ? z.output<S> : never;
}
export type OperationHandler<K extends OperationId> = (
  request: Request,
  params: Params,
  input: RequestInput<K>,
) => Answer | Promise<Answer>;

async function faultResponse(fault: FaultRule, requestId: string): Promise<Response | undefined> {
  switch (fault.kind) {
    case 'latency':
      await delay(fault.ms);
      return undefined;
    case 'status': {
      const status = fault.status ?? 500;
      const code = status >= 500 ? 'INTERNAL_ERROR' : 'INJECTED_FAULT';
      return toResponse({ status, body: { message: `Injected fault: ${status}`, code } }, requestId);
    }
    case 'rate-limit': {
      const seconds = fault.retryAfterSeconds ?? 1;
      const body = { message: 'Too many requests', code: 'RATE_LIMITED' };
      return toResponse({ status: 429, body, headers: { 'retry-after': String(seconds) } }, requestId);
    }
    case 'drop':
      return HttpResponse.error();
    case 'malformed':
      return new Response('{"transactionId": "9d3b2c1a', {
        status: 200,
        headers: { 'content-type': 'application/json', 'x-request-id': requestId },
      });
  }
}

/**
 * Matches an msw path as {@link matchPath} does, but never a URL too long for msw to match (it
 * would throw): such a URL goes on to the last handler, which answers 414.
 */
function matching(pattern: string) {
  return (url: URL) => {
    if (tooLongToMatch(url)) return false;
    const { matches, params } = matchPath(url, pattern);
    return { matches, params: params ?? {} };
  };
}

/** A HEAD request is answered as GET, without the body. */
function withoutBodyForHead<R extends Response | WireAnswer>(request: Request, response: R): R;
function withoutBodyForHead(request: Request, response: Response | WireAnswer): Response | WireAnswer {
  if (request.method !== 'HEAD') return response;
  if (!(response instanceof Response)) return { status: response.status, headers: response.headers };
  if (response.type === 'error') return response;
  return new Response(null, { status: response.status, headers: response.headers });
}

/**
 * A query parameter that is a known one written another way (`perPage` for `per_page`) is a 400
 * UNKNOWN_PARAMETER that names the one meant; other unknown parameters are ignored.
 */
function refuseMisspelledParameters(schema: z.ZodMiniObject, query: Record<string, string>): void {
  const misspelled = Object.entries(misspelledParameters(schema, query));
  if (misspelled.length === 0) return;
  const problem = (meant: string) => `is not a known query parameter; did you mean \`${meant}\`?`;
  const errors = Object.fromEntries(misspelled.map(([name, meant]) => [name, [problem(meant)]]));
  const message = misspelled.map(([name, meant]) => `${name}: ${problem(meant)}`).join('; ');
  throw new ServiceError('UNKNOWN_PARAMETER', message, errors);
}

/** The request's body and query, read with the schemas of the operation's contract. */
function inputOf<K extends OperationId>(operationId: K, request: Request): RequestInput<K> {
  const contract: OperationContract = operations[operationId];
  return {
    body: async () => validate(contract.body?.schema as z.ZodMiniType, await readJson(request)),
    query: () => {
      const schema = contract.query as z.ZodMiniObject;
      const query = queryOf(request);
      refuseMisspelledParameters(schema, query);
      return validate(schema, query);
    },
  } as RequestInput<K>;
}

/**
 * The answer itself, or a 500 naming what the contract of `operationId` does not declare: an error
 * code it does not list (or with another status), or another success status.
 */
export function declaredAnswer(operationId: OperationId, answer: Answer): Answer {
  let undeclared: string | undefined;
  if (answer.status < 300) {
    if (!successStatuses(endpoints[operationId]).includes(answer.status))
      undeclared = `success status ${answer.status}`;
  } else {
    const code = (answer.body as { code?: string } | undefined)?.code ?? '';
    const known: ErrorCode | undefined = (ERROR_CODES as Record<string, ErrorCode>)[code];
    const declared =
      known?.scope === 'server' || codesOfOperation(operationId).includes(code as keyof typeof ERROR_CODES);
    if (!declared || known?.status !== answer.status) undeclared = `error ${answer.status} ${code}`;
  }
  if (undeclared === undefined) return answer;
  return errorAnswer(
    new ServiceError(
      'INTERNAL_ERROR',
      `The mock answered ${operationId} with ${undeclared}, which its contract does not declare (src/operations.ts)`,
    ),
  );
}

/**
 * The msw handler of a service endpoint, registered by its `operationId`: its method and path
 * come from the table of endpoints (`{id}` becomes msw's `:id`), its fault name, request schemas
 * and declared answers from `src/operations.ts`.
 */
export function route<K extends OperationId>(ctx: MockContext, operationId: K, handler: OperationHandler<K>) {
  const { method, path } = endpoints[operationId];
  const pattern = path.replace(/\{(\w+)\}/g, ':$1');
  const checked: RouteHandler = async (request, params) => {
    let answer: Answer;
    try {
      answer = await handler(request, params, inputOf(operationId, request));
    } catch (error) {
      answer = errorAnswer(error);
    }
    return declaredAnswer(operationId, answer);
  };
  return register(ctx, operations[operationId].name, method.toLowerCase() as Method, pattern, checked);
}

/** The msw handler of a scenario-control route (`/__mock/*`): no faults, no varied answers. */
export function controlRoute(ctx: MockContext, method: Method, path: string, handler: RouteHandler) {
  return register(ctx, 'control', method, path, handler);
}

function register(
  ctx: MockContext,
  name: EndpointName | 'control',
  method: Method,
  path: string,
  handler: RouteHandler,
) {
  const url = `${ctx.options.baseUrl}${path}`;
  // The answer as it goes on the wire; a fault's answer is a Response of its own making.
  const answerOf = async ({
    request,
    params,
  }: {
    request: Request;
    params: Record<string, unknown>;
  }): Promise<Response | WireAnswer> => {
    const requestId = newRequestId();
    const fault = name === 'control' ? undefined : ctx.faults.take(name);
    if (fault !== undefined && fault.after !== true) {
      const early = await faultResponse(fault, requestId);
      if (early !== undefined) return withoutBodyForHead(request, early);
    }
    let answer: Answer;
    try {
      // Size before anything else, credentials included: a huge body is refused unread.
      assertDeclaredSize(request.headers);
      answer = await handler(request, params as Params);
    } catch (error) {
      answer = errorAnswer(error);
    }
    // Only the service's own answers vary; scenario control answers as the reference does.
    const response = toWire(
      name === 'control' ? answer : ctx.answers.write(name, answer, request),
      requestId,
    );
    answer.afterAnswer?.();
    if (fault !== undefined && fault.after === true) {
      // The request was handled (a record may exist); only the answer is lost or late.
      const late = await faultResponse(fault, requestId);
      if (late !== undefined) return withoutBodyForHead(request, late);
    }
    return withoutBodyForHead(request, response);
  };
  const resolver = async (args: { request: Request; params: Record<string, unknown> }) => {
    const answer = await answerOf(args);
    return answer instanceof Response ? answer : wireResponse(answer);
  };
  // HEAD is GET without the body, so every GET endpoint takes both.
  const matches = matching(url);
  // A service endpoint can also be run without msw (RouteTable.endpoint); scenario control is not.
  ctx.routes.add(method, url, name === 'control' ? undefined : { matches, resolve: answerOf });
  const predicate = ({ request }: { request: Request }) => matches(new URL(request.url));
  return method === 'get'
    ? new HttpHandler(/^(GET|HEAD)$/i, predicate, resolver)
    : http[method](predicate, resolver);
}

/** A test of whether a URL lies under the base URL (the base itself included). */
function underBase(ctx: MockContext): (url: URL) => boolean {
  const base = new URL(ctx.options.baseUrl);
  const root = `${base.origin}${base.pathname.replace(/\/+$/, '')}`;
  return (url) => {
    const here = `${url.origin}${url.pathname}`;
    return here === root || here.startsWith(`${root}/`);
  };
}

/**
 * The last handler: every request under the base URL that no endpoint took. Another method on a
 * known path is a 405 with `Allow`, OPTIONS a 204 with `Allow`, an unknown path a 404, a URL too
 * long to match a 414.
 */
export function fallbackRoute(ctx: MockContext) {
  const isUnderBase = underBase(ctx);
  return http.all(
    ({ request }) => isUnderBase(new URL(request.url)),
    ({ request }) => {
      let answer: Answer;
      try {
        assertDeclaredSize(request.headers);
        const url = new URL(request.url);
        answer = tooLongToMatch(url)
          ? {
              status: 414,
              body: { message: `The URL is longer than ${MAX_URL_LENGTH} characters`, code: 'URI_TOO_LONG' },
            }
          : ctx.routes.unmatched(request.method, url);
      } catch (error) {
        answer = errorAnswer(error);
      }
      return withoutBodyForHead(request, toResponse(answer));
    },
  );
}
