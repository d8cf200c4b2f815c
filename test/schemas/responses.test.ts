import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { Balance } from '../../src/schemas/balance.js';
import { CreateCashoutResponse } from '../../src/schemas/cashout.js';
import { CreateTransactionResponse } from '../../src/schemas/charge.js';
import { ErrorBody } from '../../src/schemas/error-body.js';
import { TransactionList } from '../../src/schemas/list.js';
import { safeParseWith } from '../../src/schemas/parse.js';
import { Transaction } from '../../src/schemas/transaction.js';
import { WebhookEventBody, WebhookPingBody } from '../../src/schemas/webhook-event.js';
import {
  CreatedWebhookSubscription,
  WebhookEventTypeList,
  WebhookSubscriptionList,
} from '../../src/schemas/webhook-subscription.js';
import { transactionEvent } from '../webhooks/fixtures.js';
import { chargeRecord, transactionRecord } from './fixtures.js';

function parsed(schema: Parameters<typeof safeParseWith>[0], input: unknown) {
  const outcome = safeParseWith(schema, input);
  if (!outcome.success) throw new Error(outcome.message);
  return outcome.data as Record<string, unknown>;
}
function issuePaths(schema: Parameters<typeof safeParseWith>[0], input: unknown) {
  const outcome = safeParseWith(schema, input);
  return outcome.success ? [] : outcome.issues.map((issue) => issue.path);
}

describe('transaction record', () => {
  it('accepts a payout and a charge with all 25 fields and the legacy id', () => {
    expect(parsed(Transaction, transactionRecord)).toEqual(transactionRecord);
    expect(parsed(Transaction, chargeRecord)).toEqual(chargeRecord);
    expect(Object.keys(transactionRecord)).toHaveLength(26);
  });

  it('keeps unknown fields and accepts unknown enum values', () => {
    // The schema accepts them; the client's decoder returns the answer itself, extra fields kept.
    const grown = { ...transactionRecord, status: 'ON_HOLD', pixKeyType: 'NIF', newField: { a: 1 } };
    expect(z.safeParse(Transaction, grown).success).toBe(true);
  });

  it('requires a nullable field to be present (null or a value)', () => {
    const { receiptUrl: _, ...rest } = transactionRecord;
    expect(z.safeParse(Transaction, rest).success).toBe(false);
    expect(z.safeParse(Transaction, { ...rest, receiptUrl: null }).success).toBe(true);
  });

  it.each([
    ['transactionId', undefined],
    ['transactionId', 'not-a-uuid'],
    ['amount', '100.50'],
    ['status', undefined],
    ['status', null],
    ['type', 3],
    ['trackingParameters', null],
    ['createdAt', 'yesterday'],
    ['id', 1.5],
  ])('rejects %s = %j, naming it', (field, value) => {
    expect(issuePaths(Transaction, { ...transactionRecord, [field]: value })).toContain(field);
  });
});

describe('create-transaction response', () => {
  it('needs only transactionId, status and pixCode', () => {
    const minimal = {
      transactionId: transactionRecord.transactionId,
      status: 'PENDING',
      pixCode: '000201...',
    };
    const data = parsed(CreateTransactionResponse, minimal);
    expect(data).toMatchObject(minimal);
    expect(data.description).toBeUndefined();
    expect(data.amount).toBeUndefined();
    expect(parsed(CreateTransactionResponse, chargeRecord).pixCode).toBe(chargeRecord.pixCode);
  });
  it.each(['transactionId', 'status', 'pixCode'])('requires %s', (field) => {
    expect(issuePaths(CreateTransactionResponse, { ...chargeRecord, [field]: undefined })).toContain(field);
  });
});

describe('create-cashout response', () => {
  it('is a record with _info', () => {
    const body = { ...transactionRecord, _info: 'Payout handed to the provider' };
    expect(parsed(CreateCashoutResponse, body)).toEqual(body);
    expect(issuePaths(CreateCashoutResponse, transactionRecord)).toContain('_info');
  });
});

describe('lists', () => {
  const meta = { current_page: 1, per_page: 15, total: 1, last_page: 1, from: 1, to: 1 };
  it('accepts the envelope, and null from/to on an empty page', () => {
    expect(parsed(TransactionList, { data: [transactionRecord], meta }).meta).toEqual(meta);
    const empty = { data: [], meta: { ...meta, total: 0, from: null, to: null } };
    expect(parsed(TransactionList, empty)).toEqual(empty);
  });
  it('names the field of a bad item and a bad meta', () => {
    const bad = { data: [{ ...transactionRecord, amount: 'x' }], meta: { ...meta, total: '1' } };
    expect(issuePaths(TransactionList, bad)).toEqual(['data[0].amount', 'meta.total']);
  });
});

describe('balance, error body, webhook records and events', () => {
  it('accepts a balance', () => {
    const balance = { available: 1234.56, pending: 100, currency: 'BRL', updatedAt: '2026-11-21T10:00:00Z' };
    expect(parsed(Balance, balance)).toEqual(balance);
    expect(issuePaths(Balance, { ...balance, available: null })).toContain('available');
  });

  it('accepts the error body, with and without field errors', () => {
    expect(parsed(ErrorBody, { message: 'Unauthenticated', code: 'UNAUTHENTICATED' }).code).toBe(
      'UNAUTHENTICATED',
    );
    const withErrors = { message: 'Invalid', code: 'VALIDATION_ERROR', errors: { amount: ['must be > 5'] } };
    expect(parsed(ErrorBody, withErrors)).toEqual(withErrors);
    expect(issuePaths(ErrorBody, { message: 'x', code: 'X', errors: { amount: 'x' } })).toContain('errors');
  });

  const subscription = {
    id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
    url: 'https://merchant.example/hooks',
    events: ['transaction.completed'],
    status: 'ACTIVE',
    description: null,
    createdAt: '2026-11-21T10:00:00Z',
    updatedAt: '2026-11-21T10:00:00Z',
  };
  it('accepts subscription records, lists and the event list', () => {
    const created = { ...subscription, secret: `whsec_${'a'.repeat(32)}` };
    expect(parsed(CreatedWebhookSubscription, created)).toEqual(created);
    expect(issuePaths(CreatedWebhookSubscription, subscription)).toContain('secret');
    expect(parsed(WebhookSubscriptionList, { data: [subscription] })).toEqual({ data: [subscription] });
    const events = { data: [{ name: 'transaction.completed', description: 'A charge was paid' }] };
    expect(parsed(WebhookEventTypeList, events)).toEqual(events);
  });

  const event = transactionEvent('transaction.completed', {
    trackingParameters: {
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'bf',
      utm_content: 'a',
      utm_term: 'b',
    },
  });
  it('accepts a webhook body of section 6, and a revalidate ping', () => {
    expect(parsed(WebhookEventBody, event)).toEqual(event);
    const ping = {
      event: 'webhook.revalidate',
      timestamp: event.timestamp,
      data: { webhookId: subscription.id },
    };
    expect(parsed(WebhookPingBody, ping)).toEqual(ping);
  });
  it.each([
    ['data.id', { ...event, data: { ...event.data, id: '42' } }],
    ['data.referenceId', { ...event, data: { ...event.data, referenceId: 'x' } }],
    ['timestamp', { ...event, timestamp: '21/11/2026' }],
    ['event', { ...event, event: undefined }],
  ])('rejects a body with a bad %s', (path, body) => {
    expect(issuePaths(WebhookEventBody, body)).toContain(path);
  });
});
