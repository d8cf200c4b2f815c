/** Servers a parity run meets: the sandbox seeded with records, and small servers that misbehave. */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { wrapList, wrapSingle } from '../../src/mock/varied/varied-envelopes.js';
import {
  type RecordStyle,
  varyBalance,
  varySubscription,
  varyTransaction,
  type WireRecord,
} from '../../src/mock/varied/varied-records.js';
import * as example from '../../src/openapi/examples.js';
import { runParityCommand } from '../../src/sandbox/cli/cli-parity.js';
import { type AnswerShapes, readRecording, shapesOf } from '../../src/sandbox/parity/reshape.js';
import { startMockServer } from '../../src/sandbox/server/server.js';

/** A sandbox with one charge, one payout and one subscription, and its credentials. */
export async function seededSandbox(options: { answers?: 'reference' | 'varied'; seed?: number } = {}) {
  const server = await startMockServer(options);
  const secretKey = server.service.secretKey;
  const userToken = await server.service.issueUserToken();
  await seed(server.url, secretKey, userToken);
  return {
    url: server.url,
    secretKey,
    userToken,
    /** What the varied mode changed in each answer so far (src/mock/varied/varied-answers.ts). */
    varied: () => server.service.varied,
    close: () => server.close(),
  };
}

/** Makes one charge, one payout and one subscription at `url`. */
export async function seed(url: string, secretKey: string, userToken: string) {
  const post = async (path: string, body: unknown, token: string) => {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`seed ${path}: ${response.status}`);
  };
  await post(
    '/v1/integrations/create-transaction',
    { ...example.chargeRequest, referenceId: randomUUID() },
    secretKey,
  );
  await post(
    '/v1/integrations/create-cashout',
    { ...example.payoutRequest, idempotencyKey: randomUUID() },
    secretKey,
  );
  await post('/v1/user/webhooks', example.subscriptionRequest, userToken);
}

/** A local HTTP server answering every request with `answer`; resolves to its URL and close(). */
export async function answeringServer(answer: (request: IncomingMessage, response: ServerResponse) => void) {
  const server = createServer(answer);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** The URL of a port nothing listens on (taken, then freed). */
export async function downUrl(): Promise<string> {
  const server = await answeringServer(() => undefined);
  await server.close();
  return server.url;
}

/** Answers 401 to everything, as a service refusing the key does. */
export const refusing = () =>
  answeringServer((_, response) => {
    response.writeHead(401, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ message: 'Unauthenticated.', code: 'UNAUTHORIZED' }));
  });

/** Answers an HTML page to everything, as a proxy or a login page does. */
export const html = () =>
  answeringServer((_, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>Sign in</title><p>Please sign in');
  });

/** Echoes the Authorization header back, in a field name, a value and a header: a leak to catch. */
export const echoing = () =>
  answeringServer((request, response) => {
    const credential = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
    response.writeHead(200, { 'content-type': 'application/json', 'x-request-id': credential });
    response.end(
      JSON.stringify({ [credential]: credential, data: [{ [credential]: 1, token: credential }] }),
    );
  });

/** A cashout as the approve-cashout doc page shows it: with the gateway's own fields. */
const asGatewayRecord = (record: Record<string, unknown>) => ({
  ...record,
  gatewayId: `gw_${'0a'.repeat(12)}`,
  balanceImpact: true,
  settlementMode: 'INSTANT',
});

/**
 * A service answering as the two public doc pages show: the sandbox's answers, but
 * create-transaction's amount written with three decimals, and every cashout with the gateway's
 * `gatewayId`, `balanceImpact` and `settlementMode`.
 */
export function asTheDocPages(sandbox: { url: string }) {
  return rewriting(sandbox, (url, body) => {
    if (url.pathname.endsWith('/create-transaction')) return { ...(body as object), amount: 0.015 };
    if (!url.pathname.includes('/cashout')) return body;
    const page = body as { data?: Record<string, unknown>[] } & Record<string, unknown>;
    return Array.isArray(page.data)
      ? { ...page, data: page.data.map(asGatewayRecord) }
      : asGatewayRecord(page);
  });
}

/** How a Laravel service may write every answer, one style throughout (src/mock/varied's forms). */
const LARAVEL: RecordStyle = {
  money: 'fixed',
  legacyIdAsString: true,
  dates: { offset: '-03:00', fraction: 'micros' },
  nulls: false,
  extra: { deletedAt: null },
};

/** A service over the sandbox answering as a Laravel app would: paginators, `{ data }`, strings. */
export function laravelService(sandbox: { url: string }) {
  return rewriting(sandbox, (url, body) => {
    const write = url.pathname.startsWith('/v1/user/') ? varySubscription : varyTransaction;
    if (url.pathname.endsWith('/balance'))
      return wrapSingle('data', varyBalance(body as WireRecord, LARAVEL));
    const page = body as WireRecord;
    if (Array.isArray(page.data)) {
      const items = page.data.map((item) =>
        typeof item === 'object' ? write(item as WireRecord, LARAVEL) : item,
      );
      return wrapList('paginator', items, page, url);
    }
    return wrapSingle('data', write(page, LARAVEL));
  });
}

/** A server in front of the sandbox writing each successful JSON answer anew. */
function rewriting(sandbox: { url: string }, rewrite: (url: URL, body: unknown) => unknown) {
  return answeringServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const url = new URL(request.url ?? '/', sandbox.url);
      const headers = new Headers();
      for (const name of ['authorization', 'content-type', 'accept'])
        if (request.headers[name] !== undefined) headers.set(name, String(request.headers[name]));
      const body = chunks.length === 0 ? undefined : Buffer.concat(chunks);
      const answer = await fetch(url, {
        method: request.method ?? 'GET',
        headers,
        ...(body === undefined ? {} : { body }),
      });
      let text = await answer.text();
      if (answer.ok && text !== '') text = JSON.stringify(rewrite(url, JSON.parse(text)));
      const out: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (name !== 'content-length' && name !== 'transfer-encoding') out[name] = value;
      });
      response.writeHead(answer.status, out);
      response.end(text);
    });
  });
}

/** The parity command's flags for a service at `url`, with the seeded sandbox's credentials. */
export const credentialArgs = (url: string, sandbox: { secretKey: string; userToken: string }) => [
  '--base-url',
  url,
  '--secret-key',
  sandbox.secretKey,
  '--user-token',
  sandbox.userToken,
];

/**
 * The shapes `--answers-from FILE` reads, from a recording made as a merchant makes one:
 * `parity --allow-charges --record FILE` against a Laravel-style service (`file` is written).
 */
export async function laravelRecording(file: string): Promise<AnswerShapes> {
  const sandbox = await seededSandbox();
  const service = await laravelService(sandbox);
  const log = console.log;
  console.log = () => undefined;
  try {
    const args = credentialArgs(service.url, sandbox);
    const code = await runParityCommand([...args, '--allow-charges', '--record', file]);
    if (code !== 1) throw new Error(`parity --record exited ${code}, not 1 (the Laravel shapes differ)`);
  } finally {
    console.log = log;
    await service.close();
    await sandbox.close();
  }
  return shapesOf(readRecording(file));
}
