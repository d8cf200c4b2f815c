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
