import { execFileSync } from 'node:child_process';
import type { WebhookEventInput, WebhookHandlerOptions } from '../../src/webhooks/index.js';

export const SECRET = `whsec_${'k'.repeat(32)}`;

export function transactionEvent(
  event = 'transaction.completed',
  overrides: Record<string, unknown> = {},
): WebhookEventInput {
  return {
    event,
    timestamp: '2026-11-21T10:00:00.000Z',
    data: {
      id: 42,
      referenceId: '0b8f7e36-3e59-4d44-9f0c-6a3f1f0c2b11',
      status: 'COMPLETED',
      type: 'CASHIN',
      trackingParameters: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'bf' },
      ...overrides,
    },
  };
}

/**
 * A receiver's options that verify with SECRET, handle nothing unless `options` say otherwise,
 * and keep each error `onError` is told of in `reports` (a live list: a report that comes after
 * the answer is there too).
 */
export function reportingOptions(options: Partial<WebhookHandlerOptions> = {}) {
  const reports: unknown[] = [];
  const all: WebhookHandlerOptions = {
    secret: SECRET,
    onEvent: () => {},
    onError: (error) => reports.push(error),
    ...options,
  };
  return { reports, options: all };
}

/**
 * The Node versions the webhook helpers are tested on as users run them: the built package in a
 * process of each (vitest itself does not run on Node 20). `[name, executable, version pattern]`.
 */
export const NODE_RUNTIMES = [
  ['Node 20', '/usr/bin/node', /^v20\./],
  ['Node 24', process.execPath, /^v24\./],
] as const;

/** The facts a process script of this folder prints as JSON, run on `node` with `args`. */
export function factsOf(
  node: string,
  script: string,
  args: string[],
  // biome-ignore lint/suspicious/noExplicitAny: each script prints its own facts; its test reads them.
): any {
  return JSON.parse(execFileSync(node, [script, ...args], { encoding: 'utf8', timeout: 60_000 }));
}
