/** The command line of pix-payments-mock, in process: every flag's rule and default. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MIN_JWT_SECRET_LENGTH, parseCommandLine, UsageError } from '../../src/sandbox/cli/cli-flags.js';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const key = (prefix: string) =>
  fc
    .array(fc.constantFrom(...ALNUM), { minLength: 32, maxLength: 32 })
    .map((chars) => `${prefix}_live_prod_${chars.join('')}`);

/** The one-line message of a refused command line. */
function refusal(args: string[]): string {
  try {
    parseCommandLine(args);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    return message;
  }
  throw new Error(`accepted: ${args.join(' ')}`);
}

describe('pix-payments-mock flags', () => {
  it('applies the defaults when no flag is given', () => {
    expect(parseCommandLine([])).toEqual({
      port: 0,
      host: '127.0.0.1',
      allowedHosts: [],
      secretKey: undefined,
      publicKey: undefined,
      jwtSecret: undefined,
      manualApproval: false,
      answers: 'reference',
      seed: 1,
      forwardTo: undefined,
      help: false,
    });
  });

  it('takes every flag with a good value', () => {
    const options = parseCommandLine([
      '--port=4010',
      '--host=0.0.0.0',
      '--allowed-hosts=sandbox.qa.example, .Team.example',
      `--secret-key=sk_live_prod_${'a'.repeat(32)}`,
      `--public-key=pk_live_prod_${'b'.repeat(32)}`,
      `--jwt-secret=${'j'.repeat(MIN_JWT_SECRET_LENGTH)}`,
      '--manual-approval',
      '--answers=varied',
      '--seed=7',
      '--forward-to=http://localhost:3000/webhooks',
    ]);
    expect(options).toMatchObject({
      port: 4010,
      host: '0.0.0.0',
      allowedHosts: ['sandbox.qa.example', '.team.example'],
      secretKey: `sk_live_prod_${'a'.repeat(32)}`,
      publicKey: `pk_live_prod_${'b'.repeat(32)}`,
      jwtSecret: 'j'.repeat(MIN_JWT_SECRET_LENGTH),
      manualApproval: true,
      answers: 'varied',
      seed: 7,
      forwardTo: 'http://localhost:3000/webhooks',
    });
  });

  it('takes every key of the service shape, and refuses it under the other flag', () => {
    fc.assert(
      fc.property(key('sk'), key('pk'), (secret, pub) => {
        expect(parseCommandLine(['--secret-key', secret, '--public-key', pub])).toMatchObject({
          secretKey: secret,
          publicKey: pub,
        });
        expect(refusal(['--secret-key', pub])).toBe(
          '--secret-key must be the secret key (sk_live_prod_…), got a public key',
        );
        expect(refusal(['--public-key', secret])).toBe(
          '--public-key must be the public key (pk_live_prod_…), got a secret key',
        );
      }),
    );
  });

  it('refuses a key of another shape without echoing it (a mistyped secret is still a secret)', () => {
    const notAKey = fc
      .string({ minLength: 6, maxLength: 60 })
      .filter((value) => !/^sk_live_prod_[A-Za-z0-9]{32}$/.test(value) && !value.startsWith('pk_'))
      .filter((value) => !value.startsWith('-'))
      // A value that is a piece of the message itself would be "echoed" by chance.
      .filter(
        (value) =>
          ![
            '--secret-key must be sk_live_prod_ followed by 32 letters or digits, got 00 characters not starting with it',
            'got 00 characters after sk_live_prod_: 00 more needed: 00 too many, not all letters or digits',
          ].some((message) => message.includes(value.replace(/\d+/g, '00'))),
      );
    fc.assert(
      fc.property(notAKey, (value) => {
        const message = refusal(['--secret-key', value]);
        expect(message).toMatch(/^--secret-key must be sk_live_prod_ followed by 32 letters or digits/);
        expect(message).not.toContain(value);
      }),
    );
    expect(refusal(['--public-key', `pk_live_prod_${'b'.repeat(33)}`])).toMatch(
      /^--public-key must be pk_live_prod_/,
    );
  });

  it('counts what follows sk_live_prod_ in a key of the wrong length, and says how many are needed', () => {
    const rule = '--secret-key must be sk_live_prod_ followed by 32 letters or digits';
    expect(refusal(['--secret-key', `sk_live_prod_${'a'.repeat(34)}`])).toBe(
      `${rule}, got 34 characters after sk_live_prod_: 2 too many`,
    );
    expect(refusal(['--secret-key', `sk_live_prod_${'a'.repeat(31)}`])).toBe(
      `${rule}, got 31 characters after sk_live_prod_: 1 more needed`,
    );
    expect(refusal(['--secret-key', 'sk_live_prod_'])).toBe(
      `${rule}, got 0 characters after sk_live_prod_: 32 more needed`,
    );
    expect(refusal(['--secret-key', `sk_live_prod_${'a'.repeat(31)}!`])).toBe(
      `${rule}, got 32 characters after sk_live_prod_, not all letters or digits`,
    );
    expect(refusal(['--secret-key', `sk_test_${'a'.repeat(32)}`])).toBe(
      `${rule}, got 40 characters not starting with it`,
    );
    expect(refusal(['--public-key', `pk_live_prod_${'b'.repeat(33)}`])).toBe(
      '--public-key must be pk_live_prod_ followed by 32 letters or digits, got 33 characters after pk_live_prod_: 1 too many',
    );
  });

  it('takes --allowed-hosts as names separated by commas, or all, and refuses anything else', () => {
    expect(parseCommandLine(['--allowed-hosts', 'a.example']).allowedHosts).toEqual(['a.example']);
    expect(parseCommandLine(['--allowed-hosts', 'a.example,.B.example , pix_sandbox']).allowedHosts).toEqual([
      'a.example',
      '.b.example',
      'pix_sandbox',
    ]);
    expect(parseCommandLine(['--allowed-hosts', 'all']).allowedHosts).toBe(true);
    for (const bad of [
      'http://a.example',
      'a.example:4010',
      '*.example.com',
      'a.example,',
      '',
      'a..example',
      'a.example/',
    ]) {
      expect(refusal([`--allowed-hosts=${bad}`]), bad).toMatch(
        /^--allowed-hosts takes names separated by commas, or all: each must be a host name such as qa\.example, or \.example\.com for that name and its subdomains, without scheme or port, got "/,
      );
    }
  });

  it('refuses a JWT secret shorter than 32 characters, without echoing it', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: MIN_JWT_SECRET_LENGTH - 1 }), (secret) => {
        fc.pre(!secret.startsWith('-'));
        const message = refusal([`--jwt-secret=${secret}`]);
        expect(message).toBe(
          `--jwt-secret must be at least 32 characters (HS256 wants 256 bits), got ${secret.length}`,
        );
      }),
    );
    expect(parseCommandLine([`--jwt-secret=${'x'.repeat(32)}`]).jwtSecret).toHaveLength(32);
  });

  it('takes every port from 0 to 65535 and refuses anything else', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 65_535 }), (port) => {
        expect(parseCommandLine(['--port', String(port)]).port).toBe(port);
      }),
    );
    for (const bad of ['x', '', '65536', '-1', '1.5', '0x10', ' 80', '1e3']) {
      expect(refusal([`--port=${bad}`])).toBe(`--port must be an integer from 0 to 65535, got "${bad}"`);
    }
  });

  it('refuses a --forward-to that is not an http(s) URL', () => {
    for (const bad of ['localhost:3000', 'ftp://example.com/x', 'not a url', '']) {
      expect(refusal([`--forward-to=${bad}`])).toBe(
        `--forward-to must be an http:// or https:// URL, got "${bad}"`,
      );
    }
    expect(parseCommandLine(['--forward-to', 'https://example.com/hook']).forwardTo).toBe(
      'https://example.com/hook',
    );
  });

  it("refuses a --forward-to over 2,048 characters, the webhook API's rule, without echoing it", () => {
    const long = `https://example.com/${'a'.repeat(100_000)}`;
    expect(refusal([`--forward-to=${long}`])).toBe(
      '--forward-to must be at most 2048 characters, got 100020',
    );
    const longest = `https://example.com/${'a'.repeat(2048 - 20)}`;
    expect(parseCommandLine(['--forward-to', longest]).forwardTo).toBe(longest);
  });

  it('refuses an unknown flag, a missing value and a stray argument', () => {
    expect(refusal(['--bogus'])).toMatch(/^Unknown option '--bogus'/);
    expect(refusal(['--port'])).toMatch(/--port/);
    expect(refusal(['stray'])).toMatch(/stray/);
    expect(refusal(['--host='])).toBe('--host must not be empty');
    expect(refusal(['--answers=odd'])).toBe('--answers must be reference or varied, got "odd"');
    expect(refusal(['--seed=-1'])).toMatch(/--seed/);
  });
});
