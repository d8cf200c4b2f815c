import { describe, expect, it } from 'vitest';
import { ApproveCashoutParams, CreateCashoutParams } from '../../src/schemas/cashout.js';
import { CreateTransactionParams } from '../../src/schemas/charge.js';
import { CreateTransactionBody } from '../../src/schemas/charge-body.js';
import { ListCashoutsParams, ListTransactionsParams } from '../../src/schemas/list.js';
import { safeParseWith } from '../../src/schemas/parse.js';
import { CreateWebhookParams, UpdateWebhookParams } from '../../src/schemas/webhook-subscription.js';

function issuesOf(schema: Parameters<typeof safeParseWith>[0], input: unknown) {
  const outcome = safeParseWith(schema, input);
  if (outcome.success) throw new Error('expected the input to be rejected');
  return outcome.issues;
}

const referenceId = '0b8f7e36-3e59-4d44-9f0c-6a3f1f0c2b11';

describe('create-transaction params', () => {
  const example = {
    amount: 19.9,
    description: 'Pedido 123',
    productName: 'Camiseta',
    clientName: 'Maria Silva',
    clientEmail: 'maria@example.com',
    clientPhone: '11998765432',
    clientCpf: '52998224725',
    trackingParameters: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'black-friday' },
    referenceId,
  };

  it("accepts the interface document's example request", () => {
    expect(safeParseWith(CreateTransactionParams, example)).toEqual({ success: true, data: example });
  });

  it('accepts the wire body with tracking_parameters', () => {
    const { trackingParameters, ...rest } = example;
    expect(
      safeParseWith(CreateTransactionBody, { ...rest, tracking_parameters: trackingParameters }).success,
    ).toBe(true);
  });

  it.each([
    [{ amount: 0 }, 'amount', /must be at least 0.01/],
    [{ amount: 1_000_000.01 }, 'amount', /must be at most 1000000/],
    [{ amount: -1 }, 'amount', /must be at least 0.01/],
    [{ amount: 10.005 }, 'amount', /at most two decimals/],
    [{ amount: '10.00' }, 'amount', /^must be a number in reais, such as 19.9; got the string "10.00"$/],
    [
      { amount: Number.POSITIVE_INFINITY },
      'amount',
      /^must be a number in reais, such as 19.9; got Infinity$/,
    ],
    [{ amount: null }, 'amount', /got null/],
    [
      { clientEmail: 'nope' },
      'clientEmail',
      /^must be an e-mail address, such as "ana@example\.com"; got the string "nope"$/,
    ],
    [{ clientCpf: '52998224724' }, 'clientCpf', /CPF/],
    [{ clientPhone: '(11) 99876-5432' }, 'clientPhone', /digits/],
    [{ referenceId: 'not-a-uuid' }, 'referenceId', /UUID/],
    [
      { trackingParameters: { utm_source: 'x', utm_fake: 'y' } },
      'trackingParameters.utm_fake',
      /not a known field/,
    ],
    [{ color: 'blue' }, 'color', /not a known field/],
  ])('rejects %j, naming %s', (change, path, message) => {
    const issues = issuesOf(CreateTransactionParams, { ...example, ...change });
    expect(issues).toContainEqual(expect.objectContaining({ path, message: expect.stringMatching(message) }));
  });

  it('requires amount', () => {
    const { amount: _, ...rest } = example;
    expect(issuesOf(CreateTransactionParams, rest)).toContainEqual(
      expect.objectContaining({ path: 'amount' }),
    );
  });

  it.each(['acquirer', 'pixKey', 'pixKeyType'])(
    'rejects %s on a charge with code FORBIDDEN_FIELD',
    (field) => {
      const issues = issuesOf(CreateTransactionParams, { ...example, [field]: 'x' });
      expect(issues).toEqual([
        { path: field, message: `${field} must not be sent on a PIX charge`, code: 'FORBIDDEN_FIELD' },
      ]);
    },
  );
});

