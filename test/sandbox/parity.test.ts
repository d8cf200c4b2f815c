/** `pix-payments-mock parity` in-process: what a run finds against the sandbox and odd servers. */
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRANSACTION_MONEY_FIELDS } from '../../src/endpoints.js';
import { runParityCommand } from '../../src/sandbox/cli/cli-parity.js';
import { ParityRefused, runParity } from '../../src/sandbox/parity/run.js';
import { asTheDocPages, downUrl, echoing, html, refusing, seededSandbox } from './parity-servers.js';

const KEY = `sk_live_prod_${'a1'.repeat(16)}`;

/**
 * What the varied mode may change (src/mock/varied/): envelopes (a bare record or `{ data }`; a
 * list as `{ data, meta }`, a resource collection, Laravel's paginator or a bare array), money as
 * strings, date-times in other zones, the legacy id as a string, an unknown field added. The
 * varied mode does not report what it drew, so a divergence must name one of these.
 */
const VARIED = new Set([
  '$',
  'data',
  'meta',
  'links',
  ...['current_page', 'first_page_url', 'from', 'last_page', 'last_page_url', 'next_page_url'],
  ...['path', 'per_page', 'prev_page_url', 'to', 'total'],
  ...TRANSACTION_MONEY_FIELDS,
  'available',
  'pending',
  ...['transactionDate', 'paidAt', 'createdAt', 'updatedAt'],
  'id',
  ...['deletedAt', 'userId', 'metadata', 'sandbox'],
]);
const lastName = (path: string) => path.replace(/\[\]/g, '').split('.').at(-1) as string;

