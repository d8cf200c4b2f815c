/**
 * The example of buildStaticBrCode in docs/helpers.md, run as written from a project that installed
 * the built package (Node >= 22.6, for type stripping).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBrCode } from '../../src/pix/brcode.js';
import { makeConsumer, ROOT, runAsync } from '../package/consumer.js';

/** The first ```ts block of the docs/helpers.md section "Static QR codes: `buildStaticBrCode`". */
function docsExample(): string {
  const guide = readFileSync(join(ROOT, 'docs/helpers.md'), 'utf8');
  const section = guide
    .split(/^## /m)
    .find((part) => part.startsWith('Static QR codes: `buildStaticBrCode`'));
  const block = section === undefined ? undefined : /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  if (block === undefined)
    throw new Error('docs/helpers.md has no "Static QR codes: `buildStaticBrCode`" example');
  return block;
}

describe('the docs example of buildStaticBrCode', () => {
  it('prints the code it promises, its QR code, and the rule a bad city breaks', async () => {
    const example = docsExample();
    const dir = makeConsumer({ 'static.mts': example });
    const out = (await runAsync(process.execPath, ['static.mts'], dir)).trimEnd().split('\n');
    const code = out[0] as string;
    // The comment beside console.log(code) shows the start and the CRC of the real code.
    const [, start, crc] = /console\.log\(code\); \/\/ (\S+)…(\S+)/.exec(example) ?? [];
    expect(code.startsWith(start as string) && code.endsWith(crc as string)).toBe(true);
    expect(parseBrCode(code)).toMatchObject({
      merchantAccount: { key: 'padaria@example.com', description: 'Pao de queijo' },
      amountCents: 1990,
      merchantName: 'Padaria Sao Joao',
      merchantCity: 'Sao Paulo',
      txid: '***',
    });
    // The terminal QR code: lines of half blocks between the code and the error message.
    expect(out.slice(1, -1).length).toBeGreaterThan(10);
    expect(out.slice(1, -1).every((line) => /^[ ▀▄█]+$/.test(line))).toBe(true);
    expect(out.at(-1)).toBe(
      'Invalid request: city: must have at most 15 characters once accents are removed',
    );
    expect(example).toContain(`// ${out.at(-1)}`);
  });
});
