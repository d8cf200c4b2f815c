/**
 * Webhook verification speed, as ratios to the raw floor measured in the same run:
 * `node:crypto` createHmac + timingSafeEqual (and that plus JSON.parse for construction). The
 * helpers are the built package (what merchants run: tsx's transform adds a name-keeping wrapper
 * to every function of the sources). Run: npm run bench:webhooks (on Node 24, then on the
 * machine's Node 20)
 */

import { createHmac, timingSafeEqual } from 'node:crypto';
import { transactionEvent } from '../test/webhooks/fixtures.js';
import { compare, onBothNodes, table } from './harness.js';

// The built package, typed by its sources (a clean checkout is type-checked before it is built).
const { constructWebhookEvent, signWebhookPayload, verifyWebhookSignature } = (await import(
  '../dist/webhooks.js' as string
)) as typeof import('../src/webhooks/index.js');

const SECRET = `whsec_${'k'.repeat(32)}`;

function bodyOfSize(bytes: number): string {
  const event = transactionEvent('transaction.completed', {
    transactionId: '9d3b2c1a-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    amount: 19.9,
    trackingParameters: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'black-friday' },
    note: '',
  }) as unknown as { data: { note: string } };
  const base = JSON.stringify(event).length;
  event.data.note = 'x'.repeat(Math.max(0, bytes - base));
  return JSON.stringify(event);
}

export async function benchWebhooks(): Promise<string> {
  const sections: string[] = [];
  for (const [label, size] of [
    ['600 B', 600],
    ['64 KiB', 65_536],
  ] as const) {
    const body = bodyOfSize(size);
    const raw = Buffer.from(body);
    const signature = await signWebhookPayload(body, SECRET);
    const expected = Buffer.from(signature, 'hex');
    const headers = { 'x-webhook-signature': signature, 'x-webhook-event': 'transaction.completed' };
    const rawHmac = () => timingSafeEqual(createHmac('sha256', SECRET).update(raw).digest(), expected);
    const figures = await compare(
      {
        'raw createHmac + timingSafeEqual (baseline)': rawHmac,
        'raw HMAC + JSON.parse': () => rawHmac() && JSON.parse(body),
        verifyWebhookSignature: () => verifyWebhookSignature(raw, signature, SECRET),
        constructWebhookEvent: () => constructWebhookEvent(raw, headers, SECRET),
      },
      // Short operations: more and longer samples, so that the medians settle on this noisy machine.
      { samples: 11, sampleMs: 300 },
    );
    const byName = Object.fromEntries(figures.map((f) => [f.name, f.opsPerSecond]));
    const verifyRatio =
      (byName.verifyWebhookSignature ?? 0) / (byName['raw createHmac + timingSafeEqual (baseline)'] ?? 1);
    const constructRatio = (byName.constructWebhookEvent ?? 0) / (byName['raw HMAC + JSON.parse'] ?? 1);
    sections.push(
      `#### Body of ${label}\n\n${table(figures, 'raw createHmac + timingSafeEqual (baseline)')}\n\n` +
        `verify / raw HMAC floor: **${verifyRatio.toFixed(2)}** (target ≥ 0.9); ` +
        `construct / (raw HMAC + JSON.parse) floor: **${constructRatio.toFixed(2)}** (target ≥ 0.85)\n`,
    );
  }
  return sections.join('\n');
}

// Run directly: on the development Node, then on the machine's Node 20 (the target holds on both).
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await onBothNodes('bench/webhooks.bench.ts', benchWebhooks));
}
