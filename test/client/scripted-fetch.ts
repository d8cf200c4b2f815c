/** A fetch that answers from a script and records every request, for behaviour tests. */

import type { ClientOptions } from '../../src/index.js';
import { PaymentsClient } from '../../src/index.js';
import { transactionRecord } from '../schemas/fixtures.js';

export const SECRET_KEY = `sk_live_prod_${'S3cr3t'.repeat(5)}ab`;
export const BASE_URL = 'https://api.psp.test';

export interface Recorded {
  method: string;
  url: string;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: recorded JSON bodies of many shapes.
  body: any;
}

type Step = Response | Error | ((request: Request) => Response | Promise<Response>);

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'x-request-id': 'req_test123', ...headers },
  });
}

export function scriptedFetch(steps: Step[]) {
  const requests: Recorded[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const text = await request.clone().text();
    requests.push({
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: text === '' ? undefined : JSON.parse(text),
    });
    const step = steps.shift();
    if (step === undefined) throw new Error(`unexpected request ${request.method} ${request.url}`);
    if (step instanceof Error) throw step;
    return typeof step === 'function' ? step(request) : step;
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

export function clientWith(steps: Step[], options: ClientOptions = {}) {
  const scripted = scriptedFetch(steps);
  const client = new PaymentsClient({
    secretKey: SECRET_KEY,
    baseUrl: BASE_URL,
    fetch: scripted.fetch,
    ...options,
  });
  return { client, requests: scripted.requests };
}

export const payoutRecord = {
  ...transactionRecord,
  id: 7,
  amount: 100,
  feeAmount: 5,
  finalAmount: 95,
  updatedAt: '2026-11-21T10:00:00.000Z',
  _info: 'accepted',
};

export const payoutParams = { amount: 100, pixKey: '52998224725', pixKeyType: 'CPF' } as const;

/** A fetch that answers only when aborted, as a real one does (at once if already aborted). */
export const hang = (request: Request) =>
  new Promise<Response>((_, reject) => {
    if (request.signal.aborted) reject(request.signal.reason);
    request.signal.addEventListener('abort', () => reject(request.signal.reason));
  });

/** A 200 whose body stops after `start` until the request is aborted (then errors, as undici's does). */
export const stalledBody = (start: string) => (request: Request) =>
  new Response(
    new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(start));
        request.signal.addEventListener('abort', () => controller.error(request.signal.reason));
      },
    }),
    { status: 200 },
  );
