/**
 * What the fuzz test holds for every answer of the mock, and how one random request is sent
 * against it: record ids and credentials resolved, state compared before and after.
 */
import { getResponse } from 'msw';
import { expect } from 'vitest';
import type { MockService } from '../../src/mock-entry.js';
import type { FuzzRequest } from './fuzz-arbitraries.js';
import { CPF } from './harness.js';

/** An answer, as the fuzz test reads it. */
export interface Reply {
  status: number;
  requestId: string | null;
  text: string;
}

/** A request with its ids and credential resolved: what a transport sends. */
export interface Outgoing {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** The mock's options for fuzzing: two merchants, no deliveries, nothing that expires by itself. */
export const FUZZ_OPTIONS = {
  merchants: [{}, { manualApproval: true }],
  deliverWebhooks: false,
  webhookTimeoutMs: 200,
  // Charges never expire on their own during the run, so the server's ticking clock changes nothing.
  chargeExpirySeconds: 1e9,
};

/** A few records of every kind, so that paths and bodies can name real ones. */
async function seed(mock: MockService): Promise<void> {
  if (mock.state.records().length >= 3) return;
  const post = async (path: string, body: unknown, key = mock.secretKey) => {
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const request = new Request(`${mock.baseUrl}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    return (await getResponse(mock.handlers, request))?.json();
  };
  const paid = await post('/v1/integrations/create-transaction', { amount: 50 });
  mock.simulate.payCharge(paid.transactionId);
  await post('/v1/integrations/create-transaction', { amount: 10 });
  const payout = { amount: 30, pixKey: CPF, pixKeyType: 'CPF' };
  await post('/v1/integrations/create-cashout', payout);
  await post('/v1/integrations/create-cashout', payout, mock.merchants[1]?.secretKey);
}

/** Balances, records, subscriptions and pending faults, as text to compare. */
function snapshot(mock: MockService): string {
  const merchants = mock.merchants.map(({ id }) => ({
    balance: mock.state.balance(id),
    records: mock.state.records(id),
    subscriptions: mock.state.subscriptions(id),
  }));
  return JSON.stringify({ merchants, faults: mock.faults.pending });
}

/** The Authorization header of a credential, made now (user tokens at the mock's time). */
async function authorization(mock: MockService, credential: FuzzRequest['credential']) {
  switch (credential) {
    case 'secret':
      return `Bearer ${mock.secretKey}`;
    case 'other-secret':
      return `Bearer ${mock.merchants[1]?.secretKey}`;
    case 'public':
      return `Bearer ${mock.publicKey}`;
    case 'user':
      return `Bearer ${await mock.issueUserToken()}`;
    case 'expired-user':
      return `Bearer ${await mock.issueUserToken(undefined, -60)}`;
    case 'garbage':
      return 'Bearer sk_live_prod_0000';
    case 'basic':
      return 'Basic dXNlcjpwYXNz';
    case 'bare-bearer':
      return 'Bearer';
    case 'none':
      return undefined;
  }
}

/** The request with `RECORD_ID`/`LEGACY_ID` replaced by a record that exists, and its headers. */
async function resolve(mock: MockService, fuzz: FuzzRequest): Promise<Outgoing> {
  const records = mock.state.records();
  const record = records[fuzz.path.length % Math.max(1, records.length)];
  const ids = (text: string) =>
    text
      .replaceAll('RECORD_ID', record?.transactionId ?? 'none')
      .replaceAll('LEGACY_ID', String(record?.id ?? 0));
  const headers: Record<string, string> = {};
  const credential = await authorization(mock, fuzz.credential);
  if (credential !== undefined) headers.authorization = credential;
  if (fuzz.contentType !== undefined) headers['content-type'] = fuzz.contentType;
  return { method: fuzz.method, path: ids(fuzz.path), headers, body: fuzz.body && ids(fuzz.body) };
}

const VALID_CREDENTIALS = new Set(['secret', 'other-secret', 'user']);

/** True when `path`, appended to the server's URL as the fuzz sends it, is the dashboard's. */
function isDashboardPath(path: string): boolean {
  try {
    const { pathname } = new URL(`http://mock.test${path}`);
    return pathname === '/' || pathname.startsWith('/dashboard');
  } catch {
    return false;
  }
}

/** What holds for every answer; `before` and `after` are snapshots around the request. */
function check(fuzz: FuzzRequest, reply: Reply, before: string, after: string): void {
  const context = `${fuzz.method} ${fuzz.path.slice(0, 120)} → ${reply.status} ${reply.text.slice(0, 300)}`;
  expect(reply.status, context).toBeLessThan(500);
  expect(reply.requestId, context).toMatch(/^req_/);
  // The dashboard (`/`, `/dashboard…`, served by startMockServer) answers HTML or text, not JSON.
  const dashboard = isDashboardPath(fuzz.path);
  const hasBody = fuzz.method.toUpperCase() !== 'HEAD' && reply.status !== 204 && !dashboard;
  if (hasBody) expect(() => JSON.parse(reply.text), context).not.toThrow();
  if (reply.status < 400) {
    // Credentials come before the body: nothing under /v1/ succeeds without a valid one (OPTIONS
    // only lists the methods).
    if (fuzz.path.startsWith('/v1/') && fuzz.method.toUpperCase() !== 'OPTIONS')
      expect(VALID_CREDENTIALS.has(fuzz.credential), context).toBe(true);
    // Media type before the body: nothing is created from a body not declared JSON.
    if (reply.status === 201 && fuzz.path.startsWith('/v1/'))
      expect(fuzz.contentType?.split(';')[0]?.trim().toLowerCase(), context).toBe('application/json');
    return;
  }
  if (hasBody) {
    const { message, code, errors, ...rest } = JSON.parse(reply.text);
    expect([typeof message, typeof code, rest], context).toEqual(['string', 'string', {}]);
    for (const list of Object.values((errors ?? {}) as Record<string, unknown>)) {
      expect(Array.isArray(list) && list.every((m) => typeof m === 'string'), context).toBe(true);
    }
  }
  expect(after, `a 4xx changed the state: ${context}`).toBe(before);
}

/** Sends one random request with `send` and checks the answer and the state around it. */
export async function fuzzOnce(
  mock: MockService,
  fuzz: FuzzRequest,
  send: (request: Outgoing) => Promise<Reply>,
): Promise<void> {
  await seed(mock);
  const outgoing = await resolve(mock, fuzz);
  const before = snapshot(mock);
  const reply = await send(outgoing);
  const after = snapshot(mock);
  // An injected fault would make the next requests fail on purpose: each run starts without one.
  mock.faults.clear();
  check({ ...fuzz, path: outgoing.path }, reply, before, after);
}
