import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const runExample = (name: string) =>
  execFileSync(process.execPath, ['--import', 'tsx', `examples/${name}.ts`], { cwd: ROOT, encoding: 'utf8' });

describe('examples', () => {
  it('validate-payout prints the accepted payout and names the rules broken', () => {
    expect(runExample('validate-payout').trim().split('\n')).toEqual([
      'ok: CPF 52998224725 receives 145.00',
      'rejected: amount: must be greater than 5.00, the fixed payout fee',
      'rejected: pixKey: must be a CNPJ of 12 digits or upper-case letters followed by 2 valid check digits',
    ]);
  });
});
