/**
 * `GET /__mock/state/copy`: a consistent copy of the kept database of a running server (which
 * holds its file in exclusive mode), streamed as application/vnd.sqlite3, holding every change
 * answered before the request, even under a burst of writes; behind the guard of every /__mock
 * route and, as it holds every secret, the sandbox's secret key; written where the server chooses
 * and gone once streamed. And its CLI wrapper, `pix-payments-mock copy-state --url URL --to FILE
 * [--secret-key KEY]` (the built CLI).
 */
import { existsSync } from 'node:fs';
import { readdir, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MockServer } from '../../src/sandbox/server/server.js';
import { CPF, caller } from '../mock/harness.js';
import { rawRequest } from '../mock/raw-http.js';
import { CLI, runCli, runCommand } from './cli-process.js';
import { sha256, sql, useKeptState } from './state-helpers.js';

const { newDir, start, stop } = useKeptState();

const COPY = '/__mock/state/copy';
/** A key of the right shape that no sandbox here has. */
const SOME_KEY = `sk_live_prod_${'Other0'.repeat(5)}ab`;
const MAGIC = 'SQLite format 3\0';

/** The temporary copies the server has left in the system's temporary folder. */
const leftCopies = async () => (await readdir(tmpdir())).filter((name) => name.startsWith('pix-state-copy-'));

/** A server on a new state file, with a few records made through the API. */
async function serverWithRecords(count: number) {
  const path = join(await newDir(), 'state.sqlite');
  const server = await start({ state: path });
  const api = caller(server.url, server.service.secretKey);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const reply = await api('POST', '/v1/integrations/create-transaction', { amount: 1 + i });
    ids.push(reply.body.transactionId);
  }
  return { server, path, api, ids };
}

/** `GET /__mock/state/copy` (or another method) with the sandbox's secret key. */
const copyOf = (server: MockServer, init: RequestInit & { headers?: Record<string, string> } = {}) =>
  fetch(`${server.url}${COPY}`, {
    ...init,
    headers: { authorization: `Bearer ${server.service.secretKey}`, ...init.headers },
  });

/** Writes a copy's bytes to a new file; answers its path. */
async function saved(bytes: Buffer): Promise<string> {
  const path = join(await newDir(), 'copy.sqlite');
  await writeFile(path, bytes);
  return path;
}

