/**
 * The wire reference in markdown, from the OpenAPI document: each endpoint's auth, parameters,
 * body fields and example body, then the webhook deliveries' headers, events and body fields.
 */
import { cell, fieldTable, type Schema, Schemas, table } from './fields.js';

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema: Schema;
}
interface Operation {
  summary: string;
  security?: Record<string, unknown>[];
  parameters?: Parameter[];
  requestBody?: { content: { 'application/json': { schema: Schema; example?: unknown } } };
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, { post: Operation }>;
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, Schema> };
}

const json = (value: unknown) => ['```json', JSON.stringify(value, null, 2), '```'].join('\n');

/** How a request authenticates, from its security scheme. */
function auth(operation: Operation, document: Document): string {
  const names = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
  return names
    .map((name) => {
      const scheme = document.components.securitySchemes[name] ?? {};
      const credential =
        scheme.bearerFormat === 'JWT' ? 'a user JWT' : `the ${name === 'secretKey' ? 'secret key' : name}`;
      return scheme.scheme === 'bearer' ? `\`Authorization: Bearer <…>\` with ${credential}` : credential;
    })
    .join(' or ');
}

/** A table of path, query or header parameters; `rules` overrides a parameter's rules by name. */
function parameterTable(
  parameters: readonly Parameter[],
  schemas: Schemas,
  rules: Record<string, string> = {},
) {
  return table(
    ['parameter', 'in', 'type', 'required', 'rules', 'description'],
    parameters.map((parameter) => [
      `\`${parameter.name}\``,
      parameter.in,
      schemas.type(parameter.schema),
      parameter.required === true ? 'yes' : 'no',
      rules[parameter.name] ?? schemas.rules(parameter.schema),
      parameter.description ?? '',
    ]),
  );
}

/** The headers of the deliveries; one whose value is fixed per event (`X-Webhook-Event`) says so. */
function deliveryHeaders(deliveries: readonly Operation[], schemas: Schemas): string {
  const headers = deliveries[0]?.parameters ?? [];
  const varying = headers.filter(({ name, schema }) =>
    deliveries.some((delivery) => {
      const other = delivery.parameters?.find((parameter) => parameter.name === name);
      return JSON.stringify(other?.schema) !== JSON.stringify(schema);
    }),
  );
  return parameterTable(
    headers,
    schemas,
    Object.fromEntries(varying.map(({ name }) => [name, "the event's name"])),
  );
}

/** The request body's fields, what else is refused, and its example. */
function body(content: { schema: Schema; example?: unknown }, schemas: Schemas): string[] {
  const resolved = schemas.resolve(content.schema);
  const parts = [fieldTable(schemas.rows(content.schema))];
  const notes: string[] = [];
  if (resolved.additionalProperties === false) notes.push('A field not listed here is refused (422).');
  if (typeof resolved.minProperties === 'number')
    notes.push(`Send at least ${resolved.minProperties} field.`);
  if (notes.length > 0) parts.push(notes.join(' '));
  if (content.example !== undefined) parts.push(`Example body:\n\n${json(content.example)}`);
  return parts;
}

/** One endpoint's section. */
function endpoint(method: string, path: string, operation: Operation, document: Document, schemas: Schemas) {
  const parts = [
    `### ${method.toUpperCase()} ${path}`,
    `${operation.summary}. Auth: ${auth(operation, document)}.`,
  ];
  if (operation.parameters !== undefined && operation.parameters.length > 0) {
    parts.push(parameterTable(operation.parameters, schemas));
  }
  const content = operation.requestBody?.content['application/json'];
  if (content !== undefined) parts.push(...body(content, schemas));
  return parts.join('\n\n');
}

/** The webhook deliveries: headers, one row per event, the body's fields, examples. */
function webhooks(document: Document, schemas: Schemas): string {
  const deliveries = Object.entries(document.webhooks);
  const [, first] = deliveries[0] ?? [];
  if (first === undefined) return '';
  const bodyOf = (operation: Operation) => operation.requestBody?.content['application/json'];
  const examples = deliveries.map(([event, { post }]) => {
    const example = (bodyOf(post)?.example ?? {}) as { data?: Record<string, unknown> };
    return [`\`${event}\``, post.summary, `${example.data?.type ?? '—'}`, `${example.data?.status ?? '—'}`];
  });
  const eventBody = (operation: Operation) => {
    const schema = bodyOf(operation)?.schema ?? {};
    const own = ((schema.allOf ?? [schema]) as Schema[])[0] ?? {};
    return schemas.rows(own);
  };
  const ping = deliveries.find(([event]) => event === 'webhook.revalidate')?.[1].post;
  const parts = [
    '### Webhook deliveries',
    'Each event is a signed `POST` to the subscribed URL with these headers:',
    deliveryHeaders(
      deliveries.map(([, { post }]) => post),
      schemas,
    ),
    'The events, the record each is about (`data.type`) and its status then (`data.status`):',
    table(
      ['event', 'when', 'data.type', 'data.status'],
      examples.map((row) => row.map(cell)),
    ),
    'The body of every event but the ping:',
    fieldTable(eventBody(first.post)),
    `Example body:\n\n${json(bodyOf(first.post)?.example)}`,
  ];
  if (ping !== undefined) {
    parts.push(
      'The body of the `webhook.revalidate` ping:',
      fieldTable(eventBody(ping)),
      `Example body:\n\n${json(bodyOf(ping)?.example)}`,
    );
  }
  return parts.join('\n\n');
}

/** The wire reference of `document` (an OpenAPI document as `openApiDocument()` builds it). */
export function renderWireReference(openApi: Record<string, unknown>): string {
  const document = openApi as unknown as Document;
  const schemas = new Schemas(document.components.schemas);
  const endpoints = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => endpoint(method, path, operation, document, schemas)),
  );
  return [...endpoints, webhooks(document, schemas)].join('\n\n');
}
