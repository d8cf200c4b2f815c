/**
 * docs/errors.md ("Secrets stay out"), issue 28: every text the SDK did not write is redacted of the secret key and
 * its part after `sk_live_prod_`, the user token and its signature, and a signing secret with or
 * without `whsec_`, spelt raw, as JSON `\uXXXX` or percent-encoded (hex in any case), in any mix,
 * wherever the service or the runtime puts it: a body, the status text, a header, a cause chain.
 */
import { inspect } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PaymentsClient, type ResponseIssue } from '../../src/index.js';
import { BASE_URL, json, payoutRecord, scriptedFetch } from './scripted-fetch.js';

const chars = (alphabet: string, minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...alphabet), minLength, maxLength });
const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
// Real keys: `sk_live_prod_` and 32 letters and digits.
const secretKey = chars(ALNUM, 32, 32).map((rest) => `sk_live_prod_${rest}`);
// At least 12 characters: `leaks` looks for any 12 of them (fast-check mixes in words like
// `constructor`, which an SDK text may hold).
const b64url = chars(`${ALNUM}-_`, 12, 40);
const jwt = fc.tuple(b64url, b64url, b64url).map((parts) => parts.join('.'));
const signingSecret = chars(`${ALNUM}_`, 12, 40).map((rest) => `whsec_${rest}`);

const FORMS = ['raw', '\\u', '\\U', '%', '%U'] as const;
const forms = fc.array(fc.constantFrom(...FORMS), { minLength: 1, maxLength: 6 });

/** `text` with its characters spelt, in turn, in each of `mix`'s forms. */
function spell(text: string, mix: readonly (typeof FORMS)[number][]): string {
  return [...text]
    .map((char, i) => {
      const code = char.charCodeAt(0).toString(16);
      const form = mix[i % mix.length];
      if (form === '\\u') return `\\u${code.padStart(4, '0')}`;
      if (form === '\\U') return `\\u${code.padStart(4, '0').toUpperCase()}`;
      if (form === '%') return `%${code.padStart(2, '0')}`;
      if (form === '%U') return `%${code.padStart(2, '0').toUpperCase()}`;
      return char;
    })
    .join('');
}

/** Every form decoded, so that a secret left in any spelling shows. */
const decode = (text: string) =>
  text.replace(/\\u([\da-f]{4})|%([\da-f]{2})/gi, (_, u: string | undefined, p: string) =>
    String.fromCharCode(Number.parseInt(u ?? p, 16)),
  );

/** What of `secretParts` `text` gives away, in any spelling: any 12 characters in a row. */
function leaks(text: string, secretParts: readonly string[]): string | undefined {
  const plain = decode(text);
  for (const part of secretParts)
    for (let i = 0; i + 12 <= part.length; i++) {
      if (plain.includes(part.slice(i, i + 12))) return part.slice(i, i + 12);
    }
  return undefined;
}

const rawJson = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, {
    status,
    headers: { 'content-type': 'application/json', 'x-request-id': 'req_1', ...headers },
  });

/** A payout record with `fields` changed, its strings as they are (already spelt for JSON). */
const answer = (fields: Record<string, string>, requestId = 'req_1') =>
  rawJson(200, JSON.stringify({ ...payoutRecord, ...fields }).replace(/\\\\/g, '\\'), {
    'x-request-id': requestId,
  });

/** Where the service or the runtime may echo `s` (spelt already). */
const places: Record<string, (s: string) => Response | Error> = {
  'an error message': (s) => rawJson(401, `{"message":"Unauthenticated: Authorization: Bearer ${s}"}`),
  'a field error': (s) => rawJson(422, `{"message":"invalid","errors":{"amount":["${s} is wrong"]}}`),
  'a field name': (s) => rawJson(400, `{"message":"bad","errors":{"${s}":["unknown field"]}}`),
  'a nested field': (s) => rawJson(500, `{"error":{"message":"upstream","detail":[{"echo":"${s}"}]}}`),
  'a code': (s) => rawJson(409, `{"message":"conflict","code":"${s}"}`),
  'a text body': (s) => new Response(`proxy: Authorization=Bearer ${s} rejected`, { status: 502 }),
  'an HTML title': (s) => new Response(`<html><title>denied ${s}</title></html>`, { status: 403 }),
  'the status text': (s) => new Response('', { status: 401, statusText: `Bad key ${s}` }),
  'a header': (s) => rawJson(503, '{}', { 'x-debug-authorization': `Bearer ${s}` }),
  'the request id': (s) => rawJson(503, '{}', { 'x-request-id': s }),
  // A field of the wrong shape: its issue quotes it, cut at 40 characters when longer.
  'a 2xx field': (s) => answer({ transactionDate: `Bearer ${s}` }, s),
  'a long 2xx field': (s) => answer({ paidAt: `Authorization: Bearer ${s}` }),
  'a 2xx field name': (s) => rawJson(200, `{"note":"${s}","trackingParameters":{"${s}":1}}`),
  'a cause chain': (s) =>
    new TypeError('fetch failed', {
      cause: new Error('socket hang up', { cause: new Error(`proxy refused Bearer ${s}`) }),
    }),
};

