/**
 * "Order of checks" of docs/service-behaviour.md, through the msw handlers in process: size, then
 * credentials, then media type, then the body; 405 with Allow, OPTIONS and HEAD on known paths.
 */
import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { CPF, caller, useMock } from './harness.js';

const { mock, api } = useMock();
const MiB = 1024 * 1024;
const payoutBody = JSON.stringify({ amount: 100, pixKey: CPF, pixKeyType: 'CPF' });

/** Calls the handlers directly, with exactly the headers given. */
async function send(method: string, path: string, headers: Record<string, string>, body?: BodyInit) {
  const init: RequestInit & { duplex?: 'half' } = { method, headers };
  if (body !== undefined) init.body = body;
  if (body instanceof ReadableStream) init.duplex = 'half';
  const response = (await getResponse(
    mock.handlers,
    new Request(`${mock.baseUrl}${path}`, init),
  )) as Response;
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: text === '' ? undefined : JSON.parse(text),
  };
}

/** A body of `chunks` chunks of 64 KiB that counts how many were pulled. */
function countedBody(chunks: number) {
  const counter = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (counter.pulled === chunks) return controller.close();
        counter.pulled += 1;
        controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, counter };
}

const bearer = () => ({ authorization: `Bearer ${mock.secretKey}` });
const json = { 'content-type': 'application/json' };

describe('size, before anything else', () => {
  it('answers 413 PAYLOAD_TOO_LARGE for a declared length over 1 MiB, credentials or not, reading nothing', async () => {
    for (const headers of [{ ...json, ...bearer() }, json]) {
      const { stream, counter } = countedBody(1600);
      const reply = await send(
        'POST',
        '/v1/integrations/create-cashout',
        {
          ...headers,
          'content-length': String(100 * MiB),
        },
        stream,
      );
      expect([reply.status, reply.body.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
      expect(counter.pulled).toBeLessThanOrEqual(1);
    }
    expect(mock.state.records()).toHaveLength(0);
  });

  it('answers 413 once the received body passes 1 MiB, and stops reading there', async () => {
    const { stream, counter } = countedBody(1600);
    const reply = await send('POST', '/v1/integrations/create-cashout', { ...json, ...bearer() }, stream);
    expect([reply.status, reply.body.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    // 1 MiB is 16 chunks: the 17th passes the limit; at most one more is read ahead.
    expect(counter.pulled).toBeLessThanOrEqual(18);
  });

  it('takes a body of exactly 1 MiB', async () => {
    const padded = payoutBody.padEnd(MiB, ' ');
    const reply = await send('POST', '/v1/integrations/create-cashout', { ...json, ...bearer() }, padded);
    expect(reply.status).toBe(201);
  });
});

describe('credentials, before the body', () => {
  it('answers 401 without reading the body of a request without credentials', async () => {
    const { stream, counter } = countedBody(1600);
    const reply = await send('POST', '/v1/integrations/create-cashout', json, stream);
    expect([reply.status, reply.body.code]).toEqual([401, 'UNAUTHENTICATED']);
    expect(counter.pulled).toBeLessThanOrEqual(1);
  });

  it('approve-cashout checks the credentials first: 401, not 422, for a bad body without them', async () => {
    const reply = await caller(mock.baseUrl)('POST', '/v1/integrations/approve-cashout', { id: 'x' });
    expect([reply.status, reply.body.code]).toEqual([401, 'UNAUTHENTICATED']);
  });
});

describe('media type, before the body', () => {
  it.each([
    ['text/plain', { 'content-type': 'text/plain' }],
    ['no content type', {}],
    ['form data', { 'content-type': 'application/x-www-form-urlencoded' }],
  ])('answers 415 UNSUPPORTED_MEDIA_TYPE for a body sent as %s, and creates nothing', async (_, type) => {
    const body = new TextEncoder().encode(payoutBody);
    const reply = await send('POST', '/v1/integrations/create-cashout', { ...type, ...bearer() }, body);
    expect([reply.status, reply.body.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    expect(mock.state.records()).toHaveLength(0);
  });

  it('takes application/json with parameters, in any case', async () => {
    const headers = { 'content-type': 'Application/JSON; charset=utf-8', ...bearer() };
    expect((await send('POST', '/v1/integrations/create-cashout', headers, payoutBody)).status).toBe(201);
  });

  it('answers 400 for a body that is not UTF-8', async () => {
    const reply = await send(
      'POST',
      '/v1/integrations/create-cashout',
      { ...json, ...bearer() },
      new Uint8Array([0x7b, 0xff, 0x7d]),
    );
    expect([reply.status, reply.body.code]).toEqual([400, 'INVALID_JSON']);
  });
});

describe('methods on known paths', () => {
  it('answers 405 METHOD_NOT_ALLOWED with Allow for another method on a known path', async () => {
    const reply = await api('PUT', '/v1/integrations/balance', {});
    expect([reply.status, reply.body.code]).toEqual([405, 'METHOD_NOT_ALLOWED']);
    expect(reply.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    const webhooks = await send('DELETE', '/v1/user/webhooks', {});
    expect([webhooks.status, webhooks.headers.get('allow')]).toEqual([405, 'GET, HEAD, POST, OPTIONS']);
    expect((await send('GET', '/__mock/faults', {})).headers.get('allow')).toBe('POST, DELETE, OPTIONS');
  });

  it('answers OPTIONS on a known path with 204 and Allow, without credentials', async () => {
    const reply = await send('OPTIONS', '/v1/integrations/cashout/123', {});
    expect([reply.status, reply.text, reply.headers.get('allow')]).toEqual([204, '', 'GET, HEAD, OPTIONS']);
    expect(reply.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('answers HEAD as GET without a body', async () => {
    const reply = await send('HEAD', '/v1/integrations/balance', bearer());
    expect([reply.status, reply.text, reply.headers.get('content-type')]).toEqual([
      200,
      '',
      'application/json',
    ]);
    expect((await send('HEAD', '/v1/integrations/balance', {})).status).toBe(401);
    expect((await send('HEAD', '/v1/integrations/create-cashout', {})).status).toBe(405);
  });

  it('answers 414 URI_TOO_LONG for a URL too long to match (over 8,192 characters)', async () => {
    const reply = await send('GET', `/v1/integrations/cashout/${'9'.repeat(9000)}`, bearer());
    expect([reply.status, reply.body.code]).toEqual([414, 'URI_TOO_LONG']);
  });

  it('still answers 404 NOT_FOUND for a path the service does not have', async () => {
    const reply = await send('GET', '/v1/integrations/nothing', bearer());
    expect([reply.status, reply.body.code]).toEqual([404, 'NOT_FOUND']);
  });
});
