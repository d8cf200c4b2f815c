/** Answers of the mock: JSON with `X-Request-Id`, the error body, query parsing and validation. */
import type * as z from 'zod/mini';
import { ERROR_CODES, type ErrorCodeName } from '../../operations.js';
import { issuesByField, safeParseWith } from '../../schemas/parse.js';
import { newRequestId } from '../domain/ids.js';
import { ServiceError } from '../domain/service-error.js';

/** What a route handler answers. */
export interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * Work the service does once the answer is fixed, such as processing a payout it has just
   * accepted: it runs after the response is built, so it can never change what the answer says.
   */
  afterAnswer?: () => void;
}

/**
 * An answer as it goes on the wire: status, headers, and the body's text (none for 204 and HEAD).
 * A msw handler answers its {@link wireResponse}; a server in front of the mock (the sandbox's
 * node-adapter.ts) writes it as it is, without a `Response` made and its body read back.
 */
export interface WireAnswer {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  text?: string;
}

/** The wire form of an answer: JSON (or no body, for 204) carrying the request id. */
export function toWire(answer: Answer, requestId = newRequestId()): WireAnswer {
  const headers: Record<string, string> = { ...answer.headers, 'x-request-id': requestId };
  if (answer.body === undefined) return { status: answer.status, headers };
  headers['content-type'] = 'application/json';
  return { status: answer.status, headers, text: JSON.stringify(answer.body) };
}

/** The `Response` of a wire answer. */
export const wireResponse = ({ status, headers, text }: WireAnswer): Response =>
  new Response(text ?? null, { status, headers });

/** A JSON response (or an empty one for 204) carrying the request id. */
export const toResponse = (answer: Answer, requestId = newRequestId()): Response =>
  wireResponse(toWire(answer, requestId));

/** The reference error body for a thrown error; anything unexpected is a 500 INTERNAL_ERROR. */
export function errorAnswer(error: unknown): Answer {
  if (error instanceof ServiceError) {
    const body: Record<string, unknown> = { message: error.message, code: error.code };
    if (error.errors !== undefined) body.errors = error.errors;
    return { status: error.status, body };
  }
  return { status: 500, body: { message: 'Internal error', code: 'INTERNAL_ERROR' } };
}

/** Validates with a shared schema; field errors are a 422 naming each field. */
export function validate<S extends z.ZodMiniType>(schema: S, input: unknown): z.output<S> {
  const outcome = safeParseWith(schema, input);
  if (outcome.success) return outcome.data;
  // A rule that maps to a 422 code of its own (AMOUNT_BELOW_FEE, FORBIDDEN_FIELD) answers with it.
  const own = outcome.issues.find((issue) => issue.code !== undefined)?.code;
  const code = own !== undefined && own in ERROR_CODES ? (own as ErrorCodeName) : 'VALIDATION_ERROR';
  throw new ServiceError(code, outcome.message, issuesByField(outcome.issues));
}

/** The query string as a plain object (first value of each name). */
export function queryOf(request: Request): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of new URL(request.url).searchParams) if (!(name in query)) query[name] = value;
  return query;
}