describe('create-cashout params', () => {
  const example = { amount: 100.5, pixKey: '529.982.247-25', pixKeyType: 'CPF', idempotencyKey: referenceId };

  it('accepts the example and normalises the key', () => {
    expect(safeParseWith(CreateCashoutParams, example)).toEqual({
      success: true,
      data: { ...example, pixKey: '52998224725' },
    });
  });

  it.each([0.01, 5, 4.99])('rejects %s: not above the 5.00 fee, with code AMOUNT_BELOW_FEE', (amount) => {
    expect(issuesOf(CreateCashoutParams, { ...example, amount })).toEqual([
      {
        path: 'amount',
        message: 'must be greater than 5.00, the fixed payout fee',
        code: 'AMOUNT_BELOW_FEE',
      },
    ]);
  });

  it.each([5.01, 1_000_000])('accepts the bound %s', (amount) => {
    expect(safeParseWith(CreateCashoutParams, { ...example, amount }).success).toBe(true);
  });

  it.each([
    [{ amount: 1_000_000.01 }, 'amount', /must be at most 1000000/],
    [{ amount: 0 }, 'amount', /must be at least 0.01/],
    [{ amount: 10.123 }, 'amount', /at most two decimals/],
    [
      { pixKeyType: 'IBAN' },
      'pixKeyType',
      /must be one of "CPF", "CNPJ", "EMAIL", "PHONE", "EVP"; got the string "IBAN"/,
    ],
    [{ pixKey: '52998224724' }, 'pixKey', /CPF of 11 digits/],
    [{ pixKey: 'a@b.co', pixKeyType: 'PHONE' }, 'pixKey', /E\.164/],
    [{ idempotencyKey: '123' }, 'idempotencyKey', /UUID/],
    [{ pixKey: '' }, 'pixKey', /must have at least 1 character/],
  ])('rejects %j, naming %s', (change, path, message) => {
    const issues = issuesOf(CreateCashoutParams, { ...example, ...change });
    expect(issues).toContainEqual(expect.objectContaining({ path, message: expect.stringMatching(message) }));
  });

  it.each(['amount', 'pixKey', 'pixKeyType'])('requires %s', (field) => {
    const input: Record<string, unknown> = { ...example };
    delete input[field];
    expect(issuesOf(CreateCashoutParams, input)).toContainEqual(expect.objectContaining({ path: field }));
  });
});

describe('approve-cashout params', () => {
  it('accepts an id with an optional transactionId', () => {
    expect(safeParseWith(ApproveCashoutParams, { id: 1 }).success).toBe(true);
    expect(safeParseWith(ApproveCashoutParams, { id: 7, transactionId: referenceId }).success).toBe(true);
  });
  it.each([
    [{ id: 0 }, 'id'],
    [{ id: 1.5 }, 'id'],
    [{}, 'id'],
    [{ id: 1, transactionId: 'x' }, 'transactionId'],
  ])('rejects %j, naming %s', (input, path) => {
    expect(issuesOf(ApproveCashoutParams, input)).toContainEqual(expect.objectContaining({ path }));
  });
});

describe('list params', () => {
  it('accepts every filter', () => {
    const params = {
      id: '42',
      type: 'CASHIN',
      status: 'COMPLETED',
      origin: 'API',
      dateFrom: '2026-11-01',
      dateTo: '2026-11-30',
      page: 2,
      perPage: 100,
    };
    expect(safeParseWith(ListTransactionsParams, params).success).toBe(true);
  });
  it.each([
    [{ perPage: 101 }, 'perPage'],
    [{ page: 0 }, 'page'],
    [{ status: 'PAID' }, 'status'],
    [{ type: 'cashin' }, 'type'],
    [{ dateFrom: '2026-13-01' }, 'dateFrom'],
    [{ dateFrom: '2026-11-30', dateTo: '2026-11-01' }, 'dateFrom'],
    [{ per_page: 10 }, 'per_page'],
  ])('rejects %j, naming %s', (input, path) => {
    expect(issuesOf(ListTransactionsParams, input)).toContainEqual(expect.objectContaining({ path }));
  });
  it('bounds the cashout list page size', () => {
    expect(issuesOf(ListCashoutsParams, { perPage: 1000 })).toContainEqual(
      expect.objectContaining({ path: 'perPage' }),
    );
  });
});

describe('webhook subscription params', () => {
  const example = {
    url: 'https://merchant.example/webhooks/pix',
    events: ['transaction.completed', 'cashout.failed'],
  };
  it('accepts a subscription', () => {
    expect(safeParseWith(CreateWebhookParams, { ...example, description: 'prod' }).success).toBe(true);
  });
  it.each([
    [{ url: 'ftp://merchant.example' }, 'url'],
    [{ url: 'not a url' }, 'url'],
    [{ events: [] }, 'events'],
    [{ events: ['transaction.paid'] }, 'events[0]'],
    [{ events: ['cashout.failed', 'cashout.failed'] }, 'events'],
  ])('rejects %j, naming %s', (change, path) => {
    expect(issuesOf(CreateWebhookParams, { ...example, ...change })).toContainEqual(
      expect.objectContaining({ path }),
    );
  });
  it('updates need at least one field, and status only ACTIVE or INACTIVE', () => {
    expect(issuesOf(UpdateWebhookParams, {})[0]?.message).toMatch(/at least one/);
    expect(issuesOf(UpdateWebhookParams, { status: 'FAILING' })).toContainEqual(
      expect.objectContaining({ path: 'status' }),
    );
    expect(safeParseWith(UpdateWebhookParams, { status: 'INACTIVE' }).success).toBe(true);
  });
});

describe("zod's global configuration", () => {
  it('is left alone: our messages come per parse call, a plain zod/mini parse still says "Invalid input"', async () => {
    const z = await import('zod/mini');
    safeParseWith(CreateCashoutParams, { amount: 1 });
    const plain = z.safeParse(z.number(), 'x');
    expect(plain.success ? '' : plain.error.issues[0]?.message).toBe('Invalid input');
  });
});
