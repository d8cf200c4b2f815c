/**
 * The webhook event's four format rules (`Guid`, `DateTime`, the legacy `id`, the event name) are
 * written once, as zod checks: the document states what zod's own conversion says of them, with no
 * hand-written refinement, and its patterns accept exactly what the schemas accept.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { openApiDocument } from '../../src/openapi/document.js';
import { Guid, IsoDateTime, WholeNumber } from '../../src/schemas/formats.js';
import { WebhookEventBody } from '../../src/schemas/webhook-event.js';

// biome-ignore lint/suspicious/noExplicitAny: the test walks the JSON document.
const schemas = (openApiDocument() as any).components.schemas;

/** What zod's conversion writes for `schema` alone, as the document holds a schema. */
function converted(schema: z.ZodMiniType) {
  const { $schema: _schema, ...rest } = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
  return rest;
}

describe('the webhook event formats in the OpenAPI document', () => {
  it('are what zod converts, no more and no less (the description aside)', () => {
    const { description: _guid, ...guid } = schemas.Guid;
    const { description: _dateTime, ...dateTime } = schemas.DateTime;
    expect(guid).toEqual(converted(Guid));
    expect(dateTime).toEqual(converted(IsoDateTime));
    expect(schemas.WebhookEventData.properties.id).toEqual(converted(WholeNumber));
    expect(schemas.WebhookEventBody.properties.event).toEqual(converted(WebhookEventBody.shape.event));
  });

  it('say each rule exactly', () => {
    expect(schemas.Guid).toMatchObject({ type: 'string', format: 'uuid' });
    expect(schemas.DateTime.type).toBe('string');
    expect(schemas.WebhookEventData.properties.id).toEqual({
      type: 'integer',
      minimum: -(2 ** 53 - 1),
      maximum: 2 ** 53 - 1,
    });
    expect(schemas.WebhookEventBody.properties.event).toEqual({ type: 'string', minLength: 1 });
    expect(schemas.WebhookEventBody.properties.timestamp).toEqual({ $ref: '#/components/schemas/DateTime' });
    expect(schemas.WebhookEventBody.properties.data.$ref).toBe('#/components/schemas/WebhookEventData');
    // null for a charge made in the merchant panel, as documented.
    const { description, ...referenceId } = schemas.WebhookEventData.properties.referenceId;
    expect(referenceId).toEqual({ anyOf: [{ $ref: '#/components/schemas/Guid' }, { type: 'null' }] });
    expect(description).toMatch(/`null` for a charge made in the merchant panel/);
    expect(schemas.WebhookEventData.required).toContain('referenceId');
  });

  // JSON Schema patterns are ECMA-262 regular expressions with Unicode semantics.
  const cases = [
    [
      'Guid',
      Guid,
      () => schemas.Guid.pattern,
      fc.oneof(fc.uuid(), fc.stringMatching(/^[0-9a-gA-G-]{30,40}$/)),
    ],
    [
      'DateTime',
      IsoDateTime,
      () => schemas.DateTime.pattern,
      fc.oneof(
        fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        fc.stringMatching(/^[0-9]{4}-?[0-9]{2}-?[0-9]{2}T[0-9:.,]{2,14}(?:Z|[+-][0-9:]{2,5})?$/),
      ),
    ],
  ] as const;
  it.each(cases)('the %s pattern accepts what the schema accepts', (_name, schema, pattern, text) => {
    const regex = new RegExp(pattern(), 'u');
    fc.assert(
      fc.property(fc.oneof(text, fc.string()), (value) => {
        expect(regex.test(value)).toBe(z.safeParse(schema, value).success);
      }),
      { numRuns: 2_000 },
    );
  });
});
