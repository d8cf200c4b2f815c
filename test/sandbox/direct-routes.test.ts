/**
 * The sandbox runs a service endpoint straight from the route table (RouteTable.endpoint), not
 * through msw's `getResponse`: both ways must pick the same endpoint and answer alike. Each
 * request goes to two fresh mocks of the same options, one each way; what differs by nature
 * (request ids, new record ids, times) is left out of the comparison.
 */
import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { type WireAnswer, wireResponse } from '../../src/mock/http/respond.js';
import { buildMockService } from '../../src/mock/service.js';

const BASE = 'http://127.0.0.1:4010';
const KEY = 'sk_live_prod_0123456789abcdefABCDEF0123456789';
const options = { baseUrl: BASE, deliverWebhooks: false, merchants: [{ secretKey: KEY }] };
const UUID = '0b8f7e36-3e59-4d44-9f0c-6a3f1f0c2b11';

/** Status, headers but the request id, and the body with its variable fields left out. */
async function shape(response: Response) {
  const headers = Object.fromEntries([...response.headers].filter(([name]) => name !== 'x-request-id'));
  const text = await response.text();
  const body = text === '' ? undefined : JSON.parse(text);
  const fixed =
    body !== null && typeof body === 'object'
      ? Object.fromEntries(
          Object.entries(body).filter(
            ([name]) =>
              !/^(id|transactionId|pixCode|endToEndId|receiptUrl|.*At|transactionDate|now)$/.test(name),
          ),
        )
      : body;
  return { status: response.status, headers, body: fixed };
}

const request = (method: string, path: string, body?: string, headers: Record<string, string> = {}) =>
  new Request(`${BASE}${path}`, {
    method,
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', ...headers },
    ...(body !== undefined && { body }),
  });

const cases: [string, () => Request][] = [
  ['GET balance', () => request('GET', '/v1/integrations/balance')],
  ['HEAD balance', () => request('HEAD', '/v1/integrations/balance')],
  ['GET balance, trailing slash', () => request('GET', '/v1/integrations/balance/')],
  ['GET balance, no credentials', () => new Request(`${BASE}/v1/integrations/balance`)],
  [
    'POST create-transaction',
    () =>
      request('POST', '/v1/integrations/create-transaction', `{"amount": 12.34, "referenceId": "${UUID}"}`),
  ],
  [
    'POST create-transaction, invalid',
    () => request('POST', '/v1/integrations/create-transaction', '{"amount": 1.001, "clientEmail": "x"}'),
  ],
  [
    'POST create-transaction, not JSON',
    () => request('POST', '/v1/integrations/create-transaction', '{"amount": '),
  ],
  ['GET list-transactions', () => request('GET', '/v1/integrations/list-transactions?per_page=5')],
  ['GET list-transactions, misspelled', () => request('GET', '/v1/integrations/list-transactions?perPage=5')],
  [
    'GET list-transactions, unknown id',
    () => request('GET', `/v1/integrations/list-transactions?transactionId=${UUID}`),
  ],
  ['GET cashout, %2F in the id', () => request('GET', `/v1/integrations/cashout/a%2Fb`)],
  ['PUT balance (405)', () => request('PUT', '/v1/integrations/balance')],
  ['OPTIONS balance', () => request('OPTIONS', '/v1/integrations/balance')],
  ['GET an unknown path', () => request('GET', '/v1/integrations/nothing')],
  ['GET a URL too long to match', () => request('GET', `/v1/integrations/${'a'.repeat(9000)}`)],
  ['GET /__mock/state (scenario control)', () => request('GET', '/__mock/state')],
];

describe('an endpoint run from the route table', () => {
  it.each(cases)('%s: answers as through msw', async (_, make) => {
    const viaMsw = buildMockService(options);
    const direct = buildMockService(options);
    const expected = (await getResponse(viaMsw.service.handlers, make())) as Response;
    const directRequest = make();
    const endpoint = direct.routes.endpoint(directRequest);
    const answer: Response | WireAnswer =
      endpoint !== undefined
        ? await endpoint()
        : ((await getResponse(direct.service.handlers, directRequest)) as Response);
    const actual = answer instanceof Response ? answer : wireResponse(answer);
    expect(await shape(actual)).toEqual(await shape(expected));
  });

  it('takes the service endpoints and leaves the rest to msw', () => {
    const { routes } = buildMockService(options);
    expect(routes.endpoint(request('GET', '/v1/integrations/balance'))).toBeTypeOf('function');
    expect(routes.endpoint(request('POST', '/v1/integrations/create-transaction', '{}'))).toBeTypeOf(
      'function',
    );
    expect(routes.endpoint(request('GET', '/__mock/state'))).toBeUndefined();
    expect(routes.endpoint(request('PUT', '/v1/integrations/balance'))).toBeUndefined();
    expect(routes.endpoint(request('GET', '/v1/integrations/nothing'))).toBeUndefined();
  });
});
