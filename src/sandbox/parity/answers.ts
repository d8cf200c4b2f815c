/**
 * Asking each side: the service over HTTP, the reference mock in-process (its msw handlers,
 * through msw's `getResponse`, as the sandbox serves them). Both answers are read the same way.
 */
import { randomUUID } from 'node:crypto';
import { getResponse } from 'msw';
import { endpoints } from '../../endpoints.js';
import { createMockService, type MockService } from '../../mock/service.js';
import * as example from '../../openapi/examples.js';
import type { ProbeAnswer } from './compare.js';
import { type Probe, wrongKey } from './probes.js';

/** Where a probe goes: a function that answers it. */
export type Side = (probe: Probe) => Promise<ProbeAnswer>;

/** The credentials of one side. */
export interface Credentials {
  secretKey: string;
  userToken?: string | undefined;
}

/** Reads a response as a parity run compares it. */
export async function readAnswer(response: Response): Promise<ProbeAnswer> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  const text = await response.text();
  const type = headers['content-type'] ?? '';
  const status = response.status;
  if (text.trim() === '') return { status, headers, body: undefined, kind: 'none' };
  if (type.includes('html') || /^\s*</.test(text)) return { status, headers, body: undefined, kind: 'html' };
  try {
    return { status, headers, body: JSON.parse(text), kind: 'json' };
  } catch {
    return { status, headers, body: undefined, kind: 'text' };
  }
}

/** The request of a probe to `baseUrl` with `credentials`. */
export function requestOf(baseUrl: string, probe: Probe, credentials: Credentials): Request {
  const token =
    probe.auth === 'user'
      ? credentials.userToken
      : probe.auth === 'wrong-key'
        ? wrongKey()
        : credentials.secretKey;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  if (probe.body !== undefined) headers['content-type'] = 'application/json';
  return new Request(`${baseUrl.replace(/\/+$/, '')}${probe.target}`, {
    method: probe.method,
    headers,
    ...(probe.body === undefined ? {} : { body: JSON.stringify(probe.body) }),
    redirect: 'manual',
  });
}

/** How long the service may take to answer one probe. */
export const PROBE_TIMEOUT_MS = 15_000;

/** The service at `baseUrl`. A failed connection rejects (the caller says it could not reach it). */
export function serviceSide(baseUrl: string, credentials: Credentials): Side {
  return async (probe) => {
    const response = await fetch(requestOf(baseUrl, probe, credentials), {
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    return readAnswer(response);
  };
}

async function callMock(mock: MockService, request: Request): Promise<Response> {
  return (await getResponse(mock.handlers, request)) ?? new Response(null, { status: 404 });
}

/**
 * The reference mock, seeded with one charge, one payout and one webhook subscription so that
 * its lists have records to compare (in-process: nothing leaves this machine).
 */
export async function mockSide(): Promise<Side> {
  const mock = createMockService();
  const credentials = { secretKey: mock.secretKey, userToken: await mock.issueUserToken() };
  const seed = async (path: string, body: unknown, auth: 'secret' | 'user' = 'secret') => {
    const probe: Probe = { name: 'seed', method: 'POST', target: path, auth, body };
    const response = await callMock(mock, requestOf(mock.baseUrl, probe, credentials));
    if (!response.ok) throw new Error(`the mock refused its seed ${path}: ${response.status}`);
  };
  await seed(endpoints.createTransaction.path, { ...example.chargeRequest, referenceId: randomUUID() });
  await seed(endpoints.createCashout.path, { ...example.payoutRequest, idempotencyKey: randomUUID() });
  await seed(endpoints.createWebhook.path, example.subscriptionRequest, 'user');
  return async (probe) => readAnswer(await callMock(mock, requestOf(mock.baseUrl, probe, credentials)));
}
