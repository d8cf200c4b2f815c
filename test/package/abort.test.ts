/**
 * The caller's abort is final, in the built package on Node 20 and on the Node running the suite,
 * from ESM and CommonJS: an aborted signal sends nothing, and an abort during an attempt whose
 * custom fetch ignores its signal ends the call within 50 ms (not at the attempt's timeout).
 */
import { describe, expect, it } from 'vitest';
import { makeConsumer, NODE20, runAsync } from './consumer.js';

const script = `
  let calls = 0;
  // Deaf: never settles, never looks at its signal.
  const fetch = async () => { calls++; return new Promise(() => {}); };
  const client = new pkg.PaymentsClient({ secretKey: 'sk_live_prod_${'a'.repeat(32)}', baseUrl: 'https://api.psp.test', fetch, timeout: 5000, maxRetries: 2, logLevel: 'off' });
  const before = await client.balance.retrieve({ signal: AbortSignal.abort() }).catch((e) => e.name);
  const sentBefore = calls;
  const controller = new AbortController();
  const call = client.cashouts.create({ amount: 100, pixKey: '52998224725', pixKeyType: 'CPF' }, { signal: controller.signal })
    .catch((e) => ({ name: e.name, at: performance.now() }));
  await new Promise((resolve) => setTimeout(resolve, 300));
  const abortedAt = performance.now();
  controller.abort();
  const during = await call;
  console.log(JSON.stringify({ version: process.version, before, sentBefore, during: during.name, after: during.at - abortedAt, calls }));
`;

describe("the caller's abort in the built package", () => {
  it.each([
    ['Node 20, ESM', NODE20, 'mjs'],
    ['Node 20, CommonJS', NODE20, 'cjs'],
    ['this Node, ESM', process.execPath, 'mjs'],
    ['this Node, CommonJS', process.execPath, 'cjs'],
  ])('sends nothing when already aborted, and ends a deaf attempt at once (%s)', async (_, node, kind) => {
    const file = `abort.${kind}`;
    const body =
      kind === 'mjs'
        ? `import * as pkg from 'pix-payments';\n${script}`
        : `const pkg = require('pix-payments');\n(async () => {${script}})();`;
    const dir = makeConsumer({ [file]: body });
    const out = JSON.parse(await runAsync(node, [file], dir));
    if (node === NODE20) expect(out.version).toMatch(/^v20\./);
    expect(out.before).toBe('APIUserAbortError');
    expect(out.sentBefore).toBe(0);
    expect(out.during).toBe('APIUserAbortError');
    expect(out.after).toBeLessThan(50);
    expect(out.calls).toBe(1);
  });
});
