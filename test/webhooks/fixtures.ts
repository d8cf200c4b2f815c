import type { WebhookEventInput } from '../../src/webhooks/index.js';

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
