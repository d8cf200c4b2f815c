/**
 * Issue 41, item 4, in the receivers: a de-duplication store's error may quote its connection's
 * credentials in base64 (a Basic header, a URL's userinfo). Every signing secret of the receiver,
 * `whsec_`-shaped or not, with or without its prefix, at any offset inside that base64, in base64
 * or base64url, is out of the error `onError` is given.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSignedWebhook, createWebhookHandler } from '../../src/webhooks/index.js';
import { aroundBytes, base64Leak, FORMS, inBase64, secretParts, whsec } from '../support/base64-echo.js';
import { transactionEvent } from './fixtures.js';

// A signing secret need not be `whsec_`-shaped: any text of 12 characters or more.
const plainSecret = fc.string({ unit: 'grapheme-ascii', minLength: 12, maxLength: 40 });

describe('a failing store quoting a signing secret in base64', () => {
  it('never has it reach onError', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(whsec, plainSecret), { minLength: 1, maxLength: 2 }),
        fc.nat(),
        fc.boolean(),
        fc.constantFrom(...FORMS),
        aroundBytes,
        async (secrets, pick, withoutPrefix, form, { before, after }) => {
          const secret = secrets[pick % secrets.length] as string;
          const quoted = withoutPrefix ? secret.replace(/^whsec_/, '') : secret;
          const errors: Error[] = [];
          const store = {
            claim: () => {
              throw new Error(`NOAUTH ${inBase64(quoted, form, before, after)} refused`);
            },
            renew: () => true,
            complete: () => true,
            release: () => {},
          };
          const handler = createWebhookHandler({
            secret: secrets,
            onEvent: () => {},
            store,
            onError: (error) => void errors.push(error as Error),
          });
          const { body, headers } = await createSignedWebhook(transactionEvent(), secrets[0] as string);
          const answer = await handler(new Request('http://r/', { method: 'POST', body, headers }));
          expect(answer.status).toBe(500);
          expect(errors).toHaveLength(1);
          const message = String(errors[0]?.message);
          expect(message).toMatch(/failed to claim .*NOAUTH .*\[redacted\]/);
          expect(base64Leak(message, secretParts(quoted)), message).toBeUndefined();
        },
      ),
      { numRuns: 150 },
    );
  });
});
