/**
 * The Hono receiver of docs/webhooks.md runs as written (`npm run docs:check` type-checks it as
 * every block): copied into a project whose node_modules holds the built package and Hono, and
 * imported by a script that posts it a signed delivery, a wrong one and a GET through Hono's own
 * `app.request`. Run with this repository's Node (24), which runs TypeScript by stripping types.
 */
import { readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeConsumer, ROOT, runAsync } from '../package/consumer.js';

const GUIDE = readFileSync(join(ROOT, 'docs/webhooks.md'), 'utf8');
const HONO = [...GUIDE.matchAll(/```ts\n([\s\S]*?)```/g)]
  .map(([, code]) => code as string)
  .find((code) => code.includes("from 'hono'"));

/** Posts the block's app a delivery signed with the secret, one signed with another, and a GET. */
const SCRIPT = `
  import { createSignedWebhook } from 'pix-payments/webhooks';
  import { app } from './webhook.ts';

  const event = {
    event: 'transaction.completed',
    data: { id: 1, referenceId: null, status: 'COMPLETED', type: 'CASHIN' },
  };
  const answers = [];
  for (const secret of [process.env.PIX_WEBHOOK_SECRET, 'whsec_someone_else']) {
    const { body, headers } = await createSignedWebhook(event, secret);
    const response = await app.request('/pix-webhook', { method: 'POST', body, headers });
    answers.push([response.status, await response.json()]);
  }
  answers.push([(await app.request('/pix-webhook')).status]);
  console.log(JSON.stringify(answers));
`;

describe('the Hono receiver of docs/webhooks.md', () => {
  it('is in the guide, handing the receiver c.req.raw', () => {
    expect(HONO).toMatch(/app\.post\('\/pix-webhook', \(c\) => receive\(c\.req\.raw\)\)/);
  });

  it('as written, receives a signed delivery (referenceId: null, unreported) and refuses a wrong signature', async () => {
    const dir = makeConsumer({
      'package.json': '{ "type": "module" }',
      'webhook.ts': HONO as string,
      'main.js': SCRIPT,
    });
    symlinkSync(join(ROOT, 'node_modules/hono'), join(dir, 'node_modules/hono'), 'dir');
    const output = await runAsync(process.execPath, ['main.js'], dir, {
      PIX_WEBHOOK_SECRET: `whsec_${'h'.repeat(32)}`,
    });
    const [printed, ...rest] = output.trim().split('\n').reverse();
    // The block's onEvent logs the event once; the wrong signature is written by the receiver.
    expect(rest.filter((line) => line.startsWith('pix webhook'))).toEqual([
      expect.stringMatching(/^pix webhook transaction\.completed \(transaction\.completed:1:/),
    ]);
    expect(JSON.parse(printed as string)).toEqual([
      [200, { received: true }],
      [400, { received: false, error: 'invalid signature' }],
      [404],
    ]);
  });
});
