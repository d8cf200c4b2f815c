/** `pix-payments-mock parity` in-process: what a run finds against the sandbox and odd servers. */
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VariedAnswer } from '../../src/mock/index.js';
import { runParityCommand } from '../../src/sandbox/cli/cli-parity.js';
import { ParityRefused, runParity } from '../../src/sandbox/parity/run.js';
import { formOf } from '../../src/sandbox/parity/shape.js';
import { asTheDocPages, downUrl, echoing, html, refusing, seededSandbox } from './parity-servers.js';

const KEY = `sk_live_prod_${'a1'.repeat(16)}`;

const lastName = (path: string) => path.replace(/\[\]/g, '').split('.').at(-1) as string;
const under = (path: string, parent: string) =>
  path.startsWith(`${parent}.`) || path.startsWith(`${parent}[]`);

/**
 * The paths a parity run must list for one answer, from what the varied mode says it changed: an
 * envelope's keys (a record under `data`: the mock's own fields, then on its side only), and each
 * field whose presence or form (never a value, never null) changed, unless under an envelope
 * already listed.
 */
function expectedPaths(varied: VariedAnswer | undefined, mockBody: unknown): string[] {
  if (varied === undefined) return [];
  const envelopes = varied.fields.filter((field) => field.kind === 'envelope').map(({ path }) => path);
  const out = new Set(envelopes);
  if (envelopes.includes('$.data') && typeof mockBody === 'object' && mockBody !== null)
    for (const key of Object.keys(mockBody)) out.add(`$.${key}`);
  for (const { path, kind, from, to } of varied.fields) {
    if (kind === 'envelope' || envelopes.some((envelope) => under(path, envelope))) continue;
    const [before, after] = [formOf(from, lastName(path)), formOf(to, lastName(path))];
    const presence = from === undefined || to === undefined;
    if (presence || (before !== undefined && after !== undefined && before !== after)) out.add(path);
  }
  return [...out].sort();
}

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

  it.each([1, 2, 3, 4, 5, 6])('lists exactly the fields the varied mode changed (seed %i)', async (seed) => {
    const sandbox = await seededSandbox({ answers: 'varied', seed });
    closing.push(sandbox.close);
    const before = sandbox.varied().length;
    const mockBodies = new Map<string, unknown>();
    const report = await runParity({
      baseUrl: sandbox.url,
      secretKey: sandbox.secretKey,
      userToken: sandbox.userToken,
      onAnswers: (probe, _service, mock) => void mockBodies.set(probe.name, mock.body),
    });
    // The varied answers of the run, in the order of the probes that had a success to vary.
    const varied = sandbox.varied().slice(before);
    const compared = report.probes.filter((probe) => probe.outcome !== 'not compared');
    const successes = report.probes.filter(
      (probe) => !probe.name.startsWith('unknown') && probe.name !== 'wrong key',
    );
    expect(varied.map(({ method, target }) => `${method} ${new URL(target, sandbox.url).pathname}`)).toEqual(
      successes.map((probe) => `${probe.method} ${new URL(probe.target, sandbox.url).pathname}`),
    );
    const found = Object.fromEntries(
      compared.map((probe) => [probe.name, probe.divergences.map(({ path }) => path).sort()]),
    );
    const expected = Object.fromEntries(
      compared.map((probe) => [
        probe.name,
        expectedPaths(varied[successes.indexOf(probe)], mockBodies.get(probe.name)),
      ]),
    );
    expect(found).toEqual(expected);
    expect(Object.values(found).flat().length).toBeGreaterThan(0);
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
        // `=`: a token may begin with `-`, which a flag's separate argument may not.
        const args = ['--base-url', server.url, '--secret-key', key, `--user-token=${token}`];
        const { out } = await parityCommand(...args, ...(json ? ['--json'] : []));
        expect(out).not.toContain(key);
        expect(out).not.toContain(tail);
        expect(out).not.toContain(token);
      }),
      { numRuns: 15 },
    );
  });
});
