import { describe, expect, it } from 'vitest';
import { ListTransactionsQuery } from '../../src/schemas/list-query.js';
import { safeParseWith } from '../../src/schemas/parse.js';
import { toCreateTransactionBody, toListQuery } from '../../src/schemas/wire.js';

describe('wire names', () => {
  it('maps trackingParameters to tracking_parameters', () => {
    const body = toCreateTransactionBody({ amount: 10, trackingParameters: { utm_source: 'x' } });
    expect(body).toEqual({ amount: 10, tracking_parameters: { utm_source: 'x' } });
  });

  it('leaves out tracking_parameters when not given', () => {
    expect(toCreateTransactionBody({ amount: 10 })).toEqual({ amount: 10 });
  });

  it('maps list parameters to wire names, only when set', () => {
    expect(
      toListQuery({ dateFrom: '2026-11-01', dateTo: '2026-11-02', perPage: 50, page: 2, status: undefined }),
    ).toEqual({
      date_from: '2026-11-01',
      date_to: '2026-11-02',
      per_page: '50',
      page: '2',
    });
  });

  it('reads a wire query back with defaults', () => {
    expect(safeParseWith(ListTransactionsQuery, {})).toEqual({
      success: true,
      data: { page: 1, per_page: 15 },
    });
    expect(
      safeParseWith(ListTransactionsQuery, toListQuery({ page: 3, perPage: 100, type: 'CASHOUT' })),
    ).toEqual({
      success: true,
      data: { page: 3, per_page: 100, type: 'CASHOUT' },
    });
    const bad = safeParseWith(ListTransactionsQuery, { per_page: '500' });
    expect(bad.success ? [] : bad.issues.map((issue) => issue.path)).toEqual(['per_page']);
  });
});
