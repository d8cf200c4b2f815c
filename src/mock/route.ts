/**
 * One msw handler per endpoint, with what every endpoint shares: the request id, fault
 * injection, turning thrown errors into the reference error body, and the work that follows an
 * answer.
 */
import { delay, HttpResponse, http } from 'msw';
import type { MockContext } from './context.js';
import type { EndpointName, FaultRule } from './faults.js';
import { newRequestId } from './ids.js';
import { type Answer, errorAnswer, toResponse } from './respond.js';

type Method = 'get' | 'post' | 'patch' | 'delete';
type Params = Record<string, string>;
export type RouteHandler = (request: Request, params: Params) => Answer | Promise<Answer>;

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

/** An msw handler for `method path` under the base URL, as endpoint `name` for fault injection. */
export function route(
  ctx: MockContext,
  name: EndpointName | 'control',
  method: Method,
  path: string,
  handler: RouteHandler,
) {
  return http[method](`${ctx.options.baseUrl}${path}`, async ({ request, params }) => {
    const requestId = newRequestId();
    const fault = name === 'control' ? undefined : ctx.faults.take(name);
    if (fault !== undefined && fault.after !== true) {
      const early = await faultResponse(fault, requestId);
      if (early !== undefined) return early;
    }
    let answer: Answer;
    try {
      answer = await handler(request, params as Params);
    } catch (error) {
      answer = errorAnswer(error);
    }
    // Only the service's own answers vary; scenario control answers as the reference does.
    const response = toResponse(
      name === 'control' ? answer : ctx.answers.write(name, answer, request),
      requestId,
    );
    answer.afterAnswer?.();
    if (fault !== undefined && fault.after === true) {
      // The request was handled (a record may exist); only the answer is lost or late.
      const late = await faultResponse(fault, requestId);
      if (late !== undefined) return late;
    }
    return response;
  });
}
