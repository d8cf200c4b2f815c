/**
 * docs/observability.md: no secret, body or header value is ever in a context object. The same
 * property as test/client/redaction.property.test.ts, on what the channels publish: the secret
 * key, the user token and a signing secret, echoed by the service wherever it may echo them.
 */
import { inspect } from 'node:util';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { PaymentsClient } from '../../src/index.js';
import { BASE_URL, json, scriptedFetch } from '../client/scripted-fetch.js';
import { jwt, secretKey, signingSecret } from '../support/secret-arbitraries.js';
import { recordChannels } from './record.js';

/** Answers that echo `s`: in a message, a field error, a code, a request id, plain text, a 2xx. */
const places: ((s: string) => Response | Error)[] = [
  (s) => json(401, { message: `Unauthenticated: Authorization: Bearer ${s}` }),
  (s) => json(422, { message: 'invalid', code: 'VALIDATION_ERROR', errors: { amount: [`${s} is wrong`] } }),
  (s) => json(409, { message: 'conflict', code: s }),
  (s) => new Response(`proxy: Authorization=Bearer ${s} rejected`, { status: 502 }),
  (s) => json(503, {}, { 'x-request-id': s, 'retry-after': '0' }),
  (s) => json(200, [], { 'x-request-id': `req ${s}` }),
  (s) => new TypeError('fetch failed', { cause: new Error(`socket to Bearer ${s} reset`) }),
];

let recorder: ReturnType<typeof recordChannels> | undefined;
afterEach(() => recorder?.stop());

describe('what the channels publish', () => {
  it('never carries a secret the service or the runtime echoed, at any stage', async () => {
    recorder = recordChannels();
    const { events } = recorder;
    await fc.assert(
      fc.asyncProperty(
        secretKey,
        jwt,
        signingSecret,
        fc.constantFrom(0, 1, 2),
        fc.integer({ min: 0, max: places.length - 1 }),
        async (key, token, whsec, which, place) => {
          events.length = 0;
          const secret = [key, token, whsec][which] as string;
          const answer = (places[place] as (s: string) => Response | Error)(secret);
          const client = new PaymentsClient({
            secretKey: key,
            baseUrl: BASE_URL,
            userToken: token,
            fetch: scriptedFetch([answer]).fetch,
            maxRetries: 0,
            logLevel: 'off',
          });
          await client.webhooks.list().catch(() => undefined);
          expect(events.length).toBeGreaterThan(0);
          for (const { context, fields } of events)
            for (const shown of [inspect(context, { depth: null }), inspect(fields, { depth: null })])
              expect(shown).not.toContain(secret);
        },
      ),
      { numRuns: 150 },
    );
  });
});