describe('GET /__mock/state/copy', () => {
  it('streams a SQLite database a sandbox starts from, with the same keys, records and balance', async () => {
    const { server, api } = await serverWithRecords(3);
    await api('POST', '/v1/integrations/create-cashout', {
      amount: 7.5,
      pixKey: CPF,
      pixKeyType: 'CPF',
      idempotencyKey: crypto.randomUUID(),
    });
    const response = await copyOf(server);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.sqlite3');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(bytes.length);
    expect(bytes.subarray(0, MAGIC.length).toString('latin1')).toBe(MAGIC);
    const copy = await saved(bytes);
    const again = await start({ state: copy });
    expect(again.service.secretKey).toBe(server.service.secretKey);
    expect(again.service.state.records()).toEqual(server.service.state.records());
    const balance = (await caller(again.url, again.service.secretKey)('GET', '/v1/integrations/balance'))
      .body;
    const { available, pending } = (await api('GET', '/v1/integrations/balance')).body;
    expect(balance).toMatchObject({ available, pending });
    expect(await leftCopies()).toEqual([]);
  });

  it('holds every change acknowledged before the request, under a burst of writes', async () => {
    const { server, api } = await serverWithRecords(0);
    const acknowledged: string[] = [];
    let writing = true;
    const workers = Array.from({ length: 16 }, async () => {
      while (writing) {
        const reply = await api('POST', '/v1/integrations/create-transaction', { amount: 1 });
        if (reply.status === 201) acknowledged.push(reply.body.transactionId);
      }
    });
    while (acknowledged.length < 150) await new Promise((done) => setTimeout(done, 5));
    const before = [...acknowledged];
    const response = await copyOf(server);
    const bytes = Buffer.from(await response.arrayBuffer());
    // The burst goes on until the copy has arrived: commits kept landing while it was made.
    const during = acknowledged.length - before.length;
    writing = false;
    await Promise.all(workers);
    expect(response.status).toBe(200);
    expect(during).toBeGreaterThan(0);
    const copied = new Set(
      sql(await saved(bytes), 'SELECT transaction_id FROM records').map((row) => row.transaction_id),
    );
    expect(before.filter((id) => !copied.has(id))).toEqual([]);
    const [{ check }] = sql(await saved(bytes), 'SELECT quick_check AS "check" FROM pragma_quick_check') as [
      { check: string },
    ];
    expect(check).toBe('ok');
  });

  it('is guarded as every /__mock route: a foreign Origin or Host is refused 403 with the key, its own origin served', async () => {
    const { server } = await serverWithRecords(1);
    const foreign = await copyOf(server, { headers: { origin: 'http://evil.example' } });
    expect([foreign.status, (await foreign.json()).code]).toEqual([403, 'FORBIDDEN_ORIGIN']);
    const rebound = await rawRequest(
      server.url,
      `GET ${COPY} HTTP/1.1\r\nHost: evil.example:${new URL(server.url).port}\r\nAuthorization: Bearer ${server.service.secretKey}\r\n\r\n`,
    );
    expect([rebound.status, JSON.parse(rebound.body).code]).toEqual([403, 'FORBIDDEN_HOST']);
    expect(rebound.headers['content-type']).toBe('application/json');
    // The server's own pages and clients without an Origin get it.
    const own = await copyOf(server, { headers: { origin: server.url } });
    expect([own.status, own.headers.get('content-type')]).toEqual([200, 'application/vnd.sqlite3']);
    await own.arrayBuffer();
    expect(await leftCopies()).toEqual([]);
  });

  it('asks for the secret key: 401 UNAUTHENTICATED with WWW-Authenticate, on GET and HEAD, and copies nothing', async () => {
    const { server } = await serverWithRecords(1);
    const other = await start({});
    const userToken = await server.service.issueUserToken();
    for (const authorization of [
      undefined,
      `Basic ${btoa(`user:${server.service.secretKey}`)}`,
      `Bearer ${SOME_KEY}`,
      `Bearer ${other.service.secretKey}`,
      `Bearer ${server.service.publicKey}`,
      `Bearer ${userToken}`,
      `Bearer ${server.service.secretKey}x`,
      `${server.service.secretKey}`,
    ]) {
      const headers = authorization === undefined ? {} : { authorization };
      const response = await fetch(`${server.url}${COPY}`, { headers });
      const body = await response.text();
      expect([response.status, response.headers.get('www-authenticate')], authorization).toEqual([
        401,
        'Bearer',
      ]);
      expect(JSON.parse(body)).toMatchObject({ code: 'UNAUTHENTICATED' });
      expect(JSON.parse(body).message).toMatch(
        /Authorization: Bearer <its secret key>.*copy-state --secret-key KEY, or PIX_PAYMENTS_SECRET_KEY/,
      );
      expect(body).not.toContain(server.service.secretKey);
      const head = await fetch(`${server.url}${COPY}`, { method: 'HEAD', headers });
      expect([head.status, await head.text()]).toEqual([401, '']);
    }
    expect(await leftCopies()).toEqual([]);
    const right = await copyOf(server);
    expect(right.status).toBe(200);
    await right.arrayBuffer();
  });

  it('asks for the key before it says a server keeps no state', async () => {
    const server = await start({});
    const response = await fetch(`${server.url}${COPY}`);
    expect([response.status, (await response.json()).code]).toEqual([401, 'UNAUTHENTICATED']);
  });

  it('takes no path from the request: a query or another method writes nowhere', async () => {
    const { server } = await serverWithRecords(1);
    const dir = await newDir();
    const target = join(dir, 'stolen.sqlite');
    const withQuery = await fetch(`${server.url}${COPY}?to=${encodeURIComponent(target)}`, {
      headers: { authorization: `Bearer ${server.service.secretKey}` },
    });
    expect(withQuery.status).toBe(200);
    await withQuery.arrayBuffer();
    const post = await fetch(`${server.url}${COPY}`, {
      method: 'POST',
      body: JSON.stringify({ to: target }),
    });
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD, OPTIONS']);
    expect(await readdir(dir)).toEqual([]);
  });

  it('answers HEAD with the headers of a copy and no body, making none', async () => {
    const { server } = await serverWithRecords(1);
    const response = await copyOf(server, { method: 'HEAD' });
    expect([response.status, response.headers.get('content-type')]).toEqual([200, 'application/vnd.sqlite3']);
    expect(await response.text()).toBe('');
    expect(await leftCopies()).toEqual([]);
  });

  it('leaves no temporary file when the client goes away mid-stream', async () => {
    const { server, api } = await serverWithRecords(0);
    // Enough records for a copy larger than one read.
    await Promise.all(
      Array.from({ length: 300 }, () =>
        api('POST', '/v1/integrations/create-transaction', { amount: 1, description: 'x'.repeat(250) }),
      ),
    );
    const controller = new AbortController();
    const response = await copyOf(server, { signal: controller.signal });
    const reader = response.body?.getReader();
    await reader?.read();
    controller.abort();
    expect(await leftCopies()).toEqual([]);
    // The server goes on serving.
    expect((await copyOf(server)).status).toBe(200);
  });

  it('is a 404 that says why on a server that keeps no state', async () => {
    const server = await start({});
    const response = await copyOf(server);
    const body = await response.json();
    expect([response.status, body.code]).toEqual([404, 'NOT_FOUND']);
    expect(body.message).toMatch(/keeps its state in memory only \(it was started without --state\)/);
  });
});

