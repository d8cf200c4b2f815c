/**
 * examples/other-languages: the Python (standard library) and curl walkthroughs run against the
 * built CLI, with the base URL and secret key read from its banner, as a user would copy them.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCommand, useCli } from '../sandbox/cli-process.js';

const FOLDER = resolve(import.meta.dirname, '../../examples/other-languages');

const run = (command: string, args: string[], env: Record<string, string> = {}) =>
  runCommand(command, args, { cwd: FOLDER, env });

/** The lines every walkthrough prints, in the recommended order. */
const WALK = [
  /^1\. balance: available 10000\.00 BRL, pending 0\.00$/m,
  /^2\. charge [0-9a-f-]{36} created: PENDING/m,
  /^3\. charge [0-9a-f-]{36}: COMPLETED/m,
  /^4\. payout [0-9a-f-]{36} created: PENDING, fee 5\.00, the receiver gets 5\.00$/m,
  /^5\. payout [0-9a-f-]{36}: COMPLETED$/m,
  /^ {3}a payout below the 5\.00 fee is refused: 422 AMOUNT_BELOW_FEE$/m,
  /^done$/m,
];

describe('examples/other-languages', () => {
  const startCli = useCli();

  it('walkthrough.py walks the recommended order and verifies a webhook signature (arguments)', async () => {
    const cli = await startCli();
    const { code, out, err } = await run('python3', ['walkthrough.py', cli.url, cli.secretKey]);
    expect(err).toBe('');
    expect(code).toBe(0);
    for (const line of WALK) expect(out).toMatch(line);
    expect(out).toMatch(/^ {3}webhook transaction\.completed \(status COMPLETED\): signature verified$/m);
  });

  it('walkthrough.sh walks the recommended order with curl (environment variables)', async () => {
    const cli = await startCli();
    const { code, out, err } = await run('bash', ['walkthrough.sh'], {
      PIX_PAYMENTS_BASE_URL: cli.url,
      PIX_PAYMENTS_SECRET_KEY: cli.secretKey,
    });
    expect(err).toBe('');
    expect(code).toBe(0);
    for (const line of WALK) expect(out).toMatch(line);
  });

  it('both stop with a clear message and a non-zero code when the key is wrong', async () => {
    const cli = await startCli();
    const wrong = `sk_live_prod_${'0'.repeat(32)}`;
    const python = await run('python3', ['walkthrough.py', cli.url, wrong]);
    const bash = await run('bash', ['walkthrough.sh', cli.url, wrong]);
    expect([python.code, bash.code]).toEqual([1, 1]);
    expect(python.err).toMatch(/walkthrough failed: .*401 UNAUTHENTICATED/);
    expect(bash.err).toMatch(/unexpected status 401/);
  });
});
