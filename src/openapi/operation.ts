/**
 * The document's paths, generated from the two tables of operations: method, path, auth, success
 * status and answer schema from the client's (`src/endpoints.ts`); prose, the request as it
 * travels, examples and error codes from `src/operations.ts`. Error statuses are those of the
 * operation's codes (`ERROR_CODES`), with the codes of every request and of every body.
 */
import * as z from 'zod/mini';
import { $ZodType } from 'zod/v4/core';
import { endpoints, type OperationId } from '../endpoints.js';
import {
  codesOfOperation,
  ERROR_CODES,
  type OperationContract,
  operations,
  type PathParameter,
  type SuccessDoc,
} from '../operations.js';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '../schemas/list.js';
import { type JsonSchema, referToComponents, refTo } from './components.js';
import { type ErrorStatus, errorsOf, requestIdHeader } from './errors.js';

/** The SDK's camelCase name of each query parameter that travels in snake_case. */
const SDK_NAMES: Record<string, string> = { date_from: 'dateFrom', date_to: 'dateTo', per_page: 'perPage' };

const QUERY_DOCS: Record<string, string> = {
  id: 'The legacy integer id of a record.',
  transactionId: 'Answer that single record instead of a page (404 when there is none).',
  date_from: 'Records created on or after this day (UTC, inclusive).',
  date_to: 'Records created on or before this day (UTC, inclusive).',
  page: 'The page, from 1.',
  per_page: `Records per page, at most ${MAX_PER_PAGE} (more is a 422); ${DEFAULT_PER_PAGE} by default.`,
};

/** The query parameters of a list endpoint, from the query schema the service reads. */
function queryParameters(schema: z.ZodMiniType): unknown[] {
  const json = z.toJSONSchema(schema, { io: 'output', override: referToComponents }) as {
    properties: Record<string, object>;
  };
  return Object.entries(json.properties).map(([name, property]) => {
    const sdkName = SDK_NAMES[name];
    const description = [QUERY_DOCS[name], sdkName && `\`${sdkName}\` in the SDK.`].filter(Boolean).join(' ');
    const parameter: Record<string, unknown> = { name, in: 'query', required: false, schema: property };
    if (description !== '') parameter.description = description;
    return parameter;
  });
}

/** A schema as the document writes it: a reference for a registered one, JSON Schema otherwise. */
function schemaOf(schema: z.ZodMiniType | Readonly<Record<string, unknown>>): JsonSchema {
  if (schema instanceof $ZodType) return refTo(schema);
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      Array.isArray(value) ? value.map((item) => schemaOf(item)) : value,
    ]),
  );
}

function pathParameter({ name, description, schema, example }: PathParameter) {
  return { name, in: 'path', required: true, description, schema: schemaOf(schema), example };
}

function answer(success: SuccessDoc, schema: z.ZodMiniType | undefined) {
  const result: Record<string, unknown> = {
    description: success.description,
    headers: { 'X-Request-Id': requestIdHeader },
  };
  const shown = success.schema ?? schema;
  if (shown === undefined) return result;
  const media: Record<string, unknown> = { schema: schemaOf(shown) };
  if (success.example !== undefined) media.example = success.example;
  if (success.examples !== undefined) media.examples = success.examples;
  result.content = { 'application/json': media };
  return result;
}

/** The OpenAPI Operation Object of an operation. */
function operation(operationId: OperationId): Record<string, unknown> {
  const { auth, answer: schema } = endpoints[operationId];
  const contract: OperationContract = operations[operationId];
  const result: Record<string, unknown> = {
    operationId,
    summary: contract.summary,
    description: contract.description,
    tags: [contract.tag],
    security: [{ [auth === 'user' ? 'userJwt' : 'secretKey']: [] }],
  };
  if (contract.deprecated === true) result.deprecated = true;
  const parameters = [
    ...(contract.parameters ?? []).map(pathParameter),
    ...(contract.query === undefined ? [] : queryParameters(contract.query)),
  ];
  if (parameters.length > 0) result.parameters = parameters;
  if (contract.body !== undefined) {
    result.requestBody = {
      required: true,
      content: {
        'application/json': { schema: refTo(contract.body.schema), example: contract.body.example },
      },
    };
  }
  const successes = Object.entries(contract.answers).map(([status, success]) => [
    status,
    answer(success as SuccessDoc, schema),
  ]);
  const statuses = codesOfOperation(operationId).map((code) => ERROR_CODES[code].status as ErrorStatus);
  const all = { ...Object.fromEntries(successes), ...errorsOf([...new Set(statuses)]) };
  result.responses = Object.fromEntries(Object.entries(all).sort(([a], [b]) => Number(a) - Number(b)));
  return result;
}

/** The Path Items of every operation, in the table's order. */
export function operationPaths(): Record<string, unknown> {
  const items: Record<string, Record<string, unknown>> = {};
  for (const operationId of Object.keys(endpoints) as OperationId[]) {
    const { method, path } = endpoints[operationId];
    items[path] = { ...items[path], [method.toLowerCase()]: operation(operationId) };
  }
  return items;
}