describe('pix-payments-mock copy-state', () => {
  it('writes the copy to a new file, owner-only, and says where in one line', async () => {
    const { server, ids } = await serverWithRecords(2);
    const to = join(await newDir(), 'backup.sqlite');
    const key = server.service.secretKey;
    const { code, out, err } = await runCli(
      'copy-state',
      '--url',
      server.url,
      '--to',
      to,
      '--secret-key',
      key,
    );
    expect([code, err]).toEqual([0, '']);
    expect(out.trimEnd().split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(`^Copied the kept state of ${server.url} to .*backup\\.sqlite \\(\\d+ bytes\\)$`),
      ),
    ]);
    expect((await stat(to)).mode & 0o777).toBe(0o600);
    expect(
      sql(to, 'SELECT transaction_id FROM records ORDER BY id').map((row) => row.transaction_id),
    ).toEqual(ids);
    expect(await readdir(join(to, '..'))).toEqual(['backup.sqlite']);
    await stop(server);
  });

  it('never overwrites a file: exit code 1, one line, the file as it was', async () => {
    const { server } = await serverWithRecords(1);
    const to = join(await newDir(), 'precious.txt');
    await writeFile(to, 'keep me');
    const before = await sha256(to);
    const key = server.service.secretKey;
    const { code, err } = await runCli('copy-state', '--url', server.url, '--to', to, '--secret-key', key);
    expect(code).toBe(1);
    expect(err.trimEnd().split('\n')).toEqual([
      `pix-payments-mock: ${to} exists already: name a new file (a copy never overwrites one)`,
    ]);
    expect(await sha256(to)).toBe(before);
  });

  it('says why a sandbox without --state has no copy, and writes nothing', async () => {
    const server = await start({});
    const to = join(await newDir(), 'copy.sqlite');
    const key = server.service.secretKey;
    const { code, err } = await runCli('copy-state', '--url', server.url, '--to', to, '--secret-key', key);
    expect(code).toBe(1);
    expect(err).toMatch(
      /^pix-payments-mock: The sandbox at .* refused the copy \(404: This server keeps its state in memory only/,
    );
    expect(existsSync(to)).toBe(false);
    expect(await readdir(join(to, '..'))).toEqual([]);
  });

  it('sends the key of PIX_PAYMENTS_SECRET_KEY when --secret-key is not given', async () => {
    const { server } = await serverWithRecords(1);
    const to = join(await newDir(), 'backup.sqlite');
    const withEnv = (key: string, file: string) =>
      runCommand(process.execPath, [CLI, 'copy-state', '--url', server.url, '--to', file], {
        env: { PIX_PAYMENTS_SECRET_KEY: key },
      });
    const { code, err } = await withEnv(server.service.secretKey, to);
    expect([code, err]).toEqual([0, '']);
    expect(sql(to, 'SELECT count(*) AS n FROM records')).toEqual([{ n: 1 }]);
    // The variable's key is the one sent: another is refused by the sandbox.
    const refused = await withEnv(SOME_KEY, join(await newDir(), 'other.sqlite'));
    expect([refused.code, refused.err]).toEqual([1, expect.stringMatching(/refused the copy \(401: /)]);
  });

  it('--secret-key wins over PIX_PAYMENTS_SECRET_KEY', async () => {
    const { server } = await serverWithRecords(1);
    const to = join(await newDir(), 'backup.sqlite');
    const args = [
      CLI,
      'copy-state',
      '--url',
      server.url,
      '--to',
      to,
      '--secret-key',
      server.service.secretKey,
    ];
    const { code } = await runCommand(process.execPath, args, { env: { PIX_PAYMENTS_SECRET_KEY: SOME_KEY } });
    expect(code).toBe(0);
  });

  it('without a key: exit code 2, one line naming both ways to give it, and nothing asked or written', async () => {
    const to = join(await newDir(), 'copy.sqlite');
    const { code, out, err } = await runCommand(
      process.execPath,
      [CLI, 'copy-state', '--url', 'http://127.0.0.1:1', '--to', to],
      { env: { PIX_PAYMENTS_SECRET_KEY: '' } },
    );
    expect([code, out]).toEqual([2, '']);
    expect(err.trimEnd()).toBe(
      "pix-payments-mock: copy-state needs the sandbox's secret key (the copy holds every secret): --secret-key KEY, or PIX_PAYMENTS_SECRET_KEY (see --help)",
    );
    expect(existsSync(to)).toBe(false);
  });

  it('refuses a key of another shape in one line naming where it came from, without echoing it', async () => {
    const typo = `sk_live_prod_${'a'.repeat(31)}`;
    const fromFlag = await runCli(
      'copy-state',
      '--url',
      'http://127.0.0.1:1',
      '--to',
      'x.sqlite',
      '--secret-key',
      typo,
    );
    expect([fromFlag.code, fromFlag.err.trimEnd()]).toEqual([
      2,
      'pix-payments-mock: --secret-key must be sk_live_prod_ followed by 32 letters or digits, got 31 characters after sk_live_prod_: 1 more needed (see --help)',
    ]);
    const fromEnv = await runCommand(
      process.execPath,
      [CLI, 'copy-state', '--url', 'http://127.0.0.1:1', '--to', 'x.sqlite'],
      {
        env: { PIX_PAYMENTS_SECRET_KEY: `${typo}bc` },
      },
    );
    expect(fromEnv.err).toMatch(
      /^pix-payments-mock: PIX_PAYMENTS_SECRET_KEY must be sk_live_prod_ .* got 33 characters after sk_live_prod_: 1 too many/,
    );
    expect(fromEnv.err).not.toContain(typo);
  });

  it('says the sandbox refused another key (exit code 1, its 401 message), and writes nothing', async () => {
    const { server } = await serverWithRecords(1);
    const to = join(await newDir(), 'copy.sqlite');
    const { code, err } = await runCli(
      'copy-state',
      '--url',
      server.url,
      '--to',
      to,
      '--secret-key',
      SOME_KEY,
    );
    expect(code).toBe(1);
    expect(err.trimEnd()).toMatch(
      /^pix-payments-mock: The sandbox at .* refused the copy \(401: Not the secret key of this sandbox; .*\)$/,
    );
    expect(err).not.toContain(SOME_KEY);
    expect(await readdir(join(to, '..'))).toEqual([]);
  });

  it.each([
    [['copy-state', '--to', 'x.sqlite'], /copy-state needs --url/],
    [['copy-state', '--url', 'http://127.0.0.1:1'], /copy-state needs --to/],
    [
      ['copy-state', '--url', 'file:///etc/passwd', '--to', 'x.sqlite'],
      /--url must be an http:\/\/ or https:\/\/ URL/,
    ],
    [['copy-state', '--url', 'http://127.0.0.1:1', '--to', 'x.sqlite', '--nope'], /Unknown option '--nope'/],
  ])('refuses %j in one line, exit code 2', async (args, message) => {
    const { code, out, err } = await runCli(...args);
    expect([code, out]).toEqual([2, '']);
    const lines = err.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
    expect(lines[0]).toMatch(/\(see --help\)$/);
  });

  it('is listed by --help, and explains itself with copy-state --help', async () => {
    const main = await runCli('--help');
    expect(main.out).toMatch(/^ {7}pix-payments-mock copy-state --url URL --to FILE \[--secret-key KEY\]$/m);
    const own = await runCli('copy-state', '--help');
    expect(own.code).toBe(0);
    expect(own.out).toMatch(/--url URL/);
    expect(own.out).toMatch(/--to FILE .*never overwritten/);
    expect(own.out.replace(/\s+/g, ' ')).toMatch(
      /--secret-key KEY .*\(default: the environment variable PIX_PAYMENTS_SECRET_KEY\)/,
    );
  });

  it('refuses an answer that is not a database, and writes nothing', async () => {
    const to = join(await newDir(), 'copy.sqlite');
    const other = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>hi</h1>'),
    );
    await new Promise<void>((done) => other.listen(0, '127.0.0.1', done));
    try {
      const url = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
      const { code, err } = await runCli('copy-state', '--url', url, '--to', to, '--secret-key', SOME_KEY);
      expect(code).toBe(1);
      expect(err.trimEnd()).toBe(
        `pix-payments-mock: ${url} did not answer with a database: is it a pix-payments sandbox?`,
      );
      expect(await readdir(join(to, '..'))).toEqual([]);
    } finally {
      await new Promise((done) => other.close(done));
    }
  });
});
