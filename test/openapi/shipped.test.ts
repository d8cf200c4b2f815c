/** The shipped `pix-payments/openapi.json` is the document the mock serves at GET /openapi.json. */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openApiJson } from '../../src/openapi/document.js';
import { ROOT } from '../package/consumer.js';
import { OPENAPI_FILE, shippedDocument } from './tools.js';

/** GET /openapi.json from a mock server made by `startMockServer` of the given module. */
async function served(mockModule: string): Promise<{ status: number; type: string | null; body: unknown }> {
  const { startMockServer } = await import(mockModule);
  const server = await startMockServer();
  try {
    const response = await fetch(`${server.url}/openapi.json`);
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      body: await response.json(),
    };
  } finally {
    await server.close();
  }
}

describe('the shipped OpenAPI document', () => {
  it('is what the package exports as pix-payments/openapi.json', () => {
    const resolved = createRequire(join(ROOT, 'package.json')).resolve('pix-payments/openapi.json');
    expect(resolved).toBe(OPENAPI_FILE);
  });

  it('is the document the source builds (the build wrote this very version)', () => {
    expect(shippedDocument()).toEqual(JSON.parse(openApiJson()));
  });

  it('is the document the mock serves at GET /openapi.json (source mock)', async () => {
    const answer = await served('../../src/mock-entry.js');
    expect(answer).toMatchObject({ status: 200, type: 'application/json' });
    expect(answer.body).toEqual(shippedDocument());
  });

  it('is the document the built mock serves at GET /openapi.json', async () => {
    const answer = await served(pathToFileURL(join(ROOT, 'dist/mock.js')).href);
    expect(answer.body).toEqual(shippedDocument());
  });
});
