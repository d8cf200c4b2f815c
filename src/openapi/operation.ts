/** One operation of the document, written as data and expanded with what every answer shares. */
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

/** The Path Items of a table `path → method → operation`. */
export function pathItems(table: Record<string, Record<string, OperationSpec>>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(table).map(([path, methods]) => [
      path,
      Object.fromEntries(Object.entries(methods).map(([method, spec]) => [method, operation(spec)])),
    ]),
  );
}
