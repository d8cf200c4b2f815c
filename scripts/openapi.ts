/**
 * Writes the OpenAPI document to `dist/openapi.json`, shipped as `pix-payments/openapi.json`.
 * The build runs it after tsup's bundles (tsup.config.ts, `onSuccess`); `npx tsx scripts/openapi.ts`
 * runs it alone.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openApiJson } from '../src/openapi/document.js';

/** Writes the document to `file`, by default `dist/openapi.json` under the working directory (the package root). */
export function writeOpenApiDocument(file = 'dist/openapi.json'): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, openApiJson());
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  writeOpenApiDocument();
}
