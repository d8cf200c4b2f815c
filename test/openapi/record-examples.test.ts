/**
 * The record examples of the OpenAPI document carry every field of the record, in the schema's
 * order: the nullable fields an example does not name are null, so a new one is there by itself.
 */
import { describe, expect, it } from 'vitest';
import * as example from '../../src/openapi/examples.js';
import { Transaction } from '../../src/schemas/transaction.js';

const FIELDS = Object.keys(Transaction.shape);

describe('the record examples', () => {
  it.each([
    ['charge', example.charge],
    ['payout', example.payout],
    ['completed payout', example.completedPayout],
    ['a page’s payout', example.payoutPage.data[0]],
  ])('%s has every field of the record, in its order', (_name, record) => {
    expect(Object.keys(record ?? {})).toEqual(FIELDS);
  });

  it('the created payout is the record, then _info', () => {
    expect(Object.keys(example.createdPayout)).toEqual([...FIELDS, '_info']);
  });

  it('a field the charge does not name is null', () => {
    expect(example.charge.pixKey).toBeNull();
    expect(example.charge.endToEndId).toBeNull();
    expect(example.charge.receiptUrl).toBeNull();
    expect(example.charge.paidAt).toBeNull();
  });
});