/** Runs the CLI's command in-process; answers its exit code and what it printed. */
async function parityCommand(...args: string[]) {
  const printed: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((text: string) => void printed.push(text));
  const error = vi.spyOn(console, 'error').mockImplementation((text: string) => void printed.push(text));
  try {
    return { code: await runParityCommand(args), out: printed.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

const closing: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

describe('parity against the sandbox', () => {
  it('finds no divergence, every probe compared, in under 10 s', async () => {
    const sandbox = await seededSandbox();
    closing.push(sandbox.close);
    const started = performance.now();
    const report = await runParity({
      baseUrl: sandbox.url,
      secretKey: sandbox.secretKey,
      userToken: sandbox.userToken,
    });
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(report.probes.flatMap((probe) => probe.divergences)).toEqual([]);
    expect(report.summary).toEqual({ probes: 10, compared: 10, same: 10, differs: 0, notCompared: 0 });
  });

  it('says "not compared" of an empty list, never "same", and exits 0', async () => {
    const sandbox = await seededSandbox();
    closing.push(sandbox.close);
    const { code, out } = await parityCommand('--base-url', sandbox.url, '--secret-key', sandbox.secretKey);
    const fresh = await import('../../src/sandbox/server/server.js').then(({ startMockServer }) =>
      startMockServer(),
    );
    closing.push(fresh.close);
    const empty = await runParity({ baseUrl: fresh.url, secretKey: fresh.service.secretKey });
    expect(code).toBe(0);
    expect(out).toMatch(/^ {2}same +balance +GET \/v1\/integrations\/balance$/m);
    const transactions = empty.probes.find((probe) => probe.name === 'transactions');
    expect(transactions).toMatchObject({ outcome: 'not compared', reason: "the service's list is empty" });
    expect(empty.summary.notCompared).toBe(4);
    expect(empty.summary.compared).toBe(empty.summary.same);
  });

  it.each([1, 2, 3, 4])('lists only fields the varied mode changes (seed %i)', async (seed) => {
    const sandbox = await seededSandbox({ answers: 'varied', seed });
    closing.push(sandbox.close);
    const report = await runParity({
      baseUrl: sandbox.url,
      secretKey: sandbox.secretKey,
      userToken: sandbox.userToken,
    });
    const paths = report.probes.flatMap((probe) => {
      // A record under `data` where the mock's is bare: its fields are all on one side only.
      const wrapped = probe.divergences.some((divergence) => divergence.path === '$.data');
      const enveloped = (path: string) => wrapped && /^\$\.\w+$/.test(path);
      return probe.divergences.map(({ path }) => ({
        path,
        varied: VARIED.has(lastName(path)) || enveloped(path),
      }));
    });
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.filter(({ path, varied }) => !path.startsWith('$') || !varied)).toEqual([]);
    // Errors are never varied: the 404s and the 401 stay the same.
    const errors = report.probes.filter(
      (probe) => probe.name.startsWith('unknown') || probe.name === 'wrong key',
    );
    expect(errors.map((probe) => probe.outcome)).toEqual(['same', 'same', 'same']);
  });
});

describe('parity with --allow-charges', () => {
  it('finds no divergence against the sandbox: a 422, a charge, its replay, both read back', async () => {
    const sandbox = await seededSandbox();
    closing.push(sandbox.close);
    const statuses: Record<string, [number, number]> = {};
    const report = await runParity({
      baseUrl: sandbox.url,
      secretKey: sandbox.secretKey,
      allowCharges: true,
      onAnswers: (probe, service, mock) => {
        statuses[probe.name] = [service.status, mock.status];
      },
    });
    expect(report.probes.flatMap((probe) => probe.divergences)).toEqual([]);
    expect(statuses).toMatchObject({
      'invalid charge': [422, 422],
      'charge 0.01': [201, 201],
      'charge 0.01 again': [200, 200],
      'charge read back': [200, 200],
      'charge again read back': [200, 200],
    });
    // Never a payout: only create-transaction is POSTed.
    expect(report.probes.filter((probe) => probe.method !== 'GET').map((probe) => probe.target)).toEqual([
      '/v1/integrations/create-transaction',
      '/v1/integrations/create-transaction',
      '/v1/integrations/create-transaction',
    ]);
  });

  it("lists what the public doc pages show: three decimals, the gateway's cashout fields", async () => {
    const sandbox = await seededSandbox();
    closing.push(sandbox.close);
    const service = await asTheDocPages(sandbox);
    closing.push(service.close);
    const report = await runParity({
      baseUrl: service.url,
      secretKey: sandbox.secretKey,
      allowCharges: true,
    });
    const listed = report.probes.flatMap((probe) =>
      probe.divergences.map(({ path, service, mock }) => `${probe.name} ${path}: ${service} / ${mock}`),
    );
    const threeDecimals = 'amount as number (3 decimals) / amount as number (≤2 decimals)';
    const gateway = (probe: string) => [
      `${probe} $.data[].balanceImpact: boolean / absent`,
      `${probe} $.data[].gatewayId: string / absent`,
      `${probe} $.data[].settlementMode: string / absent`,
    ];
    expect(listed).toEqual([
      ...gateway('cashouts'),
      ...gateway('cashouts (filtered)'),
      `charge 0.01 $.amount: ${threeDecimals}`,
      `charge 0.01 again $.amount: ${threeDecimals}`,
    ]);
  });
});

describe('parity against a service it cannot compare with', () => {
  it('exits 2 with one line when the service is down', async () => {
    const url = await downUrl();
    const { code, out } = await parityCommand('--base-url', url, '--secret-key', KEY);
    expect(code).toBe(2);
    expect(out).toBe(`pix-payments-mock parity: cannot reach ${url}: ECONNREFUSED`);
  });

  it('exits 2 with one line when the service answers 401 to the key', async () => {
    const server = await refusing();
    closing.push(server.close);
    const { code, out } = await parityCommand('--base-url', server.url, '--secret-key', KEY);
    expect(code).toBe(2);
    expect(out).toBe(
      'pix-payments-mock parity: the service refused the secret key (401 to GET /v1/integrations/balance): nothing could be compared',
    );
    await expect(runParity({ baseUrl: server.url, secretKey: KEY })).rejects.toBeInstanceOf(ParityRefused);
  });

  it('exits 1 when the service answers HTML, and says so', async () => {
    const server = await html();
    closing.push(server.close);
    const { code, out } = await parityCommand('--base-url', server.url, '--secret-key', KEY);
    expect(code).toBe(1);
    expect(out).toMatch(/^ {2}balance +body +html +JSON$/m);
  });
});

describe('parity output', () => {
  const alphanumeric = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'];
  const secretKey = fc.string({ unit: fc.constantFrom(...alphanumeric), minLength: 32, maxLength: 32 });
  const userToken = fc.string({
    unit: fc.constantFrom(...alphanumeric, '-', '_', '.'),
    minLength: 24,
    maxLength: 60,
  });

  it('never holds the secret key or the user token, even when the service echoes them', async () => {
    const server = await echoing();
    closing.push(server.close);
    await fc.assert(
      fc.asyncProperty(secretKey, userToken, fc.boolean(), async (tail, token, json) => {
        const key = `sk_live_prod_${tail}`;
        const args = ['--base-url', server.url, '--secret-key', key, '--user-token', token];
        const { out } = await parityCommand(...args, ...(json ? ['--json'] : []));
        expect(out).not.toContain(key);
        expect(out).not.toContain(tail);
        expect(out).not.toContain(token);
      }),
      { numRuns: 15 },
    );
  });
});
