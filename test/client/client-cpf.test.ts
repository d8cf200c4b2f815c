/**
 * `transactions.create` takes `clientCpf` as people write it and sends the digits, as
 * `cashouts.create` does with a CPF PIX key; what is no CPF is refused before sending.
 */
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/index.js';
import { chargeRecord } from '../schemas/fixtures.js';
import { clientWith, json, payoutRecord } from './scripted-fetch.js';

describe('transactions.create with a punctuated clientCpf', () => {
  it.each(['529.982.247-25', '529 982 247 25', '529.982.247/25'])(
    'sends "%s" as 52998224725, like a CPF PIX key of a payout',
    async (written) => {
      const { client, requests } = clientWith([json(201, chargeRecord), json(201, payoutRecord)]);
      await client.transactions.create({ amount: 19.9, clientCpf: written });
      await client.cashouts.create({ amount: 19.9, pixKey: written, pixKeyType: 'CPF' });
      expect(requests.map((request) => request.body.clientCpf ?? request.body.pixKey)).toEqual([
        '52998224725',
        '52998224725',
      ]);
    },
  );

  it('refuses letters and wrong check digits as a ValidationError, sending nothing', async () => {
    const { client, requests } = clientWith([]);
    for (const clientCpf of ['529.982.247-2X', '529.982.247-24']) {
      const error = await client.transactions.create({ amount: 19.9, clientCpf }).catch((e) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.message).toBe(
        'Invalid request: clientCpf: must be a CPF of 11 digits with valid check digits (dots, dashes, slashes and spaces are allowed)',
      );
    }
    expect(requests).toHaveLength(0);
  });
});
