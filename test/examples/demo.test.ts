/** `npm run demo` (its script, after the build npm test already made) runs the main job and exits 0. */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startMockServer } from '../../src/mock-entry.js';

const ROOT = resolve(import.meta.dirname, '../..');

function demo(env: Record<string, string>, args: string[] = []): Promise<{ code: number; out: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'demo/run.ts', ...args],
      { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, out: stdout + stderr }),
    );
  });
}

describe('npm run demo', () => {
  it('with no configuration, walks the recommended order against the embedded mock and exits 0', async () => {
    const { code, out } = await demo({ PIX_PAYMENTS_BASE_URL: '', PIX_PAYMENTS_SECRET_KEY: '' });
    expect(code, out).toBe(0);
    expect(out).toContain('against the embedded reference mock');
    expect(out).toMatch(/dashboard: http:\/\/127\.0\.0\.1:\d+\/ \(updates live/);
    expect(out).toMatch(/4\. GET .*\n\s+COMPLETED, paid at /);
    expect(out).toContain('amount 100.00, fee 5.00, receiver gets 95.00');
    expect(out).toMatch(/payout [0-9a-f-]{36}: COMPLETED, fee 5\.00/);
    for (const event of [
      'transaction.created',
      'transaction.completed',
      'cashout.processing',
      'cashout.completed',
    ]) {
      expect(out).toContain(`⇠ webhook ${event}`);
    }
    expect(out).toContain('signature verified');
    expect(out).toMatch(/█/);
    expect(out).toContain('Done.');
  });

  it('against a configured service, never creates a payout without --allow-payouts', async () => {
    const server = await startMockServer();
    try {
      const env = { PIX_PAYMENTS_BASE_URL: server.url, PIX_PAYMENTS_SECRET_KEY: server.service.secretKey };
      const { code, out } = await demo(env);
      expect(code, out).toBe(0);
      expect(out).toContain('payouts off');
      expect(out).toContain('create-cashout skipped');
      expect(server.service.state.records().filter((r) => r.type === 'CASHOUT')).toEqual([]);
      const allowed = await demo(env, ['--allow-payouts']);
      expect(allowed.code, allowed.out).toBe(0);
      expect(server.service.state.records().filter((r) => r.type === 'CASHOUT')).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('fails with a clear message and a non-zero code when the service refuses', async () => {
    const server = await startMockServer();
    try {
      const { code, out } = await demo({
        PIX_PAYMENTS_BASE_URL: server.url,
        PIX_PAYMENTS_SECRET_KEY: `sk_live_prod_${'z'.repeat(32)}`,
      });
      expect(code).toBe(1);
      expect(out).toMatch(/demo failed: AuthenticationError: 401 UNAUTHENTICATED/);
    } finally {
      await server.close();
    }
  });
});
