/**
 * docs/client.md's table of the client's methods is generated from the code (`npm run docs:client`):
 * a method missing from it, one listed without existing, or one listed with another HTTP method or
 * path fails here until the command is run. The generator reads the source; the calls below check
 * that what it reads is what each method really sends.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  callText,
  clientMethodsSection,
  currentSection,
  endpointText,
  resourceMethods,
  SECTION,
} from '../../scripts/client-methods.js';
import { HttpCore } from '../../src/core/http.js';
import { type Endpoint, endpoints, retrieveTransaction } from '../../src/endpoints.js';
import { PaymentsClient } from '../../src/index.js';

const page = readFileSync(join(import.meta.dirname, '../..', SECTION.doc), 'utf8');
const methods = resourceMethods();
const UUID = '0b8f5f6e-7a1c-4d2e-9f3a-1c2d3e4f5a6b';
const newClient = () =>
  new PaymentsClient({
    secretKey: `sk_live_prod_${'a'.repeat(32)}`,
    baseUrl: 'http://127.0.0.1:1',
    userToken: 'token',
    logLevel: 'off',
  });

describe("docs/client.md's table of methods", () => {
  it(`${SECTION.doc} holds the table the code makes (else: npm run docs:client)`, () => {
    // Line by line, so that a failure shows the rows that differ.
    const lines = (text: string | undefined) => text?.split('\n');
    expect(lines(currentSection(page)), 'run npm run docs:client').toEqual(
      lines(clientMethodsSection(methods)),
    );
  });

  it('has a row for every entry of src/endpoints.ts, and for transactions.retrieve', () => {
    const sent = new Set(methods.flatMap((method) => (method.entry === undefined ? [] : [method.entry])));
    for (const [id, entry] of Object.entries(endpoints)) expect(sent.has(entry), id).toBe(true);
    expect(sent.has(retrieveTransaction)).toBe(true);
    expect(endpointText(retrieveTransaction)).toBe('GET /v1/integrations/list-transactions?transactionId=');
  });

  it('names, beside the table, exactly the methods that send no request of their own', () => {
    const helpers = methods.filter((method) => method.entry === undefined);
    expect(helpers.length).toBeGreaterThan(0);
    const paragraph = /Beyond the endpoints:[\s\S]*?(?:\n\n|$)/.exec(page)?.[0] ?? '';
    const named = [...paragraph.matchAll(/`(\w+)\.(\w+)`/g)].map(
      ([, resource, method]) => `${resource}.${method}`,
    );
    expect(named.sort()).toEqual(helpers.map((method) => `${method.resource}.${method.method}`).sort());
  });
});

describe('what the generator reads', () => {
  it('is the entry each method sends, as the client calls it', async () => {
    let sent: Endpoint | undefined;
    const record = (entry: Endpoint): never => {
      sent = entry;
      throw new Error('recorded');
    };
    const spies = [vi.spyOn(HttpCore.prototype, 'call'), vi.spyOn(HttpCore.prototype, 'list')];
    for (const spy of spies) spy.mockImplementation(record as never);
    try {
      const client = newClient();
      for (const method of methods.filter((each) => each.entry !== undefined)) {
        sent = undefined;
        const resource = (
          client as unknown as Record<string, Record<string, (...args: unknown[]) => unknown>>
        )[method.resource];
        await Promise.allSettled([(async () => resource?.[method.method]?.(UUID, { timeout: 1 }))()]);
        expect(sent, callText(method)).toBe(method.entry);
      }
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it("is every public method of the client's resources", () => {
    const found = Object.entries(newClient()).flatMap(([resource, value]) =>
      typeof value === 'object' && value?.constructor.name.endsWith('Resource')
        ? Object.getOwnPropertyNames(Object.getPrototypeOf(value))
            .filter((name) => name !== 'constructor')
            .map((name) => `${resource}.${name}`)
        : [],
    );
    expect(methods.map((method) => `${method.resource}.${method.method}`).sort()).toEqual(found.sort());
  });
});