/** The secrets of one client, and which one (or which part) the service echoes. */
const scenario = fc.record({
  key: secretKey,
  token: jwt,
  whsec: signingSecret,
  tokenIsFunction: fc.boolean(),
  echoed: fc.constantFrom(
    'key',
    'key after its prefix',
    'token',
    'token signature',
    'whsec',
    'whsec after its prefix',
  ),
  place: fc.constantFrom(...Object.keys(places)),
  mix: forms,
  strict: fc.boolean(),
});

/** What is echoed, spelt, and the secret parts it would give away. */
function echo(s: {
  key: string;
  token: string;
  whsec: string;
  echoed: string;
  mix: readonly (typeof FORMS)[number][];
}) {
  const keyRest = s.key.slice('sk_live_prod_'.length);
  const whsecRest = s.whsec.slice('whsec_'.length);
  const signature = s.token.split('.')[2] as string;
  switch (s.echoed) {
    case 'key':
      return { text: spell(s.key, s.mix), parts: [keyRest] };
    case 'key after its prefix':
      return { text: spell(keyRest, s.mix), parts: [keyRest] };
    case 'token':
      return { text: spell(s.token, s.mix), parts: s.token.split('.') };
    case 'token signature':
      return { text: spell(signature, s.mix), parts: [signature] };
    case 'whsec':
      return { text: spell(s.whsec, s.mix), parts: [whsecRest] };
    default:
      // The client knows no signing secret: its part after `whsec_` is known by the whole one
      // in the same text (a new subscription's answer quoting it).
      return {
        text: `${spell(s.whsec, s.mix)} ${spell(whsecRest, [...s.mix].reverse())}`,
        parts: [whsecRest],
      };
  }
}

describe('secrets echoed by the service, in any spelling', () => {
  // 600 runs take about 18 s alone, close to the default 20 s limit: a loaded CI machine needs more.
  it('never reach a message, stack, toJSON(), inspect output, log line or reported issue', {
    timeout: 90_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const { text, parts } = echo(s);
        const lines: string[] = [];
        const issues: ResponseIssue[] = [];
        const push = (line: string) => void lines.push(line);
        const client = new PaymentsClient({
          secretKey: s.key,
          baseUrl: BASE_URL,
          userToken: s.tokenIsFunction ? () => s.token : s.token,
          fetch: scriptedFetch([json(200, []), (places[s.place] as (t: string) => Response)(text)]).fetch,
          maxRetries: 0,
          responseValidation: s.strict ? 'strict' : 'lenient',
          onResponseIssue: (issue) => void issues.push(issue),
          logger: { debug: push, info: push, warn: push, error: push },
          logLevel: 'debug',
        });
        // A webhooks call first, so that a token function has returned the token.
        await client.webhooks.list();
        const error = await client.cashouts.retrieve(7).then(
          () => undefined,
          (e: unknown) => e as Error & { toJSON(): unknown },
        );
        const shown = [...lines, ...issues.map((issue) => JSON.stringify(issue))];
        if (error !== undefined)
          shown.push(
            error.message,
            String(error.stack),
            JSON.stringify(error),
            JSON.stringify(error.toJSON()),
            inspect(error, { depth: 10 }),
            inspect(error, { depth: 10, getters: true }),
          );
        for (const shownText of shown) expect(leaks(shownText, parts), shownText).toBeUndefined();
      }),
      { numRuns: 600 },
    );
  });
});
