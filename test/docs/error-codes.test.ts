/**
 * docs/errors.md's list of error codes is generated from the tables (`npm run docs:errors`): it
 * must match them, and a code the tables say the client refuses itself must be refused before
 * anything is sent, as a `ValidationError` whose issue carries the code.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { currentSection, ERRORS_DOC, errorCodesSection } from '../../scripts/error-codes.js';
import { PaymentsClient, ValidationError } from '../../src/index.js';
import { ERROR_CODES, type ErrorCodeName } from '../../src/operations.js';

const SECRET = `sk_live_prod_${'a'.repeat(32)}`;

type LocalCode = {
  [K in ErrorCodeName]: (typeof ERROR_CODES)[K] extends { local: true } ? K : never;
}[ErrorCodeName];

describe('the error codes of docs/errors.md', () => {
  it(`${ERRORS_DOC} holds the section the tables make (else: npm run docs:errors)`, () => {
    const doc = readFileSync(join(import.meta.dirname, '../..', ERRORS_DOC), 'utf8');
    expect(currentSection(doc), 'run npm run docs:errors').toBe(errorCodesSection());
  });

  it('lists every code of the table once', () => {
    const section = errorCodesSection();
    for (const code of Object.keys(ERROR_CODES))
      expect(section.split(`| \`${code}\``).length - 1, code).toBe(1);
  });
});

describe('a code the client refuses itself', () => {
  const sent: string[] = [];
  const client = new PaymentsClient({
    secretKey: SECRET,
    baseUrl: 'http://127.0.0.1:1',
    maxRetries: 0,
    logLevel: 'off',
    fetch: async (input) => {
      sent.push(String(input));
      return new Response('{}', { status: 500 });
    },
  });
  // One call that breaks each rule: the compiler asks for a case per local code of the table.
  const breaking: Record<LocalCode, () => Promise<unknown>> = {
    VALIDATION_ERROR: () => client.transactions.create({ amount: -1 }),
    FORBIDDEN_FIELD: () =>
      // @ts-expect-error pixKey is not a field of a charge: the point of the test.
      client.transactions.create({ amount: 10, pixKey: 'ana@example.com' }),
    AMOUNT_BELOW_FEE: () =>
      client.cashouts.create({ amount: 5, pixKey: 'ana@example.com', pixKeyType: 'EMAIL' }),
  };

  it.each(Object.entries(breaking))(
    '%s arrives as a ValidationError, and nothing is sent',
    async (code, call) => {
      const error = await call().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ValidationError);
      const issues = (error as ValidationError).issues;
      if (code !== 'VALIDATION_ERROR') expect(issues.map((issue) => issue.code)).toContain(code);
      expect(sent).toEqual([]);
    },
  );
});
