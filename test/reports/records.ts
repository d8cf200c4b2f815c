/** Records for the report tests: one fixed charge, and fast-check arbitraries of records. */
import fc from 'fast-check';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES, type Transaction } from '../../src/schemas/index.js';

/** A paid charge as list-transactions returns it. */
export function charge(fields: Partial<Transaction> = {}): Transaction {
  return {
    id: 42,
    transactionId: '9d3b2c1a-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    status: 'COMPLETED',
    type: 'CASHIN',
    source: 'api',
    origin: 'API',
    amount: 19.9,
    feeAmount: 0.5,
    finalAmount: 19.4,
    description: 'Pedido 1234',
    productName: null,
    trackingParameters: { utm_source: 'google', utm_campaign: 'black-friday' },
    pixCode: '00020101021226...6304ABCD',
    pixKeyType: 'EVP',
    pixKey: null,
    clientName: 'João da Silva',
    clientEmail: 'joao@example.com',
    clientPhone: '11999999999',
    clientCpf: '52998224725',
    externalId: 'order-1234',
    endToEndId: 'E12345678202611211000abcdefghijk',
    receiptUrl: null,
    transactionDate: '2026-11-21T10:00:00.000Z',
    paidAt: '2026-11-21T10:01:00.000Z',
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:01:00.000Z',
    ...fields,
  };
}

/** Whole cents up to 1e6 reais either way; the oracle counts these integers, not the decimals. */
export const cents = fc.integer({ min: -100_000_000, max: 100_000_000 });

/** A record type or status: mostly known values, sometimes one the service added since. */
export const recordType = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...TRANSACTION_TYPES) },
  { weight: 1, arbitrary: fc.constantFrom('REFUND', 'ADJUSTMENT') },
);
export const recordStatus = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...TRANSACTION_STATUSES) },
  { weight: 1, arbitrary: fc.constantFrom('ON_HOLD', 'EXPIRED') },
);

/** A record with its money drawn as whole cents, kept beside it for the oracle. */
export const centedRecord = fc
  .record({ type: recordType, status: recordStatus, gross: cents, fee: cents, net: cents, id: fc.nat() })
  .map(({ type, status, gross, fee, net, id }) => ({
    record: charge({
      id,
      transactionId: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
      type,
      status,
      amount: gross / 100,
      feeAmount: fee / 100,
      finalAmount: net / 100,
    }),
    gross,
    fee,
    net,
  }));

/** Text a payer might type: separators, quotes, CR/LF, accents, emoji, formula starters. */
export const payerText = fc.oneof(
  fc.string({
    unit: fc.constantFrom(
      ',',
      '"',
      '\r',
      '\n',
      '\r\n',
      ' ',
      'a',
      'Z',
      '9',
      'ã',
      'é',
      'ç',
      'Ü',
      '💸',
      '👩‍👩‍👧',
      '=',
      '+',
      '-',
      '@',
      '\t',
      ';',
      "'",
    ),
    maxLength: 30,
  }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
);

/** Every value of `source`, from a sync generator. */
export function* fromGenerator<T>(source: readonly T[]): Generator<T> {
  yield* source;
}

/** Every value of `source`, from an async generator that lets the event loop run between them. */
export async function* fromAsyncGenerator<T>(source: readonly T[]): AsyncGenerator<T> {
  for (const item of source) {
    await new Promise((resolve) => setImmediate(resolve));
    yield item;
  }
}
