/**
 * Issue 41, item 4: Basic authentication and proxies write credentials in base64. Wherever the
 * service, a proxy or the runtime echoes the secret key (or its part after `sk_live_prod_`), the
 * user token (or its signature) or a signing secret in base64 or base64url, at any offset inside
 * a longer base64 text (`Basic base64(user:secret)`, `base64("Bearer " + secret)`), no spelling of
 * it reaches the call's error (message, stack, toJSON(), inspect output), a log line, what the
 * call and attempt channels publish (their error's message, the request id), or an OpenTelemetry
 * span (its status message, its attributes).
 */
import { inspect } from 'node:util';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { PaymentsClient } from '../../src/index.js';
import { useOtel } from '../opentelemetry/otel.js';
import {
  aroundBytes,
  base64Leak,
  FORMS,
  inBase64,
  liveKey,
  secretParts,
  userJwt,
  whsec,
} from '../support/base64-echo.js';
import { recordChannels } from '../tracing/record.js';
import { BASE_URL, json, scriptedFetch } from './scripted-fetch.js';

const otel = useOtel();
let recorder: ReturnType<typeof recordChannels> | undefined;
afterEach(() => recorder?.stop());

/** Where the service, a proxy or the runtime may echo `s` (base64 already). */
const places: Record<string, (s: string) => Response | Error> = {
  'an error message': (s) => json(401, { message: `Unauthenticated: Authorization: ${s}` }),
  'a proxy text body': (s) => new Response(`Proxy-Authorization: ${s} refused`, { status: 407 }),
  'a field error': (s) => json(422, { message: 'invalid', errors: { amount: [`${s} is wrong`] } }),
  'the status text': (s) => new Response('', { status: 401, statusText: `Bad credentials ${s}` }),
  'a header': (s) => json(503, {}, { 'x-debug-authorization': s }),
  'the request id': (s) => json(500, {}, { 'x-request-id': s }),
  'a cause chain': (s) =>
    new TypeError('fetch failed', {
      cause: new Error('socket hang up', { cause: new Error(`proxy refused ${s}`) }),
    }),
};

const scenario = fc.record({
  key: liveKey,
  token: userJwt,
  whsec,
  echoed: fc.constantFrom('key', 'key after its prefix', 'token', 'token signature', 'whsec'),
  form: fc.constantFrom(...FORMS),
  around: aroundBytes,
  place: fc.constantFrom(...Object.keys(places)),
});

describe('secrets echoed in base64', () => {
  it('never reach an error, a log line, a channel or a span, at any offset, in any form', {
    timeout: 90_000,
  }, async () => {
    otel.instrument();
    recorder = recordChannels();
    const { events } = recorder;
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        events.length = 0;
        const spansBefore = otel.spans().length;
        const value = {
          key: s.key,
          'key after its prefix': s.key.slice('sk_live_prod_'.length),
          token: s.token,
          'token signature': s.token.split('.')[2] as string,
          whsec: s.whsec,
        }[s.echoed];
        const lines: string[] = [];
        const push = (line: string) => void lines.push(line);
        const echo = inBase64(value, s.form, s.around.before, s.around.after);
        const client = new PaymentsClient({
          secretKey: s.key,
          baseUrl: BASE_URL,
          userToken: s.token,
          fetch: scriptedFetch([json(200, []), (places[s.place] as (t: string) => Response | Error)(echo)])
            .fetch,
          maxRetries: 0,
          logger: { debug: push, info: push, warn: push, error: push },
          logLevel: 'debug',
        });
        // A webhooks call first (the user token sent), then the one answered with the echo.
        await client.webhooks.list();
        const error = (await client.cashouts.retrieve(7).catch((e: unknown) => e)) as Error & {
          toJSON(): unknown;
        };
        expect(error).toBeInstanceOf(Error);
        const spans = otel.spans().slice(spansBefore);
        expect(spans.some((span) => span.status.message !== undefined)).toBe(true);
        const shown = [
          error.message,
          String(error.stack),
          JSON.stringify(error),
          JSON.stringify(error.toJSON()),
          inspect(error, { depth: 10 }),
          ...lines,
          ...events.flatMap(({ context, fields }) => [
            inspect(context, { depth: null }),
            inspect(fields, { depth: null }),
          ]),
          ...spans.flatMap((span) => [
            String(span.status.message),
            JSON.stringify(span.attributes),
            JSON.stringify(span.events),
          ]),
        ];
        for (const text of shown) expect(base64Leak(text, secretParts(value)), text).toBeUndefined();
      }),
      { numRuns: 100 },
    );
  });
});
