/**
 * Each field's description is written once, as its schema field's JSDoc: the OpenAPI document
 * reads it through src/openapi/field-docs.json, which must match the JSDoc.
 */
import { describe, expect, it } from 'vitest';
import { readFieldDocs } from '../../scripts/field-docs.js';
import { openApiDocument } from '../../src/openapi/document.js';
import FIELD_DOCS from '../../src/openapi/field-docs.json' with { type: 'json' };

describe('field descriptions', () => {
  const fromJsDoc = readFieldDocs();

  it('src/openapi/field-docs.json matches the schemas JSDoc (else: npm run openapi:field-docs)', () => {
    expect(FIELD_DOCS).toEqual(fromJsDoc);
  });

  it('the OpenAPI document describes each documented field with its JSDoc', () => {
    const schemas = (
      openApiDocument().components as {
        schemas: Record<string, { properties?: Record<string, { description?: string }> }>;
      }
    ).schemas;
    expect(schemas.Transaction?.properties?.id?.description).toBe(
      'Legacy integer id (still accepted by cashout/{id} and approve-cashout).',
    );
    for (const [component, fields] of Object.entries(fromJsDoc))
      for (const [field, text] of Object.entries(fields))
        if (schemas[component]?.properties?.[field] !== undefined)
          expect(schemas[component]?.properties?.[field]?.description, `${component}.${field}`).toBe(text);
  });
});
