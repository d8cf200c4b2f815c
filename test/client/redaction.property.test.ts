/**
 * docs/errors.md, "Secrets stay out": text the SDK did not write is redacted of the secret key, the user token and
 * any sk_/pk_/whsec_-shaped value before it reaches a message, a log line, `toJSON()` or inspect
 * output, wherever the service or the runtime echoes it, and however JSON spells it.
 */
import { inspect } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PaymentsClient } from '../../src/index.js';
import { jwt, secretKey, signingSecret } from '../support/secret-arbitraries.js';
import { BASE_URL, json, scriptedFetch } from './scripted-fetch.js';

/** `text` with the characters `mask` picks written as JSON `\u` escapes. */
const spellEscaped = (text: string, mask: boolean[]) =>
  [...text]
    .map((c, i) => (mask[i % mask.length] ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : c))
    .join('');
const decode = (text: string) =>
  text.replace(/\\u([\da-f]{4})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** Where an echo of `s` (already spelt as the JSON text will carry it) may sit in an answer. */
const places: ((s: string) => Response)[] = [
  (s) => rawJson(401, `{"message":"Unauthenticated: Authorization: Bearer ${s}"}`),
  (s) =>
    rawJson(422, `{"message":"invalid","code":"VALIDATION_ERROR","errors":{"amount":["${s} is wrong"]}}`),
  (s) => rawJson(500, `{"error":{"message":"upstream","detail":{"deep":[{"echo":"${s}"}]}}}`),
  (s) => rawJson(400, `{"message":"bad","errors":{"${s}":["unknown field"]}}`),
  (s) => rawJson(409, `{"message":"conflict","code":"${s}"}`),
  (s) => new Response(`proxy: Authorization=Bearer ${s} rejected`, { status: 502 }),
  (s) => new Response(`<html><title>denied ${s}</title></html>`, { status: 403 }),
  (s) => rawJson(503, '{}', { 'x-request-id': decode(s), 'x-debug-authorization': `Bearer ${decode(s)}` }),
  (s) => rawJson(200, `{"note":"${s}","trackingParameters":{"${s}":1}}`),
];
const rawJson = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, {
    status,
    headers: { 'content-type': 'application/json', 'x-request-id': 'req_1', ...headers },
  });

describe('secrets echoed by the service', () => {
  it('never reach message, JSON, inspect output or log lines, however they are spelt', async () => {
    await fc.assert(
      fc.asyncProperty(
        secretKey,
        jwt,
        signingSecret,
        fc.boolean(),
        fc.constantFrom(0, 1, 2),
        fc.integer({ min: 0, max: places.length - 1 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 5 }),
        async (key, token, whsec, tokenIsFunction, which, place, mask) => {
          const secret = [key, token, whsec][which] as string;
          const echoed = spellEscaped(secret, mask);
          const lines: string[] = [];
          const logger = { debug: push(lines), info: push(lines), warn: push(lines), error: push(lines) };
          const steps = [json(200, []), (places[place] as (s: string) => Response)(echoed)];
          const client = new PaymentsClient({
            secretKey: key,
            baseUrl: BASE_URL,
            userToken: tokenIsFunction ? () => token : token,
            fetch: scriptedFetch(steps).fetch,
            maxRetries: 0,
            responseValidation: 'strict',
            logger,
            logLevel: 'debug',
          });
          // A webhooks call first, so that a token function has returned the token.
          await client.webhooks.list();
          const error = await client.cashouts.retrieve(7).catch((e) => e);
          const shown = [error.message, JSON.stringify(error), inspect(error, { depth: 10 }), ...lines];
          for (const text of shown) expect(decode(text)).not.toContain(secret);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('nor does a cause of a dropped connection carry them through', async () => {
    await fc.assert(
      fc.asyncProperty(
        secretKey,
        signingSecret,
        fc.array(fc.boolean(), { minLength: 1, maxLength: 5 }),
        async (key, whsec, mask) => {
          for (const secret of [key, whsec]) {
            const lines: string[] = [];
            const logger = { debug: push(lines), info: push(lines), warn: push(lines), error: push(lines) };
            const cause = new Error(`proxy refused Bearer ${spellEscaped(secret, mask)}`);
            const client = new PaymentsClient({
              secretKey: key,
              baseUrl: BASE_URL,
              fetch: scriptedFetch([new TypeError('fetch failed', { cause })]).fetch,
              maxRetries: 0,
              logger,
              logLevel: 'debug',
            });
            const error = await client.cashouts
              .create({ amount: 10, pixKey: '52998224725', pixKeyType: 'CPF' })
              .catch((e) => e);
            for (const text of [error.message, JSON.stringify(error), inspect(error), ...lines])
              expect(decode(text)).not.toContain(secret);
            expect(error.message).toMatch(
              /^Connection error: proxy refused Bearer \[redacted\]\. The payout may have been created/,
            );
          }
        },
      ),
      { numRuns: 50 },
    );
  });
});

function push(lines: string[]) {
  return (line: string) => {
    lines.push(line);
  };
}
