/** One operation of the document, written as data and expanded with what every answer shares. */
import { endpoints, type OperationId, operations } from '../endpoints.js';
import { ref } from './components.js';
import { type ErrorStatus, errorsOf, requestIdHeader } from './errors.js';

/** A success answer: its description, schema (a component name or a schema) and examples. */
export interface Success {
  description: string;
  schema?: string | Record<string, unknown>;
  example?: unknown;
  examples?: Record<string, { summary: string; value: unknown }>;
}

/** What an operation says; {@link operation} turns it into an OpenAPI Operation Object. */
export interface OperationSpec {
  operationId: string;
  summary: string;
  description: string;
  tag: string;
  /** `secretKey` for /v1/integrations/*, `userJwt` for /v1/user/webhooks*. */
  security: 'secretKey' | 'userJwt';
  parameters?: unknown[];
  /** The request body: a component name and an example. */
  body?: { schema: string; example: unknown };
  responses: Record<number, Success>;
  errors: readonly ErrorStatus[];
  deprecated?: boolean;
}

/** Errors any request can meet: credentials, another method, rate limit, failure. */
const ALWAYS: readonly ErrorStatus[] = [401, 405, 429, 500];
/** Errors of a request with a JSON body: malformed, too large, not JSON, invalid. */
export const WITH_BODY: readonly ErrorStatus[] = [400, 413, 415, 422];

function content(schema: Success['schema'], example: Success) {
  const media: Record<string, unknown> = { schema: typeof schema === 'string' ? ref(schema) : schema };
  if (example.example !== undefined) media.example = example.example;
  if (example.examples !== undefined) media.examples = example.examples;
  return { 'application/json': media };
}

/** The OpenAPI Operation Object of `spec`. */
export function operation(spec: OperationSpec): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  for (const [status, success] of Object.entries(spec.responses)) {
    const answer: Record<string, unknown> = {
      description: success.description,
      headers: { 'X-Request-Id': requestIdHeader },
    };
    if (success.schema !== undefined) answer.content = content(success.schema, success);
    responses[status] = answer;
  }
  const statuses = [...new Set([...ALWAYS, ...spec.errors])].sort((a, b) => a - b);
  const result: Record<string, unknown> = {
    operationId: spec.operationId,
    summary: spec.summary,
    description: spec.description,
    tags: [spec.tag],
    security: [{ [spec.security]: [] }],
  };
  if (spec.deprecated === true) result.deprecated = true;
  if (spec.parameters !== undefined) result.parameters = spec.parameters;
  if (spec.body !== undefined) {
    result.requestBody = {
      required: true,
      content: { 'application/json': { schema: ref(spec.body.schema), example: spec.body.example } },
    };
  }
  const all = { ...responses, ...errorsOf(statuses) };
  result.responses = Object.fromEntries(Object.entries(all).sort(([a], [b]) => Number(a) - Number(b)));
  return result;
}

/** What an operation says beyond the table of endpoints: parameters, body, answers, errors. */
export type OperationExtra = Pick<OperationSpec, 'parameters' | 'body' | 'responses' | 'errors'>;

/**
 * The Path Items of the operations in `extras`, in its order: method, path, security, name and
 * prose from the table (`src/endpoints.ts`), the rest from `extras`.
 */
export function pathsOf(extras: Partial<Record<OperationId, OperationExtra>>): Record<string, unknown> {
  const items: Record<string, Record<string, unknown>> = {};
  for (const [operationId, extra] of Object.entries(extras) as [OperationId, OperationExtra][]) {
    const { method, path, auth } = endpoints[operationId];
    const { summary, description, tag } = operations[operationId];
    const spec: OperationSpec = {
      operationId,
      summary,
      description,
      tag,
      security: auth === 'user' ? 'userJwt' : 'secretKey',
      ...extra,
    };
    if ('deprecated' in operations[operationId]) spec.deprecated = true;
    items[path] = { ...items[path], [method.toLowerCase()]: operation(spec) };
  }
  return items;
}
