import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startMockServer } from '../../src/mock-entry.js';
import { makeConsumer, moduleGraph, NODE20, ROOT, run, runAsync } from './consumer.js';

const script = `
  const cents = pkg.toCents(0.1 + 0.2);
  const ok = pkg.safeParseWith(pkg.CreateCashoutParams, { amount: 10, pixKey: '52998224725', pixKeyType: 'CPF' });
  const code = pkg.parseBrCode('00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D');
  console.log(JSON.stringify({ version: process.version, cents, ok: ok.success, name: code.merchantName }));
`;

describe('the built package', () => {
  it.each([
    ['imports as ESM', 'esm.mjs', `import * as pkg from 'pix-payments';`],
    ['requires as CommonJS', 'cjs.cjs', `const pkg = require('pix-payments');`],
  ])('%s under Node 20', (_, file, load) => {
    const dir = makeConsumer({ [file]: `${load}\n${script}` });
    const out = JSON.parse(run(NODE20, [file], dir));
    expect(out).toEqual({
      version: expect.stringMatching(/^v20\./),
      cents: 30,
      ok: true,
      name: 'Fulano de Tal',
    });
  });

  const webhookScript = `
  const body = '{"event":"transaction.created","timestamp":"2026-11-21T10:00:00Z","data":{"id":1,"referenceId":"0b8f7e36-3e59-4d44-9f0c-6a3f1f0c2b11","status":"PENDING","type":"CASHIN"}}';
  const signature = await wh.signWebhookPayload(body, 'whsec_x');
  const event = await wh.constructWebhookEvent(body, { 'x-webhook-signature': signature }, 'whsec_x');
  console.log(JSON.stringify({ event: event.event, ok: await wh.verifyWebhookSignature(body, signature, 'whsec_x') }));
`;

  it('serves pix-payments/webhooks as ESM and CJS under Node 20', () => {
    const dir = makeConsumer({
      'esm.mjs': `import * as wh from 'pix-payments/webhooks';\n${webhookScript}`,
      'cjs.cjs': `const wh = require('pix-payments/webhooks');\n(async () => {${webhookScript}})();`,
    });
    for (const file of ['esm.mjs', 'cjs.cjs']) {
      expect(JSON.parse(run(NODE20, [file], dir))).toEqual({ event: 'transaction.created', ok: true });
    }
  });

  it('runs the client against the mock server under Node 20, in ESM and CJS, with its own error classes', async () => {
    const server = await startMockServer();
    try {
      const script = `
        const client = new pkg.PaymentsClient({ secretKey: process.env.KEY, baseUrl: process.env.URL, maxRetries: 0 });
        const charge = await client.transactions.create({ amount: 19.9 });
        const payout = await client.cashouts.create({ amount: 50, pixKey: 'ana@example.com', pixKeyType: 'EMAIL' });
        let error;
        try { await client.cashouts.retrieve(999999); } catch (e) { error = e; }
        console.log(JSON.stringify({ charge: charge.status, fee: payout.feeAmount, notFound: error instanceof pkg.NotFoundError, base: error instanceof pkg.PaymentsError }));
      `;
      const dir = makeConsumer({
        'esm.mjs': `import * as pkg from 'pix-payments';\n${script}`,
        'cjs.cjs': `const pkg = require('pix-payments');\n(async () => {${script}})();`,
      });
      for (const file of ['esm.mjs', 'cjs.cjs']) {
        const out = await runAsync(NODE20, [file], dir, { KEY: server.service.secretKey, URL: server.url });
        expect(JSON.parse(out)).toEqual({ charge: 'PENDING', fee: 5, notFound: true, base: true });
      }
    } finally {
      await server.close();
    }
  });

  it('on Node 20, the mock fails at once with a message naming the Node it needs', () => {
    const script = `
      for (const start of [() => mock.createMockService(), () => mock.startMockServer()]) {
        try { await start(); console.log('started'); } catch (e) { console.log(e.message); }
      }
    `;
    const dir = makeConsumer({ 'n20.mjs': `import * as mock from 'pix-payments/mock';\n${script}` });
    const lines = run(NODE20, ['n20.mjs'], dir).trim().split('\n');
    expect(lines).toHaveLength(2);
    for (const line of lines)
      expect(line).toMatch(/^pix-payments\/mock needs Node\.js 22\.12 or later .*this is Node\.js 20\./);
  });

  it('serves pix-payments/mock as ESM and CJS (Node >= 22.12, as msw 3 needs)', () => {
    const script = `
      const server = await mock.startMockServer();
      const res = await fetch(server.url + '/v1/integrations/balance', { headers: { authorization: 'Bearer ' + server.service.secretKey } });
      console.log(JSON.stringify({ status: res.status, available: (await res.json()).available }));
      await server.close();
    `;
    const dir = makeConsumer({
      'esm.mjs': `import * as mock from 'pix-payments/mock';\n${script}`,
      'cjs.cjs': `const mock = require('pix-payments/mock');\n(async () => {${script}})();`,
    });
    for (const file of ['esm.mjs', 'cjs.cjs']) {
      expect(JSON.parse(run(process.execPath, [file], dir))).toEqual({ status: 200, available: 10000 });
    }
  });

  it('imports nothing from outside for pix-payments and pix-payments/webhooks: zod inside, no msw, jose or node:', () => {
    for (const entry of ['index.js', 'webhooks.js', 'index.cjs', 'webhooks.cjs']) {
      const graph = moduleGraph(entry);
      expect(graph.external, entry).toEqual([]);
      for (const file of graph.files)
        expect(readFileSync(join(ROOT, 'dist', file), 'utf8')).not.toMatch(/jwtVerify|SignJWT/);
    }
    expect(moduleGraph('mock.js').external).toContain('msw');
  });

  const consumerSource = `
import { CreateCashoutParams, safeParseWith, toCents, type Transaction } from 'pix-payments';
const outcome = safeParseWith(CreateCashoutParams, { amount: 10, pixKey: 'a@b.co', pixKeyType: 'EMAIL' });
if (outcome.success) {
  const key: string = outcome.data.pixKey;
  const type: 'CPF' | 'CNPJ' | 'EMAIL' | 'PHONE' | 'EVP' = outcome.data.pixKeyType;
  console.log(key, type);
}
declare const tx: Transaction;
const cents: number = toCents(tx.amount);
const status: string = tx.status;
const description: string | null = tx.description;
console.log(cents, status, description);
import { constructWebhookEvent, createWebhookHandler, type WebhookEvent } from 'pix-payments/webhooks';
const handler: (request: Request) => Promise<Response> = createWebhookHandler({
  secret: 'whsec_x',
  onEvent: (event: WebhookEvent) => {
    if (event.event === 'transaction.completed') {
      const reference: string | null = event.data.referenceId;
      console.log(reference);
    }
  },
});
declare const body: string;
void constructWebhookEvent(body, new Headers(), 'whsec_x').then((event) => console.log(event.timestamp), () => handler);
`;

  it.each(['node16', 'bundler'])(
    'has declarations that type-check in a strict consumer (moduleResolution %s)',
    (resolution) => {
      const tsconfig = {
        compilerOptions: {
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: [],
          lib: ['ES2022', 'DOM'],
          target: 'ES2022',
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
          module: resolution === 'node16' ? 'node16' : 'esnext',
          moduleResolution: resolution,
        },
        files: ['consumer.ts'],
      };
      const dir = makeConsumer({
        'package.json': JSON.stringify({ type: 'module' }),
        'tsconfig.json': JSON.stringify(tsconfig),
        'consumer.ts': consumerSource,
      });
      expect(() =>
        run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', '.'], dir),
      ).not.toThrow();
    },
  );

  it('rejects a consumer that misuses the types (the check can fail)', () => {
    const dir = makeConsumer({
      'package.json': JSON.stringify({ type: 'module' }),
      'tsconfig.json': JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          types: [],
          module: 'node16',
          moduleResolution: 'node16',
        },
        files: ['bad.ts'],
      }),
      'bad.ts': `import { toCents } from 'pix-payments';\nconst x: string = toCents(1);\nconsole.log(x);\n`,
    });
    expect(() =>
      run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', '.'], dir),
    ).toThrow(/TS2322/);
  });
});
