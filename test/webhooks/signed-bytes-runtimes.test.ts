/**
 * createSignedWebhook's bytes on Node 20 and Node 24: the built package, run by
 * signed-bytes-process.mjs in each runtime (the webhook helpers support Node 20; vitest does not run there).
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { factsOf, NODE_RUNTIMES, transactionEvent } from './fixtures.js';

const SCRIPT = fileURLToPath(new URL('./signed-bytes-process.mjs', import.meta.url));

describe.each(NODE_RUNTIMES)('createSignedWebhook on %s', (_, node, version) => {
  const event = transactionEvent('transaction.created', { trackingParameters: { utm_source: 'a/b é' } });
  const facts = factsOf(node, SCRIPT, [JSON.stringify(event)]);

  it('runs on that Node', () => expect(facts.node).toMatch(version));

  it('writes as PHP does, then a newline: accepted raw, refused re-serialised', () => {
    expect(facts.body).toContain('"utm_source":"a\\/b \\u00e9"');
    expect(facts.body.endsWith('}\n')).toBe(true);
    expect([facts.raw, facts.reserialised]).toEqual(['accepted', 'WebhookSignatureError']);
  });

  it('writes JSON.stringify output with canonical: true, accepted re-serialised too', () => {
    expect(facts.canonical).toBe(JSON.stringify(event));
    expect(facts.canonicalReserialised).toBe('accepted');
  });
});
