/**
 * The receivers' edges on Node 20 and Node 24: the built package, run by edges-process.mjs in
 * each runtime (the client and the webhook helpers support Node 20; vitest itself does not run there).
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { factsOf, NODE_RUNTIMES, transactionEvent } from './fixtures.js';

const SCRIPT = fileURLToPath(new URL('./edges-process.mjs', import.meta.url));

describe.each(NODE_RUNTIMES)('webhook edges on %s', (_, node, version) => {
  const event = JSON.stringify(transactionEvent());
  const facts = factsOf(node, SCRIPT, [event]);

  it('runs on that Node', () => expect(facts.node).toMatch(version));

  it('keeps a live lease through 10,000 handled events (default maxEntries)', () =>
    expect(facts.stillLeased).toBe(true));

  it('pulls at most 1 MiB + 64 KiB of a 300 MB unsigned body, and answers 413', () => {
    expect(facts.status413).toBe(413);
    expect(facts.pulled).toBeLessThanOrEqual(1024 * 1024 + 64 * 1024);
  });

  it('reports a slow onEvent that then throws twice: the warning, then the error', () =>
    expect(facts.slow).toEqual(['WebhookSlowHandlerWarning', 'Error']));

  it('reports a lease lapsed under a blocked event loop, and still answers 200', () => {
    expect(facts.lost.status).toBe(200);
    expect(facts.lost.reports).toHaveLength(1);
    expect(facts.lost.reports[0]).toMatchObject({ name: 'WebhookLeaseLostError', reason: 'lapsed' });
    expect(facts.lost.reports[0].blockedMs).toBeGreaterThanOrEqual(200);
  });
});
