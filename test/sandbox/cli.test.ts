/** pix-payments-mock, the built CLI: flags, banner, keys, manual approval and --forward-to. */
import { execFileSync } from 'node:child_process';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jwtVerify } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI_OPTIONS } from '../../src/sandbox/cli/cli-flags.js';
import { WEBHOOK_EVENT_NAMES } from '../../src/schemas/event-names.js';
import { CPF, caller } from '../mock/harness.js';
import { runCli, useCli } from './cli-process.js';

// The built webhook helpers, typed as the source (the type check runs before the build in CI).
type Webhooks = typeof import('../../src/webhooks/index.js');
const WEBHOOKS_BUILD = 'pix-payments/webhooks';
const { constructWebhookEvent } = (await import(WEBHOOKS_BUILD)) as Webhooks;

const SECRET_KEY = `sk_live_prod_${'Sandb0x'.repeat(4)}abcd`;
const PUBLIC_KEY = `pk_live_prod_${'Publ1c'.repeat(5)}ab`;
const JWT_SECRET = 'a-jwt-secret-of-at-least-32-characters';

const startCli = useCli();
const eventually = async <T>(read: () => Promise<T> | T, done: (value: T) => boolean, ms = 5000) => {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

describe('pix-payments-mock: a bad value is one line on stderr and exit code 2', () => {
  it.concurrent.each([
    [['--port', '99999'], /^pix-payments-mock: --port must be an integer from 0 to 65535, got "99999"/],
    [['--port', 'x'], /--port must be an integer/],
    [['--host='], /--host must not be empty/],
    [
      ['--secret-key', 'sk_live_prod_short'],
      /--secret-key must be sk_live_prod_ followed by 32 .*got 5 characters after sk_live_prod_: 27 more needed/,
    ],
    [['--allowed-hosts', 'http://qa.example'], /--allowed-hosts takes names separated by commas, or all/],
    [['--secret-key', PUBLIC_KEY], /--secret-key must be the secret key .*got a public key/],
    [['--public-key', SECRET_KEY], /--public-key must be the public key .*got a secret key/],
    [['--jwt-secret', 'short'], /--jwt-secret must be at least 32 characters/],
    [['--manual-approval=yes'], /--manual-approval/],
    [['--answers', 'nope'], /--answers must be reference or varied/],
    [['--seed', 'x'], /--seed must be an integer/],
    [['--forward-to', 'localhost:3000/hook'], /--forward-to must be an http:\/\/ or https:\/\/ URL/],
    [['--nope'], /Unknown option '--nope'/],
  ])('%j', async (args, message) => {
    const { code, out, err } = await runCli(...args);
    expect(code).toBe(2);
    expect(out).toBe('');
    const lines = err.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
    expect(lines[0]).toMatch(/\(see --help\)$/);
  });

  it('never echoes a refused secret key', async () => {
    const typo = `sk_live_prod_${'x'.repeat(31)}`;
    const { code, err } = await runCli('--secret-key', typo);
    expect(code).toBe(2);
    expect(err).not.toContain(typo);
  });
});

describe('pix-payments-mock --help', () => {
  it('lists every flag with its default, and exits 0', async () => {
    const { code, out } = await runCli('--help');
    expect(code).toBe(0);
    // One entry per flag: its line and the indented lines that continue it.
    const entries = new Map(
      out
        .split(/\n(?= {2}--)/)
        .slice(1)
        .map((entry) => [/^ {2}--([\w-]+)/.exec(entry)?.[1] as string, entry.replace(/\s+/g, ' ')]),
    );
    for (const [flag, spec] of Object.entries(CLI_OPTIONS)) {
      const entry = entries.get(flag);
      expect(entry, `--${flag} is listed`).toBeDefined();
      if ('default' in spec && typeof spec.default === 'string') {
        expect(entry).toContain(`(default ${spec.default})`);
      } else if ('default' in spec && spec.default === false) {
        expect(entry).toContain('(default: off');
      } else {
        expect(entry).toMatch(/\(default: /);
      }
    }
    expect(entries.get('state')).toMatch(/^ --state FILE .*\(default: in memory only\)/);
  });
});

describe('pix-payments-mock keys', () => {
  it('serves with the keys and JWT secret given, and refuses the public key with 403', async () => {
    const cli = await startCli(
      '--secret-key',
      SECRET_KEY,
      '--public-key',
      PUBLIC_KEY,
      '--jwt-secret',
      JWT_SECRET,
    );
    expect([cli.secretKey, cli.publicKey]).toEqual([SECRET_KEY, PUBLIC_KEY]);
    expect((await caller(cli.url, SECRET_KEY)('GET', '/v1/integrations/balance')).status).toBe(200);
    const refused = await caller(cli.url, PUBLIC_KEY)('GET', '/v1/integrations/balance');
    expect([refused.status, refused.body.code]).toEqual([403, 'FORBIDDEN']);
    // The banner's user token is signed with --jwt-secret, and the service takes it.
    const { payload } = await jwtVerify(cli.userToken, new TextEncoder().encode(JWT_SECRET));
    expect(payload.sub).toBe('merchant_1');
    expect((await caller(cli.url, cli.userToken)('GET', '/v1/user/webhooks')).status).toBe(200);
  });

  it('prints the dashboard and curl commands that work as pasted, the 403 one included', async () => {
    const cli = await startCli();
    expect(cli.secretKey).toMatch(/^sk_live_prod_[A-Za-z0-9]{32}$/);
    expect(cli.publicKey).toMatch(/^pk_live_prod_[A-Za-z0-9]{32}$/);
    expect(cli.banner).toContain(`Dashboard    ${cli.url}/\n`);
    expect(cli.banner).toContain(
      `curl -s -i ${cli.url}/v1/integrations/balance -H "Authorization: Bearer ${cli.publicKey}"`,
    );
    // Every command without a placeholder, run as a user would paste it.
    const commands = cli.banner
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.startsWith('curl ') && !line.includes('<'));
    const outputs = commands.map((command) => execFileSync('bash', ['-c', command], { encoding: 'utf8' }));
    expect(outputs).toEqual([
      expect.stringMatching(/^\{"available":10000,/),
      expect.stringMatching(/"status":"PENDING","type":"CASHIN"/),
      expect.stringMatching(/"status":"PENDING","type":"CASHOUT"/),
      expect.stringMatching(/^HTTP\/1\.1 403 [\s\S]*"code":"FORBIDDEN"/),
      expect.stringMatching(/^\{"data":\[\]\}$/),
    ]);
  });
});

describe('pix-payments-mock --allowed-hosts', () => {
  const state = (url: string, host: string) => {
    const { port } = new URL(url);
    return new Promise<number>((resolve, reject) => {
      const outgoing = request(
        { host: '127.0.0.1', port, path: '/__mock/state', headers: { host }, agent: false },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      outgoing.on('error', reject);
      outgoing.end();
    });
  };

  it('answers the names given on the control routes, and still refuses a rebound one (403)', async () => {
    const cli = await startCli('--host', '0.0.0.0', '--allowed-hosts', 'sandbox.qa.example,.team.example');
    expect(cli.banner).toContain('  Also serves  sandbox.qa.example, .team.example too (--allowed-hosts)\n');
    expect(await state(cli.url, 'sandbox.qa.example')).toBe(200);
    expect(await state(cli.url, 'pix.team.example:8443')).toBe(200);
    expect(await state(cli.url, `rebind.evil.example:${new URL(cli.url).port}`)).toBe(403);
  });

  it('without it, a server on every interface refuses a DNS name on its control routes', async () => {
    const cli = await startCli('--host', '0.0.0.0');
    expect(cli.banner).not.toContain('Also serves');
    expect(await state(cli.url, `sandbox.qa.example:${new URL(cli.url).port}`)).toBe(403);
    expect(await state(cli.url, `127.0.0.1:${new URL(cli.url).port}`)).toBe(200);
  });
});

describe('pix-payments-mock --manual-approval', () => {
  const payout = async (url: string, key: string) => {
    const api = caller(url, key);
    const created = await api('POST', '/v1/integrations/create-cashout', {
      amount: 10,
      pixKey: CPF,
      pixKeyType: 'CPF',
    });
    expect(created.status).toBe(201);
    // Answered by now when processed at once: the answer goes out first, then the processing.
    await new Promise((resolve) => setTimeout(resolve, 150));
    return {
      api,
      created: created.body,
      now: await api('GET', `/v1/integrations/cashout/${created.body.transactionId}`),
    };
  };

  it('keeps payouts PENDING until approve-cashout', async () => {
    const cli = await startCli('--manual-approval');
    expect(cli.banner).toMatch(/Payouts +wait for approve-cashout/);
    expect(cli.banner).toContain('/v1/integrations/approve-cashout');
    const { api, created, now } = await payout(cli.url, cli.secretKey);
    expect(now.body.status).toBe('PENDING');
    const approved = await api('POST', '/v1/integrations/approve-cashout', { id: created.id });
    expect(approved.status).toBe(200);
    const done = await eventually(
      () => api('GET', `/v1/integrations/cashout/${created.transactionId}`),
      (reply) => reply.body.status === 'COMPLETED',
    );
    expect(done.body.status).toBe('COMPLETED');
  });

  it('without it, processes payouts at once', async () => {
    const cli = await startCli();
    expect(cli.banner).toMatch(/Payouts +processed at once/);
    const { now } = await payout(cli.url, cli.secretKey);
    expect(now.body.status).toBe('COMPLETED');
  });
});

describe('pix-payments-mock --forward-to', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
  });

  /** A local app: answers its first delivery 500, then verifies each with the printed secret. */
  async function localApp(secret: () => string) {
    const verified: { event: string; status: string }[] = [];
    const refused: string[] = [];
    let first = true;
    const server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      if (first) {
        first = false;
        res.writeHead(500).end();
        return;
      }
      try {
        const event = await constructWebhookEvent(Buffer.concat(chunks), req.headers, secret());
        verified.push({ event: event.event, status: 'status' in event.data ? event.data.status : '' });
        res.writeHead(204).end();
      } catch (error) {
        refused.push((error as Error).message);
        res.writeHead(400).end();
      }
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    closers.push(() => new Promise((done) => server.close(() => done())));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`, verified, refused };
  }

  it('subscribes the URL to every event, prints the secret, and delivers signed events with retries', async () => {
    let secret = '';
    const app = await localApp(() => secret);
    const cli = await startCli('--forward-to', app.url);
    secret = cli.signingSecret as string;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9]{32}$/);
    expect(cli.banner).toMatch(new RegExp(`Forwarding +every event to ${app.url}`));

    const subscriptions = await caller(cli.url, cli.userToken)('GET', '/v1/user/webhooks');
    expect(subscriptions.body.data).toEqual([
      expect.objectContaining({ url: app.url, status: 'ACTIVE', events: [...WEBHOOK_EVENT_NAMES] }),
    ]);

    const api = caller(cli.url, cli.secretKey);
    const charge = await api('POST', '/v1/integrations/create-transaction', { amount: 19.9 });
    expect((await caller(cli.url)('POST', `/__mock/charges/${charge.body.transactionId}/pay`)).status).toBe(
      200,
    );
    // transaction.created is answered 500 first, retried (after 1 s), then verified.
    await eventually(
      () => app.verified,
      (events) => events.length >= 2,
    );
    expect(app.verified).toEqual([
      { event: 'transaction.created', status: 'PENDING' },
      { event: 'transaction.completed', status: 'COMPLETED' },
    ]);
    expect(app.refused).toEqual([]);
  });
});
