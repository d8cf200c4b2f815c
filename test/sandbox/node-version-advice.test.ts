/** The mock's Node-version refusal is a PaymentsError that says how to get a newer Node for the tests. */
import { describe, expect, it } from 'vitest';
import { PaymentsError } from '../../src/errors/base.js';
import { requireSupportedNode } from '../../src/mock/node-version.js';
import { SQLITE_FLOOR } from '../../src/sandbox/state/sqlite.js';

const refusal = (version: string, floor?: Parameters<typeof requireSupportedNode>[1]) => {
  try {
    requireSupportedNode(version, floor);
  } catch (error) {
    return error;
  }
  throw new Error(`Node.js ${version} was accepted`);
};

describe('the Node-version refusal', () => {
  it.each(['20.20.2', '22.11.0'])(
    'on %s is a PaymentsError saying what is needed and how to get it',
    (version) => {
      const error = refusal(version);
      expect(error).toBeInstanceOf(PaymentsError);
      expect((error as Error).message).toBe(
        `pix-payments/mock needs Node.js 22.12 or later (msw 3); this is Node.js ${version}. For tests on this machine: npm install --save-dev node@24 (npm scripts then use it), or run once with npx -p node@24 vitest run. The client and the webhook helpers run on Node.js 20.`,
      );
    },
  );

  it('for the sandbox with --state, in one line, with its own command', () => {
    const error = refusal('22.12.0', SQLITE_FLOOR) as Error;
    expect(error).toBeInstanceOf(PaymentsError);
    expect(error.message).not.toContain('\n');
    expect(error.message).toMatch(
      /^The sandbox with --state needs Node\.js 22\.13 or later .* npm install --save-dev node@24 .* npx -p node@24 pix-payments-mock --state /,
    );
  });
});
